import type { Executor } from "../../db/client";
import { pruneOutboxFiles } from "./outbox-files";
import { deleteDue } from "./retention.repository";

/*
 * docs/retention.md and docs/decisions/159: what the product keeps, why, and for how long, as one table. A row
 * is due when the moment its rule measures from (`from`) lies before the rule's cutoff. Everything not named
 * here lives as long as the family's account and goes with it (account deletion, DELETE /api/children/{id}).
 */

type Keep = { hours: number } | { days: number } | { years: number };

export interface RetentionRule {
  /** What the rows are, as docs/retention.md names them. */
  what: string;
  /** The moment the period runs from. */
  from: string;
  /** How long after `from` they are kept; zero means they go once that moment has passed. */
  keep: Keep;
  why: string;
}

export const RETENTION_RULES = {
  sessions: {
    what: "Signed-in sessions (parents, children, remembered devices)",
    from: "when the session expires",
    keep: { days: 0 },
    why: "An expired session signs no one in; its row only names who was signed in.",
  },
  childLoginCodes: {
    what: "Child sign-in codes",
    from: "when the code expires (15 minutes after it was made)",
    keep: { days: 0 },
    why: "A used or lapsed code opens nothing.",
  },
  passwordResets: {
    what: "Password reset links",
    from: "when the link expires",
    keep: { days: 0 },
    why: "A lapsed link resets nothing.",
  },
  emailChanges: {
    what: "E-mail address changes waiting for their link",
    from: "when the link expires",
    keep: { days: 0 },
    why: "A lapsed link changes nothing, and the row holds an address the parent may never have confirmed.",
  },
  familyInvitations: {
    what: "Invitations to join a family",
    from: "when the link expires (7 days after it was sent)",
    keep: { days: 0 },
    why: "Accepted, withdrawn or lapsed, the link lets no one in; the row holds the address of someone who may never have joined.",
  },
  childDevices: {
    what: "A child's remembered devices and browser extension sign-ins",
    from: "when the device's sign-in lapses (30 days after its last use)",
    keep: { days: 0 },
    why: "A lapsed device signs nothing in; the parent's device list shows only live ones.",
  },
  rateLimits: {
    what: "Sign-in and request counters",
    from: "when the counter's window ends",
    keep: { days: 0 },
    why: "A counter whose window has ended limits nothing; it holds an address or an account.",
  },
  liveEvents: {
    what: "Live events for the family's screens",
    from: "when the event happened",
    keep: { hours: 1 },
    why: "A reconnecting screen replays at most the last hour.",
  },
  idempotentResponses: {
    what: "Answers remembered for retried decisions",
    from: "when the answer was given",
    keep: { hours: 24 },
    why: "A retry comes within minutes; a day covers a device that was offline overnight.",
  },
  referralInvites: {
    what: "Referral invitations sent to friends' addresses",
    from: "when the invitation was sent",
    keep: { days: 7 },
    why: "The address belongs to someone who never signed up; it is kept only for the one-invitation-a-week rule.",
  },
  decisionTokens: {
    what: "One-tap Approve and Decline links",
    from: "when the link lapses",
    keep: { days: 30 },
    why: "For a month a lapsed link still says who decided and when; then it is an unknown link.",
  },
  outboundMessages: {
    what: "Sent, failed or skipped notifications (e-mail and push)",
    from: "when the notification was queued",
    keep: { days: 30 },
    why: "A month to look into a parent's 'I never got the e-mail'; messages still to be sent are never deleted.",
  },
  outboxFiles: {
    what: "E-mails written to DATA_DIR/outbox when no SMTP server is set",
    from: "when the e-mail was written",
    keep: { days: 30 },
    why: "The same month as the notifications they came from; each holds a whole message.",
  },
  merchantWebhooks: {
    what: "Webhooks to partner stores, delivered or given up",
    from: "when the webhook was created",
    keep: { days: 30 },
    why: "Retries stop after 72 hours; a month lets staff answer a store's question. Webhooks still being retried are never deleted.",
  },
  checkoutSessions: {
    what: "Partner stores' checkout sessions that are no cart's",
    from: "when the session expired (24 hours after it was opened)",
    keep: { days: 30 },
    why: "Never sent, or their cart was deleted: the store has heard the outcome by webhook. A session whose cart is kept is kept with it.",
  },
  stripeEvents: {
    what: "Stripe events received",
    from: "when the event arrived",
    keep: { days: 90 },
    why: "The ids keep a redelivered event from being applied twice; Stripe redelivers for 3 days and lists events for 30. The payments themselves are Stripe's records.",
  },
  workflowExecutions: {
    what: "Finished automation runs (completed or failed)",
    from: "when the run finished",
    keep: { days: 90 },
    why: "Staff read recent runs in the admin area; a run's log names the e-mails it sent to a parent.",
  },
  demoRequests: {
    what: "Demo requests from visitors",
    from: "when the request was sent",
    keep: { years: 1 },
    why: "A year to arrange and follow up the demo; the visitor has no account.",
  },
  consentForms: {
    what: "Consent forms sent from the public consent page",
    from: "when the form was sent",
    keep: { years: 2 },
    why: "They show what a parent agreed to before opening an account; consent for a child in an account is kept with the child instead.",
  },
  supportTickets: {
    what: "Closed support tickets and their replies",
    from: "when the ticket was closed",
    keep: { years: 2 },
    why: "Two years to see a problem come back; open tickets are never deleted.",
  },
  carts: {
    what: "Decided purchase requests (approved, declined, completed)",
    from: "the last of when the cart was sent, decided and completed",
    keep: { years: 7 },
    why: "Financial records are kept 7 years, as the legal pages promise; a pending cart is never deleted.",
  },
  staffAuditLog: {
    what: "The staff audit log (plans set by hand, refunds)",
    from: "when staff made the change",
    keep: { years: 7 },
    why: "Refunds and plan changes are financial records, kept 7 years like the purchases.",
  },
} as const satisfies Record<string, RetentionRule>;

