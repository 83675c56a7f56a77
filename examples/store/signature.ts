import { createHmac, timingSafeEqual } from "node:crypto";

/*
 * How a store checks a Pocketwise webhook (docs/merchants.md "Verifying webhooks"): the header is
 * `Pocketwise-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}`. Sign the raw bytes
 * as they arrived, never a re-serialised copy: JSON.stringify(JSON.parse(body)) need not give them back.
 */

/** A signature older (or further ahead) than this is refused, so a captured delivery cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

export type Verification = { ok: true; timestamp: number } | { ok: false; reason: string };

/** The header's parts; `v1` may repeat, so every one given is tried. */
function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const at = part.indexOf("=");
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

export function signPayload(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac("sha256", secret).update(`${timestamp}.`).update(rawBody).digest("hex");
}

/** Checks a delivery's signature header against the raw body, the webhook secret and the time now. */
export function verifySignature(
  header: string | string[] | undefined,
  rawBody: string | Buffer,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): Verification {
  if (typeof header !== "string" || header === "") return { ok: false, reason: "No Pocketwise-Signature header" };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, reason: "The Pocketwise-Signature header is malformed" };
  if (Math.abs(nowSeconds - parsed.timestamp) > toleranceSeconds) {
    return { ok: false, reason: "The signature's timestamp is outside the tolerance" };
  }
  const expected = Buffer.from(signPayload(secret, parsed.timestamp, rawBody), "hex");
  // Compared in constant time: an early exit on the first wrong byte would tell an attacker how much was right.
  const matches = parsed.signatures.some((given) => timingSafeEqual(Buffer.from(given, "hex"), expected));
  return matches ? { ok: true, timestamp: parsed.timestamp } : { ok: false, reason: "The signature does not match" };
}
