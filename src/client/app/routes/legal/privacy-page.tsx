import { ShieldCheck } from "lucide-react";
import { LegalLayout, type LegalSection, MailLink, PageLink } from "./legal-layout";

// spec 001 §2.3 and spec 000 §9: the facts every legal page states.
const sections: LegalSection[] = [
  {
    id: "who",
    heading: "Who Pocketwise is for",
    body: (
      <>
        <p>
          Pocketwise is a family service. It is meant for <strong>children aged 8 to 16</strong> who shop{" "}
          <strong>under the supervision of a parent or guardian</strong>. Parents and guardians must be{" "}
          <strong>18 or older</strong>, and they create and manage every account in the family.
        </p>
        <p>
          For children <strong>under 13</strong> we collect personal information only after a parent has given
          verifiable parental consent, as the Children's Online Privacy Protection Act (COPPA) requires. Parents give
          that consent through our <PageLink href="/coppa-consent">parental consent form</PageLink>.
        </p>
      </>
    ),
  },
  {
    id: "collect",
    heading: "What we collect",
    body: (
      <>
        <p>We collect only what the service needs to work:</p>
        <ul>
          <li>
            <strong>From parents:</strong> name, e-mail address, phone number, sign-in details, the plan you chose and
            the payment method you use to complete approved purchases.
          </li>
          <li>
            <strong>About children, entered by a parent:</strong> first name, age, a profile colour, the monthly budget
            and the auto-approval limit.
          </li>
          <li>
            <strong>From use of the service:</strong> carts a child sends for approval, the parent's decisions,
            completed lessons, badges and chores.
          </li>
        </ul>
        <p>
          We do not ask children for their home address, school, photos or contact details, and we do not show children
          advertising.
        </p>
      </>
    ),
  },
  {
    id: "use",
    heading: "How we use information",
    body: (
      <ul>
        <li>To send a child's cart to the parent and carry out the parent's approve, deny or alternative decision.</li>
        <li>To keep each child within the budget and rules the parent set.</li>
        <li>To give children lessons, badges and challenges that match their age and spending.</li>
        <li>To run billing for paid plans, prevent fraud and keep accounts secure.</li>
        <li>To send service e-mails, and marketing e-mails only when a parent opted in.</li>
      </ul>
    ),
  },
  {
    id: "sharing",
    heading: "Who we share it with",
    body: (
      <>
        <p>
          We never sell personal information. We share it only with the payment provider and the retailer that complete
          a purchase a parent approved, and with service providers bound by contract to protect it. We disclose
          information when the law requires us to.
        </p>
      </>
    ),
  },
  {
    id: "plans",
    heading: "Plans and what they include",
    body: (
      <ul>
        <li>
          <strong>Free:</strong> 1 child and 5 purchases a month.
        </li>
        <li>
          <strong>Family:</strong> $9.99 a month, up to 5 children.
        </li>
        <li>
          <strong>Premium:</strong> $19.99 a month, unlimited children, AI insights and chore integration. AI insights
          are built from the family's own spending records and are never used to profile children for advertising.
        </li>
        <li>
          <strong>Family Plus:</strong> $29.99 a month, adds prepaid debit cards. Card data is handled by our
          PCI-compliant payment provider, not stored by Pocketwise.
        </li>
      </ul>
    ),
  },
  {
    id: "rights",
    heading: "Your rights as a parent",
    body: (
      <>
        <p>A parent or guardian may at any time:</p>
        <ul>
          <li>review the personal information we hold about their child;</li>
          <li>ask us to correct or modify it;</li>
          <li>ask us to delete it, or delete a child's profile from the dashboard;</li>
          <li>withdraw consent to further collection and use;</li>
          <li>receive a portable copy of the family's data.</li>
        </ul>
        <p>
          We answer every privacy request <strong>within 30 days</strong>. Write to{" "}
          <MailLink to="privacy@pocketwise.app" />.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    heading: "How long we keep information",
    body: (
      <>
        <p>
          Financial records such as approved purchases and payments are kept for <strong>7 years</strong>, as tax and
          payment regulations require. Other information is deleted when the account or child profile is deleted, or
          when the parent withdraws consent.
        </p>
        <p>
          Signed-in sessions end after <strong>30 minutes</strong> without activity.
        </p>
      </>
    ),
  },
  {
    // docs/retention.md: the periods the product applies, each deleted by a daily job.
    id: "retention-periods",
    heading: "How long we keep data",
    body: (
      <>
        <p>
          Your family's information is kept while your account exists: your children's profiles, chores, badges,
          budgets, savings goals and lessons, and the consent you gave for each child, which is deleted with that child.
          Deleting a child's profile deletes that child's information at once; deleting your account deletes the
          family's. While your account exists, we also delete these on a schedule, every day:
        </p>
        <ul>
          <li>
            <strong>Purchase requests</strong> (approved, declined or completed): <strong>7 years</strong> after the
            last of when they were sent, decided and completed, as financial records. Requests still waiting for a
            decision are never deleted.
          </li>
          <li>
            <strong>Sign-ins</strong>: sessions, children's sign-in codes, remembered devices, password reset and e-mail
            change links, and invitations to join your family (valid <strong>7 days</strong>) are deleted as soon as
            they expire.
          </li>
          <li>
            <strong>E-mails and notifications</strong> we sent you: <strong>30 days</strong>, so we can look into a
            message that did not arrive. Approve and Decline links from e-mails: 30 days after they lapse.
          </li>
          <li>
            <strong>Addresses you invited</strong> to try Pocketwise: <strong>7 days</strong>.
          </li>
          <li>
            <strong>Closed support tickets</strong>: <strong>2 years</strong> after they were closed.
          </li>
          <li>
            <strong>Payment notices</strong> from our payment provider: <strong>90 days</strong>. Refunds and plan
            changes made by our staff: <strong>7 years</strong>.
          </li>
          <li>
            <strong>Forms sent without an account</strong>: demo requests <strong>1 year</strong>, consent forms from
            the public consent page <strong>2 years</strong>. Newsletter addresses are kept until you ask us to remove
            them.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "breach",
    heading: "If something goes wrong",
    body: (
      <p>
        If a security breach affects your family's personal information, we notify you and the relevant authorities{" "}
        <strong>within 72 hours</strong> of learning of it, with what happened and what we are doing about it. Read more
        on our <PageLink href="/security">Security &amp; Data Protection</PageLink> page.
      </p>
    ),
  },
  {
    id: "contact",
    heading: "Contact",
    body: (
      <p>
        Privacy officer: <MailLink to="privacy@pocketwise.app" />. Compliance:{" "}
        <MailLink to="compliance@pocketwise.app" />.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy Policy"
      icon={ShieldCheck}
      updated="November 24, 2026"
      intro={
        <p>
          This policy explains what Pocketwise collects about families, why, and the choices parents have. We wrote it
          to be read, not skimmed past: if anything is unclear, ask us.
        </p>
      }
      sections={sections}
    />
  );
}
