/*
 * docs/decisions/151: when a sign-up through a parent's link is the parent themself. Providers that deliver
 * "name+anything@" to "name@" would let one person open a second account and refer it; Gmail also ignores
 * dots in the name. Only these providers are folded: elsewhere a "+" or "." may name another mailbox.
 */
const PLUS_TAG_DOMAINS = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "icloud.com",
  "me.com",
  "proton.me",
  "protonmail.com",
  "fastmail.com",
]);
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** The mailbox an address reaches, as far as the rule above can tell. */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 1) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (PLUS_TAG_DOMAINS.has(domain)) local = local.split("+")[0] ?? local;
  if (DOTLESS_DOMAINS.has(domain)) local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}

export const sameMailbox = (a: string, b: string) => mailboxOf(a) === mailboxOf(b);
