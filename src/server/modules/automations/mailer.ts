import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { createTransport } from "nodemailer";
import type { Config } from "../../config";
import type { MailContent } from "./mail-templates";

export interface OutgoingMail extends MailContent {
  to: string;
  date: Date;
}

export interface Mailer {
  /** Sends one message and answers what to log: the .eml file name or the SMTP message id. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

const DEFAULT_FROM = "Pocketwise <hello@pocketwise.local>";

/**
 * docs/product-contract.md "Staff area": SMTP when SMTP_URL is set, otherwise .eml files in the outbox folder. With no
 * mail settings at all (tests, bench) the outbox is a temporary folder made on first use and removed on
 * close, so nothing lands in the repository.
 */
export function createMailer(mail: Config["mail"] | undefined): Mailer {
  if (mail?.smtpUrl) return smtpMailer(mail.smtpUrl, mail.from);
  if (mail)
    return outboxMailer(
      () => mail.outboxDir,
      mail.from,
      () => {},
    );
  let tempDir: string | null = null;
  return outboxMailer(
    () => {
      tempDir ??= mkdtempSync(path.join(os.tmpdir(), "pocketwise-outbox-"));
      return tempDir;
    },
    DEFAULT_FROM,
    () => {
      if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    },
  );
}

function smtpMailer(url: string, from: string): Mailer {
  // A server that accepts the connection and then stalls must not hold an execution's row lock for minutes
  // (nodemailer's defaults); the step fails and is retried later instead.
  const transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      return `sent through SMTP as ${info.messageId}`;
    },
    close: () => transport.close(),
  };
}

function outboxMailer(dir: () => string, from: string, cleanUp: () => void): Mailer {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return {
    async send(mail) {
      const folder = dir();
      mkdirSync(folder, { recursive: true });
      const info = await composer.sendMail({ from, ...mail });
      // The time first so a folder listing reads in sending order; the random part keeps names unique.
      const stamp = mail.date.toISOString().replaceAll(":", "-");
      const name = `${stamp}-${randomBytes(4).toString("hex")}.eml`;
      // Written under another name first, so whoever reads the outbox never sees half a message.
      const partial = path.join(folder, `.${name}.part`);
      await writeFile(partial, info.message as Buffer);
      await rename(partial, path.join(folder, name));
      return `written to outbox/${name}`;
    },
    close: () => {
      composer.close();
      cleanUp();
    },
  };
}
