import { z } from "zod";
import "./zod-messages";
import { EmailSchema, PasswordSchema } from "./auth";

/** docs/decisions/100: the same answer whether or not an account uses the address. */
export const PASSWORD_RESET_ACCEPTED = "If an account uses that e-mail, we have sent a link to reset its password.";
export const PASSWORD_RESET_TOKEN_INVALID = "This reset link is invalid, used or expired. Ask for a new one.";

export const PasswordResetRequestSchema = z.object({
  email: z.string({ error: "E-mail is required" }).trim().pipe(EmailSchema),
});
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

export const PasswordResetAcceptedSchema = z.object({ message: z.literal(PASSWORD_RESET_ACCEPTED) });
export type PasswordResetAccepted = z.infer<typeof PasswordResetAcceptedSchema>;

export const PasswordResetConfirmSchema = z.object({
  token: z
    .string({ error: PASSWORD_RESET_TOKEN_INVALID })
    .min(1, { message: PASSWORD_RESET_TOKEN_INVALID })
    .max(200, { message: PASSWORD_RESET_TOKEN_INVALID }),
  password: PasswordSchema,
});
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirmSchema>;
