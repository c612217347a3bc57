/** Entry point: start, and stop cleanly on SIGTERM/SIGINT (a second signal stops at once). */
import { startServer } from './server';
import { StartupError } from './startupError';

async function main() {
  let running: Awaited<ReturnType<typeof startServer>>;
  try {
    running = await startServer();
  } catch (err) {
    if (err instanceof StartupError) {
      console.error(`proxy-server cannot start: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const { close, handle, config } = running;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      handle.logger.warn({ signal }, 'second signal: exiting without waiting for runs in flight');
      process.exit(1);
    }
    stopping = true;
    handle.logger.info({ signal, inFlight: handle.runs.active, graceMs: config.shutdownGraceMs }, 'shutting down');
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

void main();
