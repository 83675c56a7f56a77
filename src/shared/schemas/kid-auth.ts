import { z } from "zod";
import "./zod-messages";
import { ChildSchema } from "./children";
import { IsoDateSchema, TextSchema } from "./common";

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
  /** Stay signed in on this browser for 30 days, renewed by use, instead of 30 idle minutes. */
  remember: z.boolean({ error: "remember must be true or false" }).optional(),
  /** "extension": answer a bearer token for the browser extension instead of starting a cookie session. */
  device: z.literal("extension", { error: 'device must be "extension"' }).optional(),
  /** What the parent's list of devices calls it, e.g. "Chrome on the family laptop". */
  deviceName: TextSchema("Device name").max(60, { message: "Keep the device name to 60 characters" }).optional(),
});
export type KidLogin = z.input<typeof KidLoginSchema>;

/** What POST /api/kid/login and GET /api/kid/me answer. */
export const KidSessionSchema = z.object({ child: ChildSchema });
export type KidSession = z.infer<typeof KidSessionSchema>;

/** What POST /api/kid/login answers the browser extension: a bearer token scoped to the child. */
export const KidDeviceTokenSchema = z.object({
  token: z.string().describe("Send as Authorization: Bearer {token}; valid 30 days, renewed by use"),
  child: ChildSchema,
});
export type KidDeviceToken = z.infer<typeof KidDeviceTokenSchema>;

/** A device a child stays signed in on, as the parent's settings list it. */
export const ChildDeviceSchema = z.object({
  id: z.uuid(),
  kind: z.enum(["browser", "extension"]),
  name: z.string(),
  lastUsedAt: IsoDateSchema,
  expiresAt: IsoDateSchema,
  createdAt: IsoDateSchema,
});
export type ChildDevice = z.infer<typeof ChildDeviceSchema>;
