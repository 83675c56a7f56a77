import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One .eml message of the outbox, read as its recipient's mail client would show it. */
export interface OutboxMail {
  file: string;
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  to: string;
  subject: string;
  /** The whole body (text and HTML parts) with quoted-printable undone. */
  body: string;
}

/** RFC 2045 §6.7: soft line breaks removed, =XX bytes decoded as UTF-8. */
function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === "=" ? joined.slice(i + 1, i + 3) : "";
    if (/^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] as string, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export function readMail(dir: string, file: string): OutboxMail {
  const raw = readFileSync(path.join(dir, file), "utf8");
  const split = raw.indexOf("\r\n\r\n");
  const headerLines = raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return {
    file,
    headers,
    to: headers.to ?? "",
    subject: headers.subject ?? "",
    body: decodeQuotedPrintable(raw.slice(split + 4)),
  };
}

/** Every message in the outbox folder, oldest first (file names start with the sending time). */
export function readOutbox(dir: string): OutboxMail[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".eml"));
  } catch {
    return [];
  }
  return names.sort().map((name) => readMail(dir, name));
}
