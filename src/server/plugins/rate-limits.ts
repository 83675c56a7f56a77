import { and, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { PUBLIC_FORM_LIMIT } from "../../shared/schemas/public-forms";
import { rateLimits } from "../db/schema";
import { HttpError } from "../lib/http-errors";

/** decisions.md: at least 10 failed sign-ins in 15 minutes are allowed per account and per address. */
export const SIGN_IN_FAILURES_ALLOWED = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** decisions.md: sign-ups are limited per address to no fewer than 100 an hour. */
export const SIGNUPS_PER_HOUR = 100;
/**
 * docs/decisions/100: reset links asked for in an hour, per e-mail (so nobody's inbox can be flooded) and per
 * address (so addresses cannot be tried at speed).
 */
export const RESET_REQUESTS_PER_EMAIL = 5;
export const RESET_REQUESTS_PER_ADDRESS = 20;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;

/**
 * decisions.md "Public forms": each form's posts are limited per address, counted before the write so
 * concurrent posts cannot all slip under the limit.
 */
export async function limitPublicForm(app: FastifyInstance, form: string, ip: string, message: string) {
  await app.rateLimiter.reserve([`${form}:ip:${ip}`], PUBLIC_FORM_LIMIT.writes, PUBLIC_FORM_LIMIT.windowMs, message);
}

export interface RateLimiter {
  /**
   * Counts an attempt against every key before it is tried, in one atomic step per key, so a burst of
   * parallel attempts cannot all pass a check made before any of them is counted. Throws 429 (and
   * counts nothing) when any key would go over `limit`. Answers `release`, which takes the attempt
   * back: call it when the attempt turns out not to count (a successful sign-in).
   */
  reserve(keys: string[], limit: number, windowMs: number, message: string): Promise<() => Promise<void>>;
}

declare module "fastify" {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Counters live in the database so every app instance shares them. */
export default fp(async function rateLimitsPlugin(app: FastifyInstance) {
  const { db } = app.database;

  /** Adds one to the key's count in its window (a new window when the old one is over); answers the row. */
  async function increment(key: string, now: Date, windowMs: number) {
    const resetAt = new Date(now.getTime() + windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ count: rateLimits.count, resetAt: rateLimits.resetAt });
    if (!row) throw new Error("rate limit counter returned no row");
    return row;
  }

  async function release(keys: string[]) {
    if (!keys.length) return;
    await db
      .update(rateLimits)
      .set({ count: sql`${rateLimits.count} - 1` })
      .where(and(inArray(rateLimits.key, keys), gt(rateLimits.count, 0)));
  }

  const tooMany = (message: string, resetAt: Date, now: Date) => {
    const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60000));
    return new HttpError(429, `${message} Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  };

  const limiter: RateLimiter = {
    async reserve(keys, limit, windowMs, message) {
      const now = app.now();
      const counted: string[] = [];
      let refusedUntil: Date | null = null;
      for (const key of keys) {
        const row = await increment(key, now, windowMs);
        counted.push(key);
        if (row.count > limit && (!refusedUntil || row.resetAt > refusedUntil)) refusedUntil = row.resetAt;
      }
      if (refusedUntil) {
        // A refused attempt never reached the password check: it counts against no key, so a locked
        // account does not lock out the address trying it, nor the reverse.
        await release(counted);
        throw tooMany(message, refusedUntil, now);
      }
      let released = false;
      return async () => {
        if (released) return;
        released = true;
        await release(counted);
      };
    },
  };
  app.decorate("rateLimiter", limiter);
});
