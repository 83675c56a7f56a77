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
