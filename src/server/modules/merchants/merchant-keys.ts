import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import type { Executor } from "../../db/client";
import { sharedSecret } from "../../lib/server-secrets";
import { randomToken } from "../../lib/tokens";

/*
 * Decision 141: a merchant's API key is shown once and kept as a SHA-256 (like every bearer token);
 * its webhook secret must be recovered to sign, so it is kept under AES-256-GCM with a key made once
 * in server_secrets and shared by every instance.
 */

/** 32 random bytes (256 bits) after a prefix that says what the string is when it leaks into a log. */
export const newApiKey = () => `pk_live_${randomToken(32)}`;
export const newWebhookSecret = () => `whsec_${randomToken(32)}`;

const SECRET_NAME = "merchant-webhook-secrets";

export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** The box for webhook secrets, its key read (or made) once per process. */
export function secretBox(db: Executor): () => Promise<SecretBox> {
  let box: Promise<SecretBox> | null = null;
  return () => {
    box ??= sharedSecret(db, SECRET_NAME, () => ({ key: randomBytes(32).toString("base64") }))
      .then(({ key }) => boxWith(Buffer.from(key, "base64")))
      .catch((err) => {
        box = null;
        throw err;
      });
    return box;
  };
}

/** `v1.{iv}.{tag}.{ciphertext}` in base64url: a fresh 96-bit IV per secret. */
export function boxWith(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("the webhook secrets' key must be 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return ["v1", iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("not a sealed webhook secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
    },
  };
}

/** The `Pocketwise-Signature` header's value for a body sent at `unixSeconds`. */
export function signatureHeader(secret: string, unixSeconds: number, body: string): string {
  const v1 = createHmac("sha256", secret).update(`${unixSeconds}.${body}`).digest("hex");
  return `t=${unixSeconds},v1=${v1}`;
}
