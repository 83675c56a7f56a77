import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { inject } from "vitest";

/** The .eml messages the server has written for `to`, quoted-printable soft breaks and "=3D" undone. */
function mailsTo(to: string): string[] {
  const outbox = path.join(inject("dataDir"), "outbox");
  let names: string[];
  try {
    names = readdirSync(outbox).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return names
    .map((name) =>
      readFileSync(path.join(outbox, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replaceAll("=3D", "="),
    )
    .filter((eml) => eml.includes(`To: ${to}`));
}

/** The reset link in the e-mail sent to `to`, waited for: the server sends it just after answering. */
export async function resetLinkSentTo(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = mailsTo(to)
      .map((eml) => /https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+/.exec(eml)?.[0])
      .find(Boolean);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no reset e-mail for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The /join link in the guardian invitation e-mailed to `to`, waited for: the worker sends it after the answer. */
export async function joinLinkSentTo(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = mailsTo(to)
      .map((eml) => /https?:\/\/\S+?\/join\/[A-Za-z0-9_-]+/.exec(eml)?.[0])
      .find(Boolean);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no invitation e-mail for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The first capture of `pattern` in an e-mail sent to `to` whose subject line contains `subject`, waited
 * for: notifications go out from the server's worker moments after what they tell of.
 */
export async function linkInMailTo(to: string, subject: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(to)
      // Long header lines are folded onto the next line.
      .filter((eml) => eml.replace(/\r?\n[ \t]+/g, " ").includes(`Subject: ${subject}`))
      .map((eml) => pattern.exec(eml)?.[1])
      .find(Boolean);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail "${subject}" for ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
