/**
 * USER_MAX_CONCURRENT_RUNS counted in Redis, so a user's open runs are counted across instances.
 * Each open run holds a lease in a sorted set per user (member: the slot id, score: when the lease
 * ends, by Redis's clock). A run's instance renews its lease while the run is open; a crashed
 * instance's leases run out by themselves, so its slots come back within LEASE_MS.
 */
import { randomUUID } from 'node:crypto';

export const LEASE_MS = 30_000;

/** Drops ended leases; takes a slot when fewer than max are held. Returns 1 when taken, 0 when full. */
const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

/** Extends a lease that is still held. */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[1]), ARGV[2]) == 1 then
  redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
end
return 1`;

export interface SharedRunSlots {
  /** A slot id, or null when the user already holds `max`. Rejects when Redis cannot answer. */
  acquire(userId: string, max: number): Promise<string | null>;
  renew(userId: string, slot: string): Promise<void>;
  release(userId: string, slot: string): Promise<void>;
}

type SendCommand = (...args: string[]) => Promise<unknown>;

const keyOf = (userId: string) => `pp:runs:${userId}`;

export function createRedisRunSlots(sendCommand: SendCommand, leaseMs = LEASE_MS): SharedRunSlots {
  return {
    async acquire(userId, max) {
      const slot = randomUUID();
      const taken = await sendCommand('EVAL', ACQUIRE, '1', keyOf(userId), String(max), String(leaseMs), slot);
      return Number(taken) === 1 ? slot : null;
    },
    async renew(userId, slot) {
      await sendCommand('EVAL', RENEW, '1', keyOf(userId), String(leaseMs), slot);
    },
    async release(userId, slot) {
      await sendCommand('ZREM', keyOf(userId), slot);
    },
  };
}
