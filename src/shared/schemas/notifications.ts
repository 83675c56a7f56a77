import { z } from "zod";
import "./zod-messages";
import { IsoDateSchema, MoneyOutSchema, TextSchema } from "./common";

/** docs/product-contract.md "Hearing at once": the four kinds a guardian turns on or off, per channel. */
export const NOTIFICATION_KINDS = ["approvals", "reminders", "budgetWarnings", "achievements"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_CHANNELS = ["email", "push"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** How each kind is named to a person: in the settings, on the unsubscribe page and in e-mail footers. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { label: string; description: string }> = {
  approvals: { label: "Purchase approvals", description: "A cart is waiting for your decision, or expired." },
  reminders: { label: "Reminders", description: "A cart is still waiting half-way to its expiry." },
  budgetWarnings: { label: "Budget warnings", description: "A child passes 75% and 90% of the month's budget." },
  achievements: { label: "Achievement updates", description: "A child earns a new badge." },
};

const KindsSchema = z.object({
  approvals: z.boolean(),
  reminders: z.boolean(),
  budgetWarnings: z.boolean(),
  achievements: z.boolean(),
});

export const NotificationPreferencesSchema = z.object({ email: KindsSchema, push: KindsSchema });
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

/** Anything but true or false answers "Must be true or false" (zod-messages). */
const KindsPatchSchema = KindsSchema.partial();

/** PATCH takes any subset, at any depth; what it leaves out stays as it was. */
export const NotificationPreferencesPatchSchema = z.object({
  email: KindsPatchSchema.optional(),
  push: KindsPatchSchema.optional(),
});
export type NotificationPreferencesPatch = z.input<typeof NotificationPreferencesPatchSchema>;

export const allNotificationsOn = (): NotificationPreferences => ({
  email: { approvals: true, reminders: true, budgetWarnings: true, achievements: true },
  push: { approvals: true, reminders: true, budgetWarnings: true, achievements: true },
});

/** docs/product-contract.md "Deciding from anywhere": what a one-tap link does, and whether it still can. */
export const DECISION_LINK_STATES = ["open", "used", "lapsed"] as const;
export type DecisionLinkState = (typeof DECISION_LINK_STATES)[number];

export const DecisionLinkSchema = z.object({
  decision: z.enum(["approve", "decline"]),
  /** open: it can still decide; used: it decided; lapsed: the cart was decided otherwise, or expired. */
  state: z.enum(DECISION_LINK_STATES),
  /** What happened, in plain words, when the link can no longer decide. */
  message: z.string().nullable(),
  childName: z.string(),
  retailer: z.string(),
  items: z.array(
    z.object({ name: z.string(), price: MoneyOutSchema, quantity: z.number().int(), url: z.string().optional() }),
  ),
  total: MoneyOutSchema,
  /** What is left of the child's budget this month, before this cart. */
  budgetLeft: MoneyOutSchema,
  /** Why the cart waits for a parent, in plain words ("it is over the $10.00 auto-approval limit"). */
  reason: z.string().nullable(),
  status: z.enum(["pending", "approved", "declined", "completed"]),
  expiresAt: IsoDateSchema.nullable(),
  decidedBy: z.object({ firstName: z.string() }).nullable(),
  decidedAt: IsoDateSchema.nullable(),
});
export type DecisionLink = z.infer<typeof DecisionLinkSchema>;

export const DecideByLinkSchema = z.object({
  note: TextSchema("Note", { multiline: true }).max(500).optional(),
});
export type DecideByLink = z.input<typeof DecideByLinkSchema>;

/** A 410's body names what happened, so the page can say who decided and when in the reader's own time. */
export const DecisionLinkGoneSchema = z.object({
  message: z.string(),
  state: z.enum(["unknown", "used", "lapsed"]),
  decidedBy: z.object({ firstName: z.string() }).nullable().optional(),
  decidedAt: IsoDateSchema.nullable().optional(),
  status: z.enum(["pending", "approved", "declined", "completed"]).optional(),
});
export type DecisionLinkGone = z.infer<typeof DecisionLinkGoneSchema>;

/** docs/decisions/133: what an unsubscribe link turns off, shown before the one button that does it. */
export const UnsubscribeLinkSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  label: z.string(),
  email: z.string(),
  /** Whether that kind's e-mail is still on. */
  subscribed: z.boolean(),
});
export type UnsubscribeLink = z.infer<typeof UnsubscribeLinkSchema>;