export type RetentionRuleName = keyof typeof RETENTION_RULES;
export type RetentionCutoffs = Record<RetentionRuleName, Date>;
export type RetentionReport = Record<RetentionRuleName, number>;

const HOUR_MS = 60 * 60 * 1000;

/** The moment `keep` before `now`: hours and days exactly, years on the calendar (UTC). */
export function cutoffBefore(now: Date, keep: Keep): Date {
  if ("hours" in keep) return new Date(now.getTime() - keep.hours * HOUR_MS);
  if ("days" in keep) return new Date(now.getTime() - keep.days * 24 * HOUR_MS);
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - keep.years);
  // 29 February of a year that has none is the last day of its February, not 1 March.
  if (cutoff.getUTCDate() !== now.getUTCDate()) cutoff.setUTCDate(0);
  return cutoff;
}

/** Every rule's cutoff at `now`: a row whose moment is before it is due. */
export function retentionCutoffs(now: Date): RetentionCutoffs {
  const entries = Object.entries(RETENTION_RULES).map(([name, rule]) => [name, cutoffBefore(now, rule.keep)]);
  return Object.fromEntries(entries) as RetentionCutoffs;
}

/** Whether a row measured from `from` is due for deletion under `rule` at `now`. */
export function isDue(rule: RetentionRuleName, from: Date, now: Date): boolean {
  return from.getTime() < cutoffBefore(now, RETENTION_RULES[rule].keep).getTime();
}

/**
 * Applies every rule at `now`; answers how many rows (and outbox files) each deleted. Each rule is its own
 * statements and deletes only what is due, so a run cut short, or two runs at once, leave nothing half-done.
 */
export async function applyRetentionAt(
  db: Executor,
  now: Date,
  opts: { outboxDir: string | null },
): Promise<RetentionReport> {
  const cutoffs = retentionCutoffs(now);
  const deleted = await deleteDue(db, cutoffs);
  const outboxFiles = opts.outboxDir ? await pruneOutboxFiles(opts.outboxDir, cutoffs.outboxFiles) : 0;
  return { ...deleted, outboxFiles };
}
