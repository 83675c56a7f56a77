/** The e-mails automations send, named by the `template` of a workflow's send_email step. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
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
      "Please check the card on your account. If the payment is still failing in a few days, our support team will get in touch to help.",
      link(origin, "/parent", "Check your account"),
    ],
  },
};

export const TEMPLATE_NAMES = Object.keys(TEMPLATES);

const escapeHtml = (s: string) =>
  s.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

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
  return { subject, text, html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n` };
}

export function renderTemplate(name: string, context: TemplateContext): MailContent {
  const template = Object.hasOwn(TEMPLATES, name) ? TEMPLATES[name] : undefined;
  if (!template) throw new UnknownTemplateError(name);
  return composeMail(template.subject, context.firstName, template.paragraphs(context.appOrigin));
}
