import { z } from "zod";
import "./zod-messages";
import { ChildSchema } from "./children";
import { IsoDateSchema } from "./common";

/** A one-time child sign-in code as the parent's screen shows it. */
export const LoginCodeSchema = z.object({
  code: z.string().describe("8 characters, single use"),
  expiresAt: IsoDateSchema,
});
export type LoginCode = z.infer<typeof LoginCodeSchema>;

export const KidLoginSchema = z.object({
  code: z
    .string({ error: "Enter your code" })
    .trim()
    .min(1, { message: "Enter your code" })
    .max(32, { message: "A sign-in code has 8 characters" }),
});
export type KidLogin = z.input<typeof KidLoginSchema>;

/** What POST /api/kid/login and GET /api/kid/me answer. */
export const KidSessionSchema = z.object({ child: ChildSchema });
export type KidSession = z.infer<typeof KidSessionSchema>;
