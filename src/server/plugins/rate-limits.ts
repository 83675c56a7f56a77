import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { PUBLIC_FORM_LIMIT } from "../../shared/schemas/public-forms";
import { rateLimits } from "../db/schema";
import { HttpError } from "../lib/http-errors";

/**
 * docs/product-contract.md "Accounts and sessions (parents)": at least 10 failed sign-ins in 15 minutes are allowed. Docs/decisions/121 counts them per
 * (account, address) pair for passwords, so nobody else's failures refuse the owner at their own address;
 * child codes name no account and count per address.
 */
export const SIGN_IN_FAILURES_ALLOWED = 10;
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/**
 * A pair's first lockout lasts one window; each further lockout while the last is remembered lasts twice
 * the one before, up to a day, so one address cannot keep guessing at 10 every 15 minutes.
 */
export const SIGN_IN_LOCKOUT_MAX_MS = 24 * 60 * 60 * 1000;
export const SIGN_IN_LOCKOUT_MEMORY_MS = 24 * 60 * 60 * 1000;
/** Password spraying: one address trying many accounts (OWASP authentication cheat sheet). */
export const SIGN_IN_FAILURES_PER_ADDRESS = 100;
/**
 * NIST 800-63B 5.2.2: no more than 100 failures per account. Past them, only addresses the account has
 * signed in from within KNOWN_ADDRESS_MS may go on trying, so a guesser spread over many addresses cannot
 * lock the owner out.
 */
export const SIGN_IN_FAILURES_PER_ACCOUNT = 100;
export const SIGN_IN_ACCOUNT_WINDOW_MS = 24 * 60 * 60 * 1000;
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;
/** docs/product-contract.md "Accounts and sessions (parents)": sign-ups are limited per address to no fewer than 100 an hour. */
export const SIGNUPS_PER_HOUR = 100;
/**
 * docs/decisions/100: reset links asked for in an hour, per e-mail (so nobody's inbox can be flooded) and per
 * address (so addresses cannot be tried at speed).
 */
export const RESET_REQUESTS_PER_EMAIL = 5;
export const RESET_REQUESTS_PER_ADDRESS = 20;
export const RESET_REQUEST_WINDOW_MS = 60 * 60 * 1000;
/**
 * Decision 133: one-tap decision links an address may look up and not find, in 15 minutes, as many as the
 * password failures one address may make. A link has 256 random bits, so this does not protect the links;
 * it keeps scanners from using the lookup as free load.
 */
export const DECISION_LINK_MISSES_PER_ADDRESS = 100;
export const DECISION_LINK_WINDOW_MS = 15 * 60 * 1000;

/**
 * docs/product-contract.md "Public forms": each form's posts are limited per address, counted before the write so
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
  /**
   * Reserves a password sign-in to `account` from `ip` as `reserve` does, under docs/decisions/121's
   * rule: per pair with growing lockouts, per address, and per account for unknown addresses. `scope`
   * keeps parents' and staff's counters apart. Answers `succeeded`: call it after the right password;
   * it takes the attempt back and remembers the address for the account.
   */
  reserveSignIn(scope: string, account: string, ip: string, message: string): Promise<() => Promise<void>>;
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

  /** Pushes the key's window end out to `until` (never back). */
  async function extend(key: string, until: Date) {
    await db
      .update(rateLimits)
      .set({ resetAt: sql`greatest(${rateLimits.resetAt}, ${until.toISOString()}::timestamptz)` })
      .where(eq(rateLimits.key, key));
  }

  const tooMany = (message: string, resetAt: Date, now: Date) => {
    const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60000));
    // Lockouts grow to a day: "Try again in 960 minutes" would make people count.
    const [n, unit] = minutes < 120 ? [minutes, "minute"] : [Math.ceil(minutes / 60), "hour"];
    return new HttpError(429, `${message} Try again in ${n} ${unit}${n === 1 ? "" : "s"}.`);
  };

  /**
   * Starts a pair's lockout: 15 minutes, doubled for each earlier lockout still remembered, at most a
   * day. Answers when it ends.
   */
  async function lockOut(pairKey: string, lockoutsKey: string, now: Date) {
    const { count: lockouts } = await increment(lockoutsKey, now, SIGN_IN_LOCKOUT_MEMORY_MS);
    const until = new Date(now.getTime() + Math.min(SIGN_IN_WINDOW_MS * 2 ** (lockouts - 1), SIGN_IN_LOCKOUT_MAX_MS));
    await extend(pairKey, until);
    await extend(lockoutsKey, new Date(until.getTime() + SIGN_IN_LOCKOUT_MEMORY_MS));
    return until;
  }

  async function isKnownAddress(knownKey: string, now: Date) {
    const [row] = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(and(eq(rateLimits.key, knownKey), gt(rateLimits.resetAt, now), gt(rateLimits.count, 0)));
    return row !== undefined;
  }

  /** Counts successful sign-ins from the address in a window that each one moves KNOWN_ADDRESS_MS ahead. */
  async function rememberAddress(knownKey: string, now: Date) {
    const resetAt = new Date(now.getTime() + KNOWN_ADDRESS_MS);
    await db
      .insert(rateLimits)
      .values({ key: knownKey, count: 1, resetAt })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`case when ${rateLimits.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${rateLimits.count} + 1 end`,
          resetAt,
        },
      });
  }

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

    async reserveSignIn(scope, account, ip, message) {
      const now = app.now();
      const keys = {
        pair: `${scope}:pair:${ip}:${account}`,
        lockouts: `${scope}:lockouts:${ip}:${account}`,
        address: `${scope}:ip:${ip}`,
        account: `${scope}:account:${account}`,
        known: `${scope}:known:${ip}:${account}`,
      };
      const pair = await increment(keys.pair, now, SIGN_IN_WINDOW_MS);
      const address = await increment(keys.address, now, SIGN_IN_WINDOW_MS);
      const byAccount = await increment(keys.account, now, SIGN_IN_ACCOUNT_WINDOW_MS);
      const counted = [keys.pair, keys.address, keys.account];
      const refusedBy = new Map<string, Date>();
      if (pair.count > SIGN_IN_FAILURES_ALLOWED) {
        // Counts are unique even in a burst, so exactly one attempt sees the pair go over: it starts the lockout.
        const until =
          pair.count === SIGN_IN_FAILURES_ALLOWED + 1 ? await lockOut(keys.pair, keys.lockouts, now) : pair.resetAt;
        refusedBy.set(keys.pair, until);
      }
      if (address.count > SIGN_IN_FAILURES_PER_ADDRESS) refusedBy.set(keys.address, address.resetAt);
      if (byAccount.count > SIGN_IN_FAILURES_PER_ACCOUNT && !(await isKnownAddress(keys.known, now))) {
        refusedBy.set(keys.account, byAccount.resetAt);
      }
      if (refusedBy.size) {
        // The attempt never reached the password check, so it is taken back from every key that did not
        // refuse it: an attacker's locked pair must not use up the address's or the account's budget.
        // The keys that refused keep it; they are over their limit anyway, and the pair must stay over so
        // that only the first refusal starts a lockout.
        await release(counted.filter((key) => !refusedBy.has(key)));
        const until = new Date(Math.max(...[...refusedBy.values()].map((d) => d.getTime())));
        throw tooMany(message, until, now);
      }
      let succeeded = false;
      return async () => {
        if (succeeded) return;
        succeeded = true;
        await release(counted);
        await rememberAddress(keys.known, app.now());
      };
    },
  };
  app.decorate("rateLimiter", limiter);
});
