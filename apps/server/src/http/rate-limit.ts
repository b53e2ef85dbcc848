import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from './app-error';

export interface RateLimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/**
 * Fixed-window limits kept in Redis when the site runs on several nodes, else in memory.
 * Answers carry X-RateLimit-* with the reset as unix seconds (API.md), which the web client
 * turns into "Try again in 30 seconds".
 */
export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly redis: Redis | null) {}

  private limiter(rule: RateLimitRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (!limiter) {
      const opts = {
        keyPrefix: `rl:${rule.name}`,
        points: rule.points,
        duration: rule.durationSeconds,
      };
      limiter = this.redis
        ? new RateLimiterRedis({ ...opts, storeClient: this.redis, useRedisPackage: false })
        : new RateLimiterMemory(opts);
      this.limiters.set(rule.name, limiter);
    }
    return limiter;
  }

  /** Counts one hit for `key`; throws 429 when the window is used up. */
  async hit(rule: RateLimitRule, key: string, reply?: FastifyReply): Promise<void> {
    try {
      const res = await this.limiter(rule).consume(key);
      if (reply) void reply.headers(headers(rule, res));
    } catch (e) {
      if (!(e instanceof RateLimiterRes)) throw e;
      throw new AppError('too_many_requests', {
        headers: { ...headers(rule, e), ...retryHeaders(Date.now() + e.msBeforeNext) },
      });
    }
  }

  /** Gives back one hit that turned out not to count (a retry of something already done). */
  async refund(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).reward(key, 1);
  }

  /** Forgets a key, e.g. failed sign-ins after a successful one. */
  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.limiter(rule).delete(key);
  }
}

function headers(rule: RateLimitRule, res: RateLimiterRes): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(rule.points),
    'X-RateLimit-Remaining': String(Math.max(0, res.remainingPoints)),
    'X-RateLimit-Reset': String(Math.ceil((Date.now() + res.msBeforeNext) / 1000)),
  };
}

/**
 * When to try again, in the two forms a 429 carries: `Retry-After` in seconds (at least 1) and
 * `X-RateLimit-Reset` as unix seconds. Also for limits that are not windows (once a day).
 */
export function retryHeaders(resetAtMs: number, nowMs = Date.now()): Record<string, string> {
  return {
    'Retry-After': String(Math.max(1, Math.ceil((resetAtMs - nowMs) / 1000))),
    'X-RateLimit-Reset': String(Math.ceil(resetAtMs / 1000)),
  };
}

export function clientIp(request: FastifyRequest): string {
  return request.ip;
}
