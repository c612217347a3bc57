/** A throwaway redis-server on 127.0.0.1 for tests, e2e and bench; it can be stopped and started again on its port. */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './freePort';

export interface TestRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  /** Stops the server (the port stays reserved for start()). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty. */
  start(): Promise<void>;
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    process.env.REDIS_SERVER ?? 'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.once('error', (err) =>
      reject(new Error(`redis-server cannot start (install the Debian package redis-server): ${err.message}`)),
    );
    child.once('exit', () => reject(new Error(`redis-server exited:\n${output}`)));
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) resolve();
    });
  });
  child.removeAllListeners('exit');
  return child;
}

export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null) return;
      const exited = new Promise((resolve) => current.once('exit', resolve));
      current.kill('SIGTERM');
      await exited;
    },
    async start() {
      if (!child) child = await launch(port);
    },
  };
}
