import { type Cents, formatDollars, parseCents } from "../../../shared/rules/money";
import type { CartItem } from "../../../shared/schemas/carts";
import { NOTIFICATION_KIND_LABELS, type NotificationKind } from "../../../shared/schemas/notifications";
import { escapeHtml, type MailContent, mailFrame } from "../automations/mail-templates";

/** Where a guardian's e-mail points: the one-click unsubscribe link for its kind and the settings. */
export interface MailLinks {
  unsubscribeUrl: string;
  /** The API address a mail client POSTs to (RFC 8058); the page behind unsubscribeUrl POSTs there too. */
  oneClickUrl: string;
  settingsUrl: string;
}

export interface CartMailContext {
  firstName: string | null;
  childName: string;
  retailer: string;
  items: CartItem[];
  total: Cents;
  /** The month's budget and what is left of it before this cart. */
  budget: Cents;
  budgetLeft: Cents;
  /** The cart's decisionReason as the server wrote it ("Needs a parent: over the $10.00 auto-approval limit"). */
  reason: string | null;
  expiresAt: Date | null;
  dashboardUrl: string;
}

const FONT_BUTTON = "display:inline-block;padding:12px 22px;border-radius:10px;font-weight:700;text-decoration:none;";
const MUTED = "color:#475569;";

/** A child as messages name them: "Maya" for "Maya Rivera". */
export const childFirstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** "Nov 24 at 3:05 PM UTC": e-mail has no reader's time zone, so the time says which one it is in. */
export function formatWhen(date: Date): string {
  const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" }).format(date);
  const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC" }).format(date);
  return `${day} at ${time} UTC`;
}

/**
 * The auto-approval rule's reason in plain words: "Needs a parent: over the $10.00 auto-approval limit" (older carts stored it without the $)
 * becomes "it is over the $10.00 auto-approval limit".
 */
export function plainReason(reason: string | null): string | null {
  if (!reason?.startsWith("Needs a parent: ")) return null;
  const why = reason.slice("Needs a parent: ".length).replace(/(?<!\$)\b\d+\.\d{2}\b/g, (amount) => `$${amount}`);
  if (why.startsWith("over ")) return `it is ${why}`;
  if (why.startsWith("would ")) return `it ${why}`;
  return why;
}

const itemLine = (item: CartItem) => {
  const each = formatDollars(parseCents(item.price));
  return item.quantity > 1 ? `${item.name} ×${item.quantity}, ${each} each` : `${item.name}, ${each}`;
};

