import { FileText } from "lucide-react";
import { LegalLayout, type LegalSection, MailLink, PageLink } from "./legal-layout";

const sections: LegalSection[] = [
  {
    id: "agreement",
    heading: "Agreeing to these terms",
    body: (
      <p>
        These terms are an agreement between Pocketwise and the parent or guardian who opens the account. By creating an
        account you confirm that you are <strong>18 or older</strong> and that you accept these terms for yourself and
        for the children you add.
      </p>
    ),
  },
  {
    id: "eligibility",
    heading: "Who may use Pocketwise",
    body: (
      <ul>
        <li>
          Children aged <strong>8 to 16</strong> may use Pocketwise <strong>under the supervision</strong> of the parent
          or guardian who manages their profile.
        </li>
        <li>
          A child <strong>under 13</strong> may only use the service after the parent completes{" "}
          <PageLink href="/coppa-consent">verifiable parental consent</PageLink>.
        </li>
        <li>Parents create and manage all accounts. Children cannot open an account on their own.</li>
      </ul>
    ),
  },
  {
    id: "how-it-works",
    heading: "How purchases work",
    body: (
      <>
        <p>
          A child adds items to a cart at a participating shop and checks out with Pocketwise. The cart goes to the
          parent, who approves it, denies it or suggests an alternative. Only an approved cart is paid, with the payment
          method the parent chose. Carts within the auto-approval limit and budget the parent set may be approved
          automatically.
        </p>
        <p>
          The retailer sells the goods; returns and delivery follow the retailer's own policies. Pocketwise is not the
          seller of record.
        </p>
      </>
    ),
  },
  {
    id: "plans",
    heading: "Plans and billing",
    body: (
      <>
        <ul>
          <li>
            <strong>Free:</strong> $0, 1 child, 5 purchases a month.
          </li>
          <li>
            <strong>Family:</strong> $9.99 a month, up to 5 children.
          </li>
          <li>
            <strong>Premium:</strong> $19.99 a month, unlimited children, AI insights and chore integration.
          </li>
          <li>
            <strong>Family Plus:</strong> $29.99 a month, everything in Premium plus prepaid debit cards.
          </li>
        </ul>
        <p>
          Paid plans renew monthly until cancelled. You can cancel at any time from your account; the plan stays active
          until the end of the paid month.
        </p>
      </>
    ),
  },
  {
    id: "refunds",
    heading: "Refunds",
    body: (
      <p>
        If Pocketwise is not right for your family, ask for a refund of a subscription payment{" "}
        <strong>within 30 days</strong> of the charge and we will return it in full. Refunds for goods are handled by
        the retailer that sold them.
      </p>
    ),
  },
  {
    id: "failed-payments",
    heading: "Failed payments and suspension",
    body: (
      <p>
        If a subscription payment fails we tell you by e-mail and try again. If it still has not succeeded{" "}
        <strong>7 days</strong> after the first failure, the account is suspended: children cannot check out until the
        payment method is updated. No data is deleted while an account is suspended.
      </p>
    ),
  },
  {
    id: "responsibilities",
    heading: "Your responsibilities",
    body: (
      <ul>
        <li>Keep your sign-in details private. Sessions end after 30 minutes without activity to help protect you.</li>
        <li>Set budgets and rules that suit each child, and review carts that need your decision.</li>
        <li>Give accurate information, and keep your payment method up to date.</li>
        <li>Do not use Pocketwise to buy anything a child may not lawfully buy.</li>
      </ul>
    ),
  },
  {
    id: "records",
    heading: "Records and privacy",
    body: (
      <p>
        We keep financial records for <strong>7 years</strong> as the law requires. How we collect, use and protect
        information, and how we answer privacy requests within 30 days, is set out in our{" "}
        <PageLink href="/privacy">Privacy Policy</PageLink>. We tell you of any security breach affecting your data
        within 72 hours.
      </p>
    ),
  },
  {
    id: "changes",
    heading: "Changes and contact",
    body: (
      <p>
        We tell you by e-mail at least 30 days before a change to these terms takes effect. Questions about these terms:{" "}
        <MailLink to="legal@pocketwise.app" />.
      </p>
    ),
  },
];

export default function TermsPage() {
  return (
    <LegalLayout
      title="Terms of Service"
      icon={FileText}
      updated="November 1, 2026"
      intro={
        <p>
          These terms describe how Pocketwise works for families: who may use it, what each plan costs, and what happens
          with refunds and missed payments.
        </p>
      }
      sections={sections}
    />
  );
}
