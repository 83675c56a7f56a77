import type { ReactNode } from "react";
import { Section, SectionHeading } from "./section";

/**
 * spec 001 §2.2 "Referral section". Its content (how the programme works, or a parent's own link and
 * rewards) belongs to the referrals feature and arrives as `children` (docs/decisions/151).
 */
export function ReferralSection({ children }: { children: ReactNode }) {
  return (
    <Section id="referral" headingId="referral-title">
      <SectionHeading
        id="referral-title"
        eyebrow="Refer a family"
        title="Share Pocketwise, earn free months"
        description="Invite families you know. When they join with your link, you earn free months and more."
      />
      <div className="mt-10">{children}</div>
    </Section>
  );
}
