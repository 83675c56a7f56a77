/*
 * docs/product-contract.md "Deciding from anywhere": a pending cart waits for the family's approval
 * window, then expires; the guardians are reminded half-way.
 */
export const DEFAULT_APPROVAL_WINDOW_HOURS = 48;
export const MIN_APPROVAL_WINDOW_HOURS = 1;
export const MAX_APPROVAL_WINDOW_HOURS = 168;
export const HOUR_MS = 60 * 60 * 1000;

/** When a cart asked for at `createdAt` expires. */
export const expiresAtFor = (createdAt: Date, windowHours: number) =>
  new Date(createdAt.getTime() + windowHours * HOUR_MS);

/** Half-way between asking and expiry: when the guardians are reminded. */
export const reminderAtFor = (createdAt: Date, expiresAt: Date) =>
  new Date(createdAt.getTime() + Math.floor((expiresAt.getTime() - createdAt.getTime()) / 2));

/** How long the guardian who declined may take it back (docs/decisions/135); the child hears of it only after. */
export const UNDO_DECLINE_MS = 10_000;

/** What an expired cart's decision note says (fixed by the contract). */
export const EXPIRED_NOTE = "Expired: no one decided in time";
