import { composeMail, type MailContent } from "../automations/mail-templates";

/*
 * docs/decisions/157: what a parent hears about a consent. Each names the child and the reference the parent
 * can quote to us.
 */

export function consentReceivedMail(
  name: string | null,
  childName: string,
  reference: string,
  link: string,
): MailContent {
  return composeMail(
    `We received your consent for ${childName}`,
    name,
    [
      `Thank you. We received your parental consent for ${childName} (reference ${reference}).`,
      "A member of our team checks it, usually within 24-48 hours, and e-mails you as soon as it is done. Until then, " +
        `${childName} cannot sign in yet.`,
      `You can see its status in ${childName}'s settings:`,
      link,
    ],
    link,
  );
}

export function consentVerifiedMail(
  name: string | null,
  childName: string,
  reference: string,
  link: string,
): MailContent {
  return composeMail(
    `${childName} can sign in to Pocketwise`,
    name,
    [
      `Your parental consent for ${childName} is verified (reference ${reference}).`,
      `${childName} can sign in now: create a sign-in code from your dashboard.`,
      "You can review, change or withdraw your consent at any time in the child's settings:",
      link,
    ],
    link,
  );
}

export function consentRejectedMail(
  name: string | null,
  childName: string,
  reference: string,
  reason: string,
  link: string,
): MailContent {
  return composeMail(
    `We could not verify your consent for ${childName}`,
    name,
    [
      `We could not verify your parental consent for ${childName} (reference ${reference}).`,
      `The reason: ${reason}`,
      `${childName} cannot sign in until a consent is verified. You can give it again with another method here:`,
      link,
      "If you have questions, reply to this e-mail and quote the reference.",
    ],
    link,
  );
}
