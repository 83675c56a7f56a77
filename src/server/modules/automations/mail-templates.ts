/** The e-mails automations send, named by the `template` of a workflow's send_email step. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** Extra header lines, such as List-Unsubscribe (RFC 8058). */
  headers?: Record<string, string>;
}

export interface TemplateContext {
  /** The parent's first name; accounts made through single sign-on may have none. */
  firstName: string | null;
  /** Where links in the message point (APP_ORIGIN); null leaves links out. */
  appOrigin: string | null;
}

/** A template name no message exists for: retrying cannot help, so the step fails at once. */
export class UnknownTemplateError extends Error {
  constructor(readonly template: string) {
    super(`There is no e-mail called "${template}"`);
  }
}

interface Template {
  subject: string;
  paragraphs: (origin: string | null) => string[];
}

const link = (origin: string | null, path: string, words: string) => (origin ? `${words}: ${origin}${path}` : words);

const TEMPLATES: Record<string, Template> = {
  welcome: {
    subject: "Welcome to Pocketwise",
    paragraphs: (origin) => [
      "Thank you for joining Pocketwise. Your children can now fill their own shopping carts, and nothing is bought until you approve it.",
      "Each child gets a monthly budget you choose, and small purchases under their auto-approval limit go through on their own, so you only see the ones that matter.",
      link(origin, "/parent", "Open your parent dashboard to get started"),
    ],
  },
  "first-steps": {
    subject: "Your first steps with Pocketwise",
    paragraphs: (origin) => [
      "Here is how most families start:",
      "1. Add a child with their name and age.\n2. Set a monthly budget and an auto-approval limit.\n3. Give your child their sign-in code so they can shop from their own screen.",
      "Carts your child sends for approval appear on your dashboard, where you approve or decline them with a note.",
      link(origin, "/parent", "Add your first child"),
    ],
  },
  "payment-failed": {
    subject: "Your Pocketwise payment did not go through",
    paragraphs: (origin) => [
      "We could not take your latest Pocketwise payment. Your family's budgets, carts and history are safe, and your children can keep shopping for now.",
      "Please update the card on your account. If the payment is still failing after 7 days, your family moves to the Free plan's limits until it goes through; nothing is deleted.",
      link(origin, "/parent-center#billing", "Update your card"),
    ],
  },
  "payment-reminder": {
    subject: "Reminder: your Pocketwise payment is still failing",
    paragraphs: (origin) => [
      "Your latest Pocketwise payment has still not gone through. Your family's budgets, carts and history are safe.",
      "In 4 days your family will move to the Free plan's limits until the payment goes through: one child can keep shopping, with 5 approved purchases a month. Updating your card now keeps everything as it is.",
      link(origin, "/parent-center#billing", "Update your card"),
    ],
  },
  "payment-suspended": {
    subject: "Your family is on Free plan limits until your payment goes through",
    paragraphs: (origin) => [
      "We could not take your Pocketwise payment for 7 days, so your family now has the Free plan's limits: one child can shop, with 5 approved purchases a month. Nothing has been deleted: every child, cart and setting is kept.",
      "As soon as a payment goes through, your plan comes back at once.",
      link(origin, "/parent-center#billing", "Update your card"),
    ],
  },
};

export const TEMPLATE_NAMES = Object.keys(TEMPLATES);

export const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

/**
 * The product's look for every e-mail: the brand mark over one white card on a slate background, and a
 * footer in small print. Tables and inline styles, because mail clients drop most of CSS.
 */
export function mailFrame(bodyHtml: string, footerHtml = ""): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;padding:0;background:#f8fafc;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;">
<tr><td style="padding:0 4px 16px;font-family:${FONT};font-size:18px;font-weight:800;color:#5b21b6;"><span style="display:inline-block;width:32px;height:32px;line-height:32px;text-align:center;border-radius:8px;background:#6d28d9;color:#ffffff;">P</span>&nbsp; Pocketwise</td></tr>
<tr><td style="background:#ffffff;border:1px solid #e2e8f0;border-radius:16px;padding:24px;font-family:${FONT};font-size:16px;line-height:1.5;color:#0f172a;">
${bodyHtml}
</td></tr>
${footerHtml ? `<tr><td style="padding:16px 8px;font-family:${FONT};font-size:12px;line-height:1.5;color:#475569;">${footerHtml}</td></tr>\n` : ""}</table>
</td></tr></table>
</body></html>
`;
}

/**
 * Every Pocketwise e-mail's shape: a greeting by first name, the paragraphs, the team's signature, as
 * text and as HTML. A paragraph that is exactly `link` becomes a link in the HTML.
 */
export function composeMail(subject: string, firstName: string | null, body: string[], link?: string): MailContent {
  const paragraphs = [`Hi ${firstName?.trim() || "there"},`, ...body, "The Pocketwise team"];
  const text = `${paragraphs.join("\n\n")}\n`;
  const html = paragraphs
    .map((p) =>
      p === link
        ? `<p><a href="${escapeHtml(p)}">${escapeHtml(p)}</a></p>`
        : `<p>${escapeHtml(p).replaceAll("\n", "<br>")}</p>`,
    )
    .join("\n");
  return { subject, text, html: mailFrame(html) };
}

export function renderTemplate(name: string, context: TemplateContext): MailContent {
  const template = Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name] : undefined;
  if (!template) throw new UnknownTemplateError(name);
  return composeMail(template.subject, context.firstName, template.paragraphs(context.appOrigin));
}
