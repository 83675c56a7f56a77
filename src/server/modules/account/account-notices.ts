import type { Executor } from "../../db/client";
import type { MailContent } from "../automations/mail-templates";
import { queueNotification } from "../notifications/notifications";

/** An e-mail to one address that the account's owner must receive whatever their preferences say. */
export interface Notice {
  email: string;
  mail: MailContent;
}

/** Queued in the caller's transaction: the notice goes exactly when the change it tells of commits. */
export async function queueNotices(tx: Executor, notices: Notice[]) {
  for (const { email, mail } of notices) {
    await queueNotification(tx, {
      type: "account.notice",
      email,
      mail: { subject: mail.subject, text: mail.text, html: mail.html },
    });
  }
}
