import type { MailContent } from "../automations/mail-templates";

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

export function passwordResetMail(firstName: string | null, link: string): MailContent {
  const paragraphs = [
    `Hi ${firstName?.trim() || "there"},`,
    "Someone, hopefully you, asked to reset the password of your Pocketwise account. Open this link within 30 minutes to choose a new one:",
    link,
    "Choosing a new password signs out every device signed in to your account. If you did not ask for this, ignore this e-mail: your password stays as it is.",
    "The Pocketwise team",
  ];
  const html = paragraphs
    .map((p) =>
      p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` : `<p>${escapeHtml(p)}</p>`,
    )
    .join("\n");
  return {
    subject: "Reset your Pocketwise password",
    text: `${paragraphs.join("\n\n")}\n`,
    html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n`,
  };
}
