import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../shared/schemas/notifications";
import type { Executor } from "../../db/client";
import { isUuid } from "../../lib/http-errors";
import { sharedSecret } from "../../lib/server-secrets";

const SECRET_NAME = "unsubscribe-links";

/**
 * The key that signs unsubscribe links: made once and kept in the database, so every instance signs
 * and checks with the same one and links keep working across restarts.
 */
export async function unsubscribeKey(db: Executor): Promise<Buffer> {
  const { key } = await sharedSecret(db, SECRET_NAME, () => ({ key: randomBytes(32).toString("base64url") }));
  return Buffer.from(key, "base64url");
}

const mac = (key: Buffer, userId: string, kind: NotificationKind) =>
  createHmac("sha256", key).update(`unsubscribe:${userId.toLowerCase()}:${kind}`).digest();

/**
 * RFC 8058 one-click links need no table: the link names the account and the kind, and an HMAC over both
 * proves the server wrote it. It never expires, as a mail client may use it long after the e-mail came.
 */
export function unsubscribeToken(key: Buffer, userId: string, kind: NotificationKind): string {
  return `${userId}.${kind}.${mac(key, userId, kind).toString("base64url")}`;
}

/** The account and kind a token names, or null for anything the server did not sign. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; kind: NotificationKind } | null {
  const [userId = "", kind = "", signature = "", ...rest] = token.split(".");
  if (rest.length || !isUuid(userId) || !(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  const given = Buffer.from(signature, "base64url");
  const expected = mac(key, userId, kind as NotificationKind);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, kind: kind as NotificationKind };
}
