import { z } from "zod";
import "./zod-messages";
import { RequiredTextSchema } from "./common";
import { SUBSCRIPTION_TIERS } from "./usage";

export const EmailSchema = z
  .email({ message: "Enter a valid e-mail address" })
  .max(254, { message: "E-mail must be at most 254 characters" })
  .transform((e) => e.toLowerCase());

export const PasswordSchema = z
  .string({ error: "Password is required" })
  .min(8, { message: "Password must be at least 8 characters" })
  .max(128, { message: "Password must be at most 128 characters" });

export const SignupSchema = z.object({
  email: z.string({ error: "E-mail is required" }).trim().pipe(EmailSchema),
  password: PasswordSchema,
  firstName: RequiredTextSchema("First name is required").max(50, {
    message: "First name must be at most 50 characters",
  }),
  lastName: RequiredTextSchema("Last name is required").max(50, { message: "Last name must be at most 50 characters" }),
});
export type Signup = z.input<typeof SignupSchema>;

export const LoginSchema = z.object({
  email: z
    .string({ error: "E-mail is required" })
    .trim()
    .min(1, { message: "E-mail is required" })
    .max(254, { message: "E-mail must be at most 254 characters" }),
  password: z
    .string({ error: "Password is required" })
    .min(1, { message: "Password is required" })
    .max(128, { message: "Password must be at most 128 characters" }),
});
export type Login = z.input<typeof LoginSchema>;

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
});
export type User = z.infer<typeof UserSchema>;

/** What GET /api/auth/user answers to a child session. */
export const LoginRedirectQuerySchema = z.object({
  // A browser follows this link, so an odd value falls back to the sign-in screen rather than a JSON error.
  mode: z.enum(["signup", "login"]).optional().catch(undefined),
  returnTo: z.string().optional().catch(undefined),
});
