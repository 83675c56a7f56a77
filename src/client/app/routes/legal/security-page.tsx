import { Lock } from "lucide-react";
import { LegalLayout, type LegalSection, MailLink, PageLink } from "./legal-layout";

const sections: LegalSection[] = [
  {
    id: "approach",
    heading: "Our approach",
    body: (
      <p>
        Pocketwise handles children's information and family money, so security is part of every feature rather than an
        add-on. The service is for children aged <strong>8 to 16</strong> under parental supervision; parents must be{" "}
        <strong>18 or older</strong>, and children under 13 join only with{" "}
        <PageLink href="/coppa-consent">verifiable parental consent</PageLink>.
      </p>
    ),
  },
  {
    id: "accounts",
    heading: "Account protection",
    body: (
      <ul>
        <li>Passwords are stored only as salted, slow hashes (argon2id), never as text.</li>
        <li>
          Signed-in sessions end after <strong>30 minutes</strong> without activity, and the session changes at every
          sign-in.
        </li>
        <li>Repeated failed sign-ins are slowed down and then blocked for a while.</li>
        <li>Children sign in with a one-time code from their parent and can only see their own dashboard.</li>
      </ul>
    ),
  },
  {
    id: "payments",
    heading: "Payments and cards",
    body: (
      <>
        <p>
          Card details go straight to our PCI DSS compliant payment provider; Pocketwise never stores full card numbers.
          Nothing is charged until a parent approves a cart or it meets the auto-approval rules the parent set.
        </p>
        <p>
          Prepaid debit cards on the <strong>Family Plus</strong> plan ($29.99 a month) carry spending limits the parent
          controls and can be frozen from the dashboard. The other plans are Free (1 child, 5 purchases a month), Family
          ($9.99 a month, up to 5 children) and Premium ($19.99 a month, unlimited children, AI insights, chore
          integration).
        </p>
      </>
    ),
  },
  {
    id: "data",
    heading: "Protecting data",
    body: (
      <ul>
        <li>All traffic between your browser and Pocketwise is encrypted with TLS.</li>
        <li>Staff reach family data only through the admin area, and only the people who need it for support.</li>
        <li>
          Financial records are kept for <strong>7 years</strong>; other data is deleted when a parent deletes a profile
          or withdraws consent.
        </li>
        <li>
          Parents can review, modify, delete or export their family's data; privacy requests are answered{" "}
          <strong>within 30 days</strong>.
        </li>
      </ul>
    ),
  },
  {
    id: "incidents",
    heading: "Incident response",
    body: (
      <p>
        If a breach affects personal information, we notify affected families and the authorities{" "}
        <strong>within 72 hours</strong> of discovering it, explain what happened and what we have done, and tell you
        what you can do.
      </p>
    ),
  },
  {
    id: "billing-safety",
    heading: "Billing safeguards",
    body: (
      <p>
        A failed subscription payment never stops a parent from seeing their data. After <strong>7 days</strong> of
        failed payment the account is suspended so no new purchases go through, and subscription refunds can be asked
        for within <strong>30 days</strong>.
      </p>
    ),
  },
  {
    id: "report",
    heading: "Report a security issue",
    body: (
      <p>
        Found a vulnerability? Write to our security team at <MailLink to="security@pocketwise.app" />. We answer within
        two working days and never take action against good-faith research.
      </p>
    ),
  },
];

export default function SecurityPage() {
  return (
    <LegalLayout
      title="Security & Data Protection"
      icon={Lock}
      updated="November 1, 2026"
      intro={
        <p>
          How we keep family accounts, children's information and payments safe, and what we do if something goes wrong.
        </p>
      }
      sections={sections}
    />
  );
}
