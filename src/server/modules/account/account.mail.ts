import { composeMail, type MailContent } from "../automations/mail-templates";

/** To the new address: the one link that proves the parent can read it. */
export function confirmEmailMail(firstName: string | null, link: string): MailContent {
  return composeMail(
    "Confirm your new Pocketwise e-mail",
    firstName,
    [
      "You asked to use this address for your Pocketwise account. Open this link within 24 hours to confirm it:",
      link,
      "Until you do, your account keeps its current e-mail. If you did not ask for this, ignore this e-mail.",
    ],
    link,
  );
}

/** To the old address when a change is asked for: a stolen session cannot move the account quietly. */
export function emailChangeRequestedMail(firstName: string | null, newEmail: string): MailContent {
  return composeMail("Your Pocketwise e-mail is about to change", firstName, [
    `Someone signed in to your Pocketwise account asked to change its e-mail to ${newEmail}. The change happens only once the link we sent to that address is opened.`,
    "If this was not you, change your password and choose Sign out everywhere in your Parent Center, or reply to this e-mail.",
  ]);
}

/** To both addresses once the link is opened. */
export function emailChangedMail(firstName: string | null, oldEmail: string, newEmail: string): MailContent {
  return composeMail("Your Pocketwise e-mail has changed", firstName, [
    `Your Pocketwise account's e-mail changed from ${oldEmail} to ${newEmail}. From now on, sign in and receive our e-mails with ${newEmail}.`,
    "If you did not make this change, reply to this e-mail at once.",
  ]);
}

export function passwordChangedMail(firstName: string | null): MailContent {
  return composeMail("Your Pocketwise password has changed", firstName, [
    "The password of your Pocketwise account was just changed, and every other device signed in to it was signed out.",
    "If you did not make this change, reset your password from the sign-in screen and reply to this e-mail.",
  ]);
}

/** docs/decisions/158: `when` as the receipt states it, e.g. "24 November 2026 at 12:30 UTC". */
const stated = (when: Date) =>
  `${when.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" })} at ${when.toISOString().slice(11, 16)} UTC`;

/** The receipt for a deleted family, to the owner: the one thing that remains of it, in their own inbox. */
export function familyDeletedMail(
  firstName: string | null,
  deleted: { at: Date; children: number; guardians: number; subscriptionCancelled: boolean },
): MailContent {
  const kids = deleted.children === 1 ? "1 child" : `${deleted.children} children`;
  return composeMail("Your Pocketwise account has been deleted", firstName, [
    `As you asked, on ${stated(deleted.at)} we deleted your Pocketwise account and your family with everything it held: ${kids} with their carts, chores, badges, budget categories, savings goals, lessons and consents, your settings, notifications, support tickets and referrals.`,
    ...(deleted.guardians > 0
      ? [
          `The ${deleted.guardians === 1 ? "other guardian keeps their" : `${deleted.guardians} other guardians keep their`} own Pocketwise account, without your family. Every device signed in to your family, your children's included, was signed out.`,
        ]
      : ["Every device signed in to your family, your children's included, was signed out."]),
    ...(deleted.subscriptionCancelled ? ["Your subscription was cancelled: you will not be charged again."] : []),
    "This e-mail is your receipt; we keep no copy of your data. If you did not ask for this, reply to this e-mail at once.",
  ]);
}

/** To each other guardian of a deleted family: why the family is gone from their account. */
export function familyDeletedForGuardianMail(firstName: string | null, ownerName: string | null): MailContent {
  return composeMail("A Pocketwise family you were part of was deleted", firstName, [
    `${ownerName?.trim() || "The family's owner"} deleted their Pocketwise account and their family with it, so you are no longer a guardian of that family. You were signed out everywhere.`,
    "Your own account stays: sign in again to find it, with a family of its own.",
  ]);
}

/** The receipt for a guardian who left a family and deleted their own account. */
export function guardianLeftMail(firstName: string | null, at: Date): MailContent {
  return composeMail("You have left the family and deleted your Pocketwise account", firstName, [
    `As you asked, on ${stated(at)} we deleted your Pocketwise account: your sign-in, your notification settings and devices, your support tickets and referrals. You are no longer a guardian of the family; the family and its children stay with its owner.`,
    "This e-mail is your receipt. If you did not ask for this, reply to this e-mail at once.",
  ]);
}

/** To the owner when a guardian leaves the family on their own. */
export function guardianLeftOwnerMail(firstName: string | null, guardianEmail: string): MailContent {
  return composeMail("A guardian has left your Pocketwise family", firstName, [
    `${guardianEmail} deleted their Pocketwise account and is no longer a guardian of your family. What they decided for your children stays in your family's history.`,
  ]);
}
