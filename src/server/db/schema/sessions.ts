import { index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** spec 000 §3 "session": sid, sess, expire. The sid stored is a SHA-256 of the cookie's token. */
export const sessions = pgTable(
  "sessions",
  {
    sid: text("sid").primaryKey(),
    sess: jsonb("sess").$type<SessionData>().notNull(),
    expire: timestamp("expire", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_expire_idx").on(t.expire)],
);

export type SessionData =
  | { kind: "parent"; userId: string; oidc?: { codeVerifier: string; state: string; returnTo: string } }
  /** `deviceId`: a remembered browser (child_devices), whose session lasts 30 days renewed by use. */
  | { kind: "child"; childId: string; parentId: string; deviceId?: string }
  | { kind: "anonymous"; oidc?: { codeVerifier: string; state: string; nonce?: string; returnTo: string } };
