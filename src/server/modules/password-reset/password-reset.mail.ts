import { composeMail, type MailContent } from "../automations/mail-templates";

export function passwordResetMail(firstName: string | null, link: string): MailContent {
  return composeMail(
    "Reset your Pocketwise password",
    firstName,
    [
      "Someone, hopefully you, asked to reset the password of your Pocketwise account. Open this link within 30 minutes to choose a new one:",
      link,
      "Choosing a new password signs out every device signed in to your account. If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ],
    link,
  );
}
