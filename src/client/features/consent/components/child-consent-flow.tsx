import type { ChildConsent, ConsentStatus } from "@shared/schemas/child-consents";
import { useState } from "react";
import {
  ChildConsentCardReturn,
  ChildConsentInReview,
  ChildConsentNotNeeded,
  ChildConsentVerified,
} from "./child-consent-status";
import { ChildConsentWizard, type ConsentChild } from "./child-consent-wizard";

/**
 * /coppa-consent?child={id} for a signed-in parent (docs/decisions/160): the wizard while the child still needs
 * consent, what happens next once it is sent, and the card check's answer on the way back from Stripe
 * (`&checked={consentId}`).
 */
export function ChildConsentFlow({
  child,
  parent,
  cardUnavailable,
  checkedConsentId,
}: {
  child: ConsentChild & { consentStatus: ConsentStatus };
  parent: { fullName: string; email: string };
  cardUnavailable?: string;
  checkedConsentId: string | null;
}) {
  const [recorded, setRecorded] = useState<ChildConsent | null>(null);

  if (recorded) return <ChildConsentInReview childName={child.name} consent={recorded} />;
  if (checkedConsentId) {
    return <ChildConsentCardReturn childId={child.id} childName={child.name} consentId={checkedConsentId} />;
  }
  switch (child.consentStatus) {
    case "not_needed":
      return <ChildConsentNotNeeded childName={child.name} />;
    case "verified":
      return <ChildConsentVerified childName={child.name} />;
    case "pending":
      return <ChildConsentInReview childName={child.name} />;
    case "required":
      return (
        <ChildConsentWizard child={child} parent={parent} cardUnavailable={cardUnavailable} onRecorded={setRecorded} />
      );
  }
}
