import {
  type Consent,
  DEMO_INTERESTS,
  DEMO_ROLES,
  type DemoRequest,
  type NewsletterSubscription,
  TIME_PREFERENCES,
} from "@shared/schemas/public-forms";
import type { AnalyticsOverview } from "@shared/schemas/staff";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useConsents } from "../api/get-consents";
import { useDemoRequests } from "../api/get-demo-requests";
import { useNewsletterSubscriptions } from "../api/get-newsletter-subscriptions";
import { ConsentReviews } from "./consent-reviews";
import { LoadFailed } from "./overview-tab";
import { formatDateTime } from "./status-badges";

// Enough to follow up on this week's submissions without a long page; the card says when there are more.
const SHOWN = 20;

const labelOf = (list: readonly { id: string; label: string }[], id: string | null) =>
  list.find((item) => item.id === id)?.label ?? null;

const VERIFICATION: Record<NonNullable<Consent["verificationMethod"]>, string> = {
  "credit-card": "Credit card",
  "government-id": "Government ID",
  "phone-verification": "Phone call",
};

/** docs/product-contract.md "Public forms": what visitors sent from the consent wizard, the demo form and the newsletter box. */
export function FormsTab({ overview }: { overview: AnalyticsOverview["overview"] | undefined }) {
  const demoRequests = useDemoRequests(SHOWN);
  const consents = useConsents(SHOWN);
  const subscriptions = useNewsletterSubscriptions(SHOWN);
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="grid grid-cols-1 gap-6">
        <SubmissionsCard
          id="demo-requests"
          title="Demo requests"
          description="From the Schedule a Demo page, newest first"
          query={demoRequests}
          total={overview?.totalDemoRequests}
          empty="No demo requests yet. Visitors ask for one on the Schedule a Demo page."
          render={(d: DemoRequest) => <DemoRequestItem request={d} />}
        />
        {/* After the demo requests, whose newest e-mail link is the panel's first keyboard stop (staff.spec). */}
        <ConsentReviews />
        <SubmissionsCard
          id="consents"
          title="Parental consents"
          description="From the consent wizard, newest first"
          query={consents}
          total={overview?.totalConsents}
          empty="No consents recorded yet. Parents give them in the consent wizard."
          render={(c: Consent) => <ConsentItem consent={c} />}
        />
      </div>
      <SubmissionsCard
        id="newsletter"
        title="Newsletter sign-ups"
        description="Parent guides subscribers, newest first"
        query={subscriptions}
        total={overview?.totalNewsletterSubscribers}
        empty="No one has subscribed yet. Visitors sign up at the foot of the home page."
        render={(s: NewsletterSubscription) => <SubscriptionItem subscription={s} />}
      />
    </div>
  );
}

function SubmissionsCard<T extends { id: string }>(props: {
  id: string;
  title: string;
  description: string;
  query: UseQueryResult<T[]>;
  /** All of them, from the overview fetched with the dashboard; absent when that failed. */
  total: number | undefined;
  empty: string;
  render: (item: T) => ReactNode;
}) {
  const { id, title, description, query, total, empty, render } = props;
  const items = query.data;
  const titleId = `${id}-title`;
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label={`Loading ${title.toLowerCase()}`} className="py-6" />
        ) : items === undefined ? (
          <LoadFailed what={title.toLowerCase()} />
        ) : items.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">{empty}</p>
        ) : (
          <>
            <ul className="divide-y divide-slate-200">
              {items.map((item) => (
                <li key={item.id} className="py-3 first:pt-0 last:pb-0">
                  {render(item)}
                </li>
              ))}
            </ul>
            {total !== undefined && total > items.length && (
              <p className="mt-4 border-t border-slate-200 pt-3 text-sm text-slate-600">
                Showing the {items.length} most recent of {total}.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ItemHeading({ name, date }: { name: string; date: string }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
      <h3 className="font-semibold text-slate-900 wrap-anywhere">{name}</h3>
      <time dateTime={date} className="shrink-0 text-sm text-slate-600">
        {formatDateTime(date)}
      </time>
    </div>
  );
}

function Contact({ email, phone }: { email: string; phone: string | null }) {
  return (
    <p className="text-sm text-slate-600 wrap-anywhere">
      <a
        href={`mailto:${email}`}
        className="rounded-sm text-brand-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {email}
      </a>
      {phone && <> · {phone}</>}
    </p>
  );
}

function Details({ rows }: { rows: [string, string | null][] }) {
  const given = rows.filter((row): row is [string, string] => row[1] !== null);
  if (given.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
      {given.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-slate-600">{term}</dt>
          <dd className="text-slate-900 wrap-anywhere">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DemoRequestItem({ request: d }: { request: DemoRequest }) {
  return (
    <article aria-label={`Demo request from ${d.firstName} ${d.lastName}`}>
      <ItemHeading name={`${d.firstName} ${d.lastName}`} date={d.createdAt} />
      <Contact email={d.email} phone={d.phone} />
      <Details
        rows={[
          ["Role", labelOf(DEMO_ROLES, d.role)],
          ["Organization", d.company],
          ["Children", d.familySize],
          ["Preferred time", labelOf(TIME_PREFERENCES, d.timePreference)],
        ]}
      />
      {d.interests.length > 0 && (
        <ul aria-label="Interested in" className="mt-2 flex flex-wrap gap-1.5">
          {d.interests.map((id) => (
            <li key={id}>
              <Badge variant="neutral">{labelOf(DEMO_INTERESTS, id)}</Badge>
            </li>
          ))}
        </ul>
      )}
      {d.message && (
        <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm whitespace-pre-line text-slate-800 wrap-anywhere">
          {d.message}
        </p>
      )}
    </article>
  );
}

function ConsentItem({ consent: c }: { consent: Consent }) {
  return (
    <article aria-label={`Consent from ${c.fullName}`}>
      <ItemHeading name={c.fullName} date={c.createdAt} />
      <Contact email={c.email} phone={c.phone} />
      <Details
        rows={[
          ["Relationship", c.relationship === "guardian" ? "Legal guardian" : "Parent"],
          ["Child's age", String(c.childAge)],
          // Only the under-13 path asks for a check (docs/decisions/060), so a missing one is expected there.
          ["Identity check", c.verificationMethod ? VERIFICATION[c.verificationMethod] : "Not needed (13 or older)"],
        ]}
      />
      <ul aria-label="Consents" className="mt-2 flex flex-wrap gap-1.5">
        {c.dataCollection && <ConsentBadge agreed>Data collection</ConsentBadge>}
        {c.educational && <ConsentBadge agreed>Educational content</ConsentBadge>}
        {c.thirdParty && <ConsentBadge agreed>Payment and shopping partners</ConsentBadge>}
        <ConsentBadge agreed={c.marketing}>{c.marketing ? "Marketing e-mails" : "No marketing e-mails"}</ConsentBadge>
      </ul>
    </article>
  );
}

function ConsentBadge({ agreed, children }: { agreed: boolean; children: ReactNode }) {
  return (
    <li>
      <Badge variant={agreed ? "approved" : "neutral"}>{children}</Badge>
    </li>
  );
}

function SubscriptionItem({ subscription: s }: { subscription: NewsletterSubscription }) {
  return (
    <div className="flex flex-col gap-0.5">
      <p className="font-medium text-slate-900 wrap-anywhere">{s.email}</p>
      <time dateTime={s.createdAt} className="text-sm text-slate-600">
        {formatDateTime(s.createdAt)}
      </time>
    </div>
  );
}
