import { z } from "zod";
import { MAX_APPROVAL_WINDOW_HOURS, MIN_APPROVAL_WINDOW_HOURS } from "../rules/approval-window";
import { EmailSchema } from "./auth";
import { AmountSchema, IsoDateSchema, MoneyOutSchema } from "./common";

/* docs/product-contract.md "The family and its guardians": paths and shapes fixed by the contract. */

export const GUARDIAN_ROLES = ["owner", "guardian"] as const;

export const GuardianSchema = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(GUARDIAN_ROLES),
  /** null: no limit of their own. */
  approvalLimit: MoneyOutSchema.nullable(),
});
export type Guardian = z.infer<typeof GuardianSchema>;

/** An invitation not yet accepted; its id is what the owner withdraws it by. */
export const PendingInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  approvalLimit: MoneyOutSchema.nullable(),
  expiresAt: IsoDateSchema,
});
export type PendingInvitation = z.infer<typeof PendingInvitationSchema>;

export const FamilySchema = z.object({
  id: z.string(),
  approvalWindowHours: z.number().int(),
  guardians: z.array(GuardianSchema),
  invitations: z.array(PendingInvitationSchema),
});
export type Family = z.infer<typeof FamilySchema>;

const WINDOW_MESSAGE = `The approval window must be a whole number of hours from ${MIN_APPROVAL_WINDOW_HOURS} to ${MAX_APPROVAL_WINDOW_HOURS}`;

export const FamilyUpdateSchema = z.object({
  approvalWindowHours: z
    .number({ error: WINDOW_MESSAGE })
    .int({ message: WINDOW_MESSAGE })
    .min(MIN_APPROVAL_WINDOW_HOURS, { message: WINDOW_MESSAGE })
    .max(MAX_APPROVAL_WINDOW_HOURS, { message: WINDOW_MESSAGE }),
});
export type FamilyUpdate = z.infer<typeof FamilyUpdateSchema>;

const LimitSchema = AmountSchema("The approval limit must be an amount like 25.00");

export const GuardianInviteSchema = z.object({
  email: EmailSchema,
  /** Omitted, null or "": no limit. */
  approvalLimit: z.union([LimitSchema, z.literal(""), z.null()]).optional(),
});
export type GuardianInvite = z.input<typeof GuardianInviteSchema>;

export const GuardianUpdateSchema = z.object({
  approvalLimit: z.union([LimitSchema, z.literal(""), z.null()]),
});
export type GuardianUpdate = z.input<typeof GuardianUpdateSchema>;

export const INVITATION_STATES = ["open", "accepted", "expired"] as const;

/** What the invitation page shows before the invitee joins. */
export const InvitationSchema = z.object({
  /** The inviting owner's name, as the family knows them. */
  invitedBy: z.string(),
  email: z.string(),
  approvalLimit: MoneyOutSchema.nullable(),
  expiresAt: IsoDateSchema,
  status: z.enum(INVITATION_STATES),
});
export type Invitation = z.infer<typeof InvitationSchema>;
