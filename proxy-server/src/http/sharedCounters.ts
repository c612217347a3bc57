/**
 * Rate-limit counters in Redis (REDIS_URL), so every instance counts against the same limits.
 * Redis is not worth an outage: while it is unreachable, requests pass without rate limiting
 * (express-rate-limit's passOnStoreError), the outage is logged once, and counting resumes by itself
 * when Redis answers again (the client reconnects; the store reloads its scripts).
 */
import type { Logger } from 'pino';
import { createClient } from 'redis';
import type { Logger as LimiterLogger, Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { createRedisRunSlots, type SharedRunSlots } from '../features/runs/redisRunSlots';

export interface SharedCounters {
  /** A store for one limiter (express-rate-limit wants one store per limiter). */
  store(): Store;
  /** What express-rate-limit should tell about store errors: the outage, once. */
  limiterLogger: LimiterLogger;
  /** USER_MAX_CONCURRENT_RUNS counted across instances. */
  runSlots: SharedRunSlots;
  /** Resolves when Redis answers a PING; rejects otherwise (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const CONNECT_WAIT_MS = 3_000;

/** A RedisStore whose Lua scripts are loaded again after a failure: their first load may have met a Redis that was down. */
class RecoveringRedisStore extends RedisStore {
  override async increment(key: string) {
    try {
      return await super.increment(key);
    } catch (err) {
      this.reloadScripts();
      throw err;
    }
  }

  override async get(key: string) {
    try {
      return await super.get(key);
    } catch (err) {
      this.reloadScripts();
      throw err;
    }
  }

  reloadScripts() {
    this.incrementScriptSha = this.loadIncrementScript();
    this.getScriptSha = this.loadGetScript();
    // Failures surface on the next use; nobody awaits these two now.
    this.incrementScriptSha.catch(() => undefined);
    this.getScriptSha.catch(() => undefined);
  }
}

export async function connectSharedCounters(url: string, logger: Logger): Promise<SharedCounters> {
  let down = false;
  const wentDown = (err: unknown) => {
    if (down) return;
    down = true;
    logger.warn({ err }, 'Redis is unreachable: rate limits are not enforced until it is back');
  };
  const client = createClient({
    url,
    // Fail fast while disconnected (requests pass unlimited) instead of queueing commands.
    disableOfflineQueue: true,
    socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
  });
  client.on('error', wentDown);
  const stores: RecoveringRedisStore[] = [];
  client.on('ready', () => {
    // A restarted Redis has forgotten the scripts, and loads tried during the outage failed.
    for (const store of stores) store.reloadScripts();
    if (!down) return;
    down = false;
    logger.info('Redis is reachable again: rate limits are enforced');
  });
  // Start serving even if Redis is down now; the client keeps trying in the background.
  const connecting = client.connect().catch(wentDown);
  await Promise.race([connecting, new Promise((resolve) => setTimeout(resolve, CONNECT_WAIT_MS).unref())]);
  if (!client.isReady) wentDown(new Error(`no answer from ${new URL(url).host} within ${CONNECT_WAIT_MS} ms`));

  const sendCommand = (...args: string[]) => client.sendCommand(args) as Promise<RedisReply>;
  return {
    store() {
      const store = new RecoveringRedisStore({ sendCommand, prefix: 'pp:rl:' });
      stores.push(store);
      return store;
    },
    limiterLogger: { error: wentDown, warn: wentDown },
    runSlots: createRedisRunSlots(sendCommand),
    async ping() {
      if (!client.isReady) throw new Error('Redis is not connected');
      await client.ping();
    },
    async close() {
      if (client.isOpen) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  };
}
