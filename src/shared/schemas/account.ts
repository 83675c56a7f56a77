import { z } from "zod";
import "./zod-messages";
import { EmailSchema, PasswordSchema } from "./auth";
import { RequiredTextSchema } from "./common";

/** docs/decisions/156: the signed-in parent's own account. */
export const EMAIL_CHANGE_TOKEN_INVALID = "This link is invalid, used or expired. Ask for a new one from your account.";
export const EMAIL_TAKEN = "An account with this e-mail already exists";
export const EMAIL_UNCHANGED = "This is already your e-mail";
export const CURRENT_PASSWORD_WRONG = "The current password is not right";
/** Accounts made through single sign-on have no password: nothing but the session would vouch for a change. */
export const NO_PASSWORD_EMAIL =
  "Your account signs in through your identity provider, so its e-mail cannot be changed here.";
export const NO_PASSWORD_PASSWORD = "Your account signs in through your identity provider and has no password here.";

const NameSchema = (what: "First" | "Last") =>
  RequiredTextSchema(`${what} name is required`).max(50, { message: `${what} name must be at most 50 characters` });

export const AccountSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** False for accounts made through single sign-on: they change neither e-mail nor password here. */
  hasPassword: z.boolean(),
  /** The identity provider sets the name again at each sign-in through it. */
  signsInWithProvider: z.boolean(),
  /** The newest change of address waiting for its link to be opened, if any. */
  pendingEmail: z.object({ email: z.string(), expiresAt: z.string() }).nullable(),
});
export type Account = z.infer<typeof AccountSchema>;

export const AccountNameSchema = z.object({ firstName: NameSchema("First"), lastName: NameSchema("Last") });
export type AccountName = z.input<typeof AccountNameSchema>;

const CurrentPasswordSchema = z
  .string({ error: "Current password is required" })
  .min(1, { message: "Current password is required" })
  .max(128, { message: "Password must be at most 128 characters" });

export const EmailChangeRequestSchema = z.object({
  email: z.string({ error: "E-mail is required" }).trim().pipe(EmailSchema),
  /** Required when the account has a password; the server says so on the field. */
  password: CurrentPasswordSchema.optional(),
});
export type EmailChangeRequest = z.input<typeof EmailChangeRequestSchema>;

export const EmailChangeConfirmSchema = z.object({
  token: z
    .string({ error: EMAIL_CHANGE_TOKEN_INVALID })
    .min(1, { message: EMAIL_CHANGE_TOKEN_INVALID })
    .max(200, { message: EMAIL_CHANGE_TOKEN_INVALID }),
});
export type EmailChangeConfirm = z.input<typeof EmailChangeConfirmSchema>;
export const EmailChangeConfirmedSchema = z.object({ email: z.string() });
export type EmailChangeConfirmed = z.infer<typeof EmailChangeConfirmedSchema>;

export const PasswordChangeSchema = z.object({ currentPassword: CurrentPasswordSchema, newPassword: PasswordSchema });
export type PasswordChange = z.input<typeof PasswordChangeSchema>;

/** The screen's form: the new password typed twice. */
export const PasswordChangeFormSchema = PasswordChangeSchema.extend({ confirmPassword: z.string() }).refine(
  (values) => values.newPassword === values.confirmPassword,
  { message: "The passwords do not match", path: ["confirmPassword"] },
);
export type PasswordChangeForm = z.input<typeof PasswordChangeFormSchema>;

/** docs/decisions/158: deleting the account (for the owner, the family) is confirmed with the password. */
export const NO_PASSWORD_DELETE =
  "Your account signs in through your identity provider and has no password to confirm with. Ask us through Help & support to delete it.";
export const AccountDeletionSchema = z.object({
  password: z
    .string({ error: "Type your password to confirm" })
    .min(1, { message: "Type your password to confirm" })
    .max(128, { message: "Password must be at most 128 characters" }),
});
export type AccountDeletion = z.input<typeof AccountDeletionSchema>;
/** Downloads of the family's data an adult may ask for in an hour. */
export const EXPORTS_PER_HOUR = 5;
