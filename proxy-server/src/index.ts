/** Entry point: start, and stop cleanly on SIGTERM/SIGINT. */
import { ConfigError } from './config';
import { startServer } from './server';

async function main() {
  let running;
  try {
    running = await startServer();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`proxy-server cannot start: ${err.message}`);
      process.exit(1);
    }
    const e = err as NodeJS.ErrnoException;
    if (e?.code === 'EADDRINUSE') {
      console.error(`proxy-server cannot start: the port is already in use (${e.message}). Set PORT to another port.`);
      process.exit(1);
    }
    throw err;
  }
  const { close, handle } = running;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    handle.logger.info({ signal }, 'shutting down');
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
