import { randomBytes } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";

/** docs/product-contract.md "Staff area": a staff token expires within 8 hours. */
export const ADMIN_TOKEN_TTL_MS = 8 * 60 * 60 * 1000;
/** Names what the token is for, so a token signed with the same secret for another purpose is refused. */
const AUDIENCE = "pocketwise-admin";

export interface AdminTokens {
  sign(adminId: string, now: Date): Promise<string>;
  /** The admin id the token was issued to, or null when it is forged, malformed or expired at `now`. */
  verify(token: string, now: Date): Promise<string | null>;
}

/**
 * HS256 tokens. Without a configured secret each app instance makes its own, so its tokens die with
 * it (config.ts explains the trade-off).
 */
export function createAdminTokens(secret: string | null): AdminTokens {
  const key = secret ? new TextEncoder().encode(secret) : new Uint8Array(randomBytes(32));
  return {
    async sign(adminId, now) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(adminId)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ADMIN_TOKEN_TTL_MS / 1000)
        .sign(key);
    },
    async verify(token, now) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ["HS256"],
          audience: AUDIENCE,
          currentDate: now,
          requiredClaims: ["sub", "exp"],
        });
        return payload.sub ?? null;
      } catch {
        return null;
      }
    },
  };
}
