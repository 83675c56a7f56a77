/*
 * docs/product-contract.md "Deciding from anywhere": a pending cart waits for the family's approval window. The
 * pending list says how long it has waited and how long it has left, in the words a person would use.
 */
const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
/** Up to two days a wait is told in hours ("expires in 47 hours"), past that in days. */
const HOURS_UNTIL_MS = 48 * HOUR_MS;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** A span rounded down to its largest whole unit: "5 minutes", "47 hours", "3 days"; null under a minute. */
function spanWords(ms: number): string | null {
  if (ms < MINUTE_MS) return null;
  if (ms < HOUR_MS) return count(Math.floor(ms / MINUTE_MS), "minute");
  if (ms < HOURS_UNTIL_MS) return count(Math.floor(ms / HOUR_MS), "hour");
  return count(Math.floor(ms / (24 * HOUR_MS)), "day");
}

/** "5 minutes ago", or "just now" under a minute; a clock a little ahead of the server's reads as just now. */
export function timeAgo(then: Date, now: Date): string {
  const span = spanWords(now.getTime() - then.getTime());
  return span ? `${span} ago` : "just now";
}

/** "expires in 47 hours"; a cart past its time waits only for the expiry job, which is moments away. */
function expiresWords(expiresAt: Date, now: Date): string {
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return "expiring now";
  return `expires in ${spanWords(left) ?? "less than a minute"}`;
}

/** "Asked 5 minutes ago · expires in 47 hours"; a cart without an expiry (asked before windows) has no second part. */
export function waitingWords(createdAt: Date, expiresAt: Date | null, now: Date): string {
  const asked = `Asked ${timeAgo(createdAt, now)}`;
  return expiresAt ? `${asked} · ${expiresWords(expiresAt, now)}` : asked;
}
