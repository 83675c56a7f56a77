/**
 * How cart submissions and decisions are grouped (lib/group-commit): up to MAX_BATCH families in one
 * transaction, one such transaction at a time. Measured with bench/purchase.ts: a second batch in flight
 * made batches smaller and cost PostgreSQL more per cart than it saved in waiting.
 */
export const MAX_BATCH = 32;
export const MAX_BATCHES_IN_FLIGHT = 1;
