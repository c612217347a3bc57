import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@prompt-perfect/test-support/services/freePort';

const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  /** Stops the process and starts it again on the same port and data folder. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  logs(): string;
}

/** Starts the real proxy-server (serving the production build) as its own process. */
export async function startProxyServer(env: Record<string, string | undefined>): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-e2e-'));
  const first = await launchOnAFreePort(dataDir, env);
  const port = first.port;
  let running = first.running;
  return {
    baseURL: running.baseURL,
    dataDir,
    logs: () => running.output(),
    async restart() {
      await running.stop();
      running = await launch(port, dataDir, env);
    },
    async stop() {
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A port found free can be taken again before the server binds it (another worker's
 * outgoing connection draws from the same ephemeral range), so a clash means: pick again.
 */
async function launchOnAFreePort(dataDir: string, env: Record<string, string | undefined>) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return { port, running: await launch(port, dataDir, env) };
    } catch (error) {
      const clashed = error instanceof Error && error.message.includes('is already in use');
      if (!clashed || attempt === 5) throw error;
    }
  }
}

/** One server process on `port` over `dataDir`, healthy when this resolves. */
async function launch(port: number, dataDir: string, env: Record<string, string | undefined>) {
  // Node itself with tsx's loader, not the tsx wrapper: one process, so a kill stops the server too.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'proxy-server/src/index.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // No load balancer to drain: stop at once on SIGTERM.
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));

  const baseURL = `http://127.0.0.1:${port}`;
  // Generous: compiling the server on a busy 2-core machine can take a while.
  const deadline = Date.now() + 60_000;
  while (true) {
    if (child.exitCode !== null) throw new Error(`proxy-server exited early:\n${output}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`proxy-server did not become healthy:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseURL,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** A server that accepts connections and never answers: the "hanging remote". */
export async function startHangingServer(): Promise<{ url: string; stop(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
