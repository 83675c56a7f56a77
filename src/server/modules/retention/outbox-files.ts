import { readdir, rm } from "node:fs/promises";
import path from "node:path";

/**
 * The mailer names each outbox file after the time the e-mail was written ("2026-11-24T12-00-00.000Z-1a2b3c4d.eml",
 * modules/automations/mailer.ts), the app's clock rather than the file system's, so the age is read from the name.
 */
// A leading "." and a ".part" ending: a message a crash left half-written, named after the same time.
const OUTBOX_NAME = /^\.?(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2}(?:\.\d+)?)Z-[0-9a-f]+\.eml(?:\.part)?$/;

export function writtenAt(name: string): Date | null {
  const m = OUTBOX_NAME.exec(name);
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** Deletes the outbox's e-mails written before `cutoff`; anything else in the folder is left alone. */
export async function pruneOutboxFiles(dir: string, cutoff: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (err) {
    // No e-mail written yet: no folder.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw err;
  }
  let deleted = 0;
  for (const name of names) {
    const at = writtenAt(name);
    if (!at || at >= cutoff) continue;
    await rm(path.join(dir, name), { force: true });
    deleted += 1;
  }
  return deleted;
}