function itemsHtml(items: CartItem[]): string {
  const rows = items.map((item) => {
    const name = item.url
      ? `<a href="${escapeHtml(item.url)}" style="color:#6d28d9;">${escapeHtml(item.name)}</a>`
      : escapeHtml(item.name);
    const quantity = item.quantity > 1 ? ` <span style="${MUTED}">×${item.quantity}</span>` : "";
    const amount = formatDollars(parseCents(item.price) * item.quantity);
    return `<tr><td style="padding:8px 0;border-bottom:1px solid #e2e8f0;">${name}${quantity}</td><td align="right" style="padding:8px 0 8px 12px;border-bottom:1px solid #e2e8f0;white-space:nowrap;">${amount}</td></tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0;font-size:15px;">${rows.join("")}</table>`;
}

const button = (href: string, label: string, style: "approve" | "decline" | "plain") => {
  const colours =
    style === "approve"
      ? "background:#047857;color:#ffffff;border:1px solid #047857;"
      : style === "decline"
        ? "background:#ffffff;color:#0f172a;border:1px solid #cbd5e1;"
        : "background:#6d28d9;color:#ffffff;border:1px solid #6d28d9;";
  return `<a href="${escapeHtml(href)}" style="${FONT_BUTTON}${colours}">${escapeHtml(label)}</a>`;
};

const paragraph = (text: string) => `<p style="margin:0 0 14px;">${escapeHtml(text)}</p>`;

interface Parts {
  subject: string;
  firstName: string | null;
  /** Plain paragraphs before and after the rich middle. */
  intro: string[];
  middle?: { text: string; html: string };
  outro?: string[];
  /** When absent (the invitation), the e-mail has no unsubscribe footer or headers. */
  unsubscribe?: { kind: NotificationKind; links: MailLinks };
}

/** One notification e-mail, as text and as HTML in the product's frame, with its RFC 8058 headers. */
function compose(p: Parts): MailContent {
  const greeting = `Hi ${p.firstName?.trim() || "there"},`;
  const outro = p.outro ?? [];
  const sign = "The Pocketwise team";
  const textParts = [greeting, ...p.intro, ...(p.middle ? [p.middle.text] : []), ...outro, sign];
  const bodyHtml = [
    paragraph(greeting),
    ...p.intro.map(paragraph),
    p.middle?.html ?? "",
    ...outro.map(paragraph),
    `<p style="margin:0;">${sign}</p>`,
  ].join("\n");
  if (!p.unsubscribe) return { subject: p.subject, text: `${textParts.join("\n\n")}\n`, html: mailFrame(bodyHtml) };

  const { kind, links } = p.unsubscribe;
  const label = NOTIFICATION_KIND_LABELS[kind].label.toLowerCase();
  const why = `You get this because ${label} e-mails are on for your Pocketwise account.`;
  const footerText = `--\n${why}\nStop ${label} e-mails: ${links.unsubscribeUrl}\nChoose what we send you: ${links.settingsUrl}`;
  const footerHtml = `${escapeHtml(why)}<br><a href="${escapeHtml(links.unsubscribeUrl)}" style="color:#475569;">Stop ${escapeHtml(label)} e-mails</a> · <a href="${escapeHtml(links.settingsUrl)}" style="color:#475569;">Choose what we send you</a>`;
  return {
    subject: p.subject,
    text: `${textParts.join("\n\n")}\n\n${footerText}\n`,
    html: mailFrame(bodyHtml, footerHtml),
    headers: {
      "List-Unsubscribe": `<${links.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** The cart's summary: items, total, the budget left, and why it needs a parent. */
function cartSummary(c: CartMailContext): { text: string; html: string } {
  const budgetLine = `${c.childName} has ${formatDollars(Math.max(0, c.budgetLeft))} left of this month's ${formatDollars(c.budget)} budget.`;
  const overBudget = c.total > c.budgetLeft ? ` Approving this would take ${c.childName} over budget.` : "";
  const reason = plainReason(c.reason);
  const why = reason ? `It needs a parent because ${reason}.` : "";
  const text = [
    `Items:\n${c.items.map((item) => `- ${itemLine(item)}${item.url ? ` (${item.url})` : ""}`).join("\n")}`,
    `Total: ${formatDollars(c.total)}`,
    `${budgetLine}${overBudget}`,
    why,
  ]
    .filter(Boolean)
    .join("\n\n");
  const html = [
    itemsHtml(c.items),
    `<p style="margin:0 0 14px;font-size:18px;font-weight:700;">Total: ${formatDollars(c.total)}</p>`,
    paragraph(`${budgetLine}${overBudget}`),
    why ? paragraph(why) : "",
  ].join("\n");
  return { text, html };
}

function decisionButtons(c: CartMailContext, approveUrl: string, declineUrl: string) {
  const approveLabel = `Approve ${formatDollars(c.total)}`;
  const note = "Each button opens a page where you confirm: nothing is decided until you press the button there.";
  return {
    text: `${approveLabel}: ${approveUrl}\n\nDecline: ${declineUrl}\n\n${note}`,
    html: `<p style="margin:20px 0 8px;">${button(approveUrl, approveLabel, "approve")}&nbsp;&nbsp;${button(declineUrl, "Decline", "decline")}</p>\n<p style="margin:0 0 14px;font-size:14px;${MUTED}">${escapeHtml(note)}</p>`,
  };
}

const expiryLine = (c: CartMailContext) =>
  c.expiresAt
    ? `This request expires on ${formatWhen(c.expiresAt)}. If no one decides by then, it is declined and ${c.childName} can ask again.`
    : "";

const joinParts = (...parts: { text: string; html: string }[]) => ({
  text: parts.map((p) => p.text).join("\n\n"),
  html: parts.map((p) => p.html).join("\n"),
});

export function cartWaitingMail(
  c: CartMailContext,
  decide: { approveUrl: string; declineUrl: string },
  links: MailLinks,
): MailContent {
  return compose({
    subject: `${c.childName} is asking for ${formatDollars(c.total)} at ${c.retailer}`,
    firstName: c.firstName,
    intro: [`${c.childName} would like to buy from ${c.retailer} and is waiting for your decision.`],
    middle: joinParts(cartSummary(c), decisionButtons(c, decide.approveUrl, decide.declineUrl)),
    outro: [expiryLine(c)].filter(Boolean),
    unsubscribe: { kind: "approvals", links },
  });
}

export function cartReminderMail(
  c: CartMailContext,
  decide: { approveUrl: string; declineUrl: string },
  links: MailLinks,
): MailContent {
  return compose({
    subject: `Reminder: ${c.childName}'s ${formatDollars(c.total)} request at ${c.retailer} is still waiting`,
    firstName: c.firstName,
    intro: [
      `${c.childName}'s request from ${c.retailer} is still waiting for a decision, and half of its time has passed.`,
    ],
    middle: joinParts(cartSummary(c), decisionButtons(c, decide.approveUrl, decide.declineUrl)),
    outro: [expiryLine(c)].filter(Boolean),
    unsubscribe: { kind: "reminders", links },
  });
}

export function cartExpiredMail(c: CartMailContext, links: MailLinks): MailContent {
  return compose({
    subject: `${c.childName}'s request at ${c.retailer} expired`,
    firstName: c.firstName,
    intro: [
      `No one decided on ${c.childName}'s ${formatDollars(c.total)} request from ${c.retailer} in time, so it was declined automatically. ${c.childName} can ask again with one tap.`,
    ],
    middle: {
      text: `See ${c.childName}'s requests: ${c.dashboardUrl}`,
      html: `<p style="margin:16px 0;">${button(c.dashboardUrl, `See ${c.childName}'s requests`, "plain")}</p>`,
    },
    unsubscribe: { kind: "approvals", links },
  });
}

export function budgetWarningMail(
  c: {
    firstName: string | null;
    childName: string;
    percent: number;
    spent: Cents;
    budget: Cents;
    dashboardUrl: string;
  },
  links: MailLinks,
): MailContent {
  const left = formatDollars(Math.max(0, c.budget - c.spent));
  const almost = c.percent >= 90;
  return compose({
    subject: almost
      ? `${c.childName} is almost out of budget (${c.percent}% used)`
      : `${c.childName} has used ${c.percent}% of this month's budget`,
    firstName: c.firstName,
    intro: [
      `${c.childName} has spent ${formatDollars(c.spent)} of this month's ${formatDollars(c.budget)} budget, passing ${c.percent}%. ${left} is left until the month ends.`,
      almost
        ? "Carts that would go over the budget will wait for you, and you can still approve one over budget if it matters."
        : "This is a good moment to talk about what is still worth buying this month.",
    ],
    middle: {
      text: `See ${c.childName}'s dashboard: ${c.dashboardUrl}`,
      html: `<p style="margin:16px 0;">${button(c.dashboardUrl, `See ${c.childName}'s dashboard`, "plain")}</p>`,
    },
    unsubscribe: { kind: "budgetWarnings", links },
  });
}

export function badgeEarnedMail(
  c: { firstName: string | null; childName: string; title: string; description: string; dashboardUrl: string },
  links: MailLinks,
): MailContent {
  return compose({
    subject: `${c.childName} earned a badge: ${c.title}`,
    firstName: c.firstName,
    intro: [`${c.childName} earned the ${c.title} badge. ${c.description}`, "A word of praise goes a long way."],
    middle: {
      text: `See ${c.childName}'s badges: ${c.dashboardUrl}`,
      html: `<p style="margin:16px 0;">${button(c.dashboardUrl, `See ${c.childName}'s badges`, "plain")}</p>`,
    },
    unsubscribe: { kind: "achievements", links },
  });
}

/** Sent to an address that may have no account yet, because someone asked for it: no unsubscribe. */
export function invitationMail(c: {
  inviterName: string | null;
  familyName: string | null;
  link: string;
}): MailContent {
  const who = c.inviterName ?? "A parent";
  const family = c.familyName ? `the ${c.familyName} family` : "their family";
  return compose({
    subject: `${who} invited you to join ${family} on Pocketwise`,
    firstName: null,
    intro: [
      `${who} invited you to help look after ${family} on Pocketwise: you will see the children's budgets and decide on the carts they send.`,
      "Sign up or sign in through this link within 7 days to join:",
    ],
    middle: {
      text: c.link,
      html: `<p style="margin:16px 0 8px;">${button(c.link, "Join the family", "plain")}</p>\n<p style="margin:0 0 14px;font-size:14px;${MUTED}word-break:break-all;">Or open this address: ${escapeHtml(c.link)}</p>`,
    },
    outro: ["If you were not expecting this, ignore this e-mail: nothing happens unless you use the link."],
  });
}
