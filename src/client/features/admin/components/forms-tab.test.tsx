import type { Consent, DemoRequest, NewsletterSubscription } from "@shared/schemas/public-forms";
import type { AnalyticsOverview } from "@shared/schemas/staff";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { FormsTab } from "./forms-tab";

let answers: Record<string, () => Response>;
let urls: string[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  urls = [];
  answers = {};
  vi.stubGlobal("fetch", async (url: string) => {
    urls.push(url);
    // The consent reviews (consent-reviews.test.tsx) sit in this tab too; here they are an empty queue.
    const answer =
      answers[url.split("?")[0] ?? ""] ??
      (url.startsWith("/api/admin/consent-reviews?") ? () => json(200, []) : undefined);
    if (!answer) throw new Error(`unexpected fetch of ${url}`);
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const overview = (totals: Partial<AnalyticsOverview["overview"]> = {}): AnalyticsOverview["overview"] => ({
  totalUsers: 0,
  totalExecutions: 0,
  totalTickets: 0,
  executionStats: [],
  totalConsents: 0,
  totalDemoRequests: 0,
  totalNewsletterSubscribers: 0,
  ...totals,
});

function renderTab(totals?: Partial<AnalyticsOverview["overview"]>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormsTab overview={overview(totals)} />
    </QueryClientProvider>,
  );
}

const region = (name: string) => screen.getByRole("region", { name });

const demoRequest: DemoRequest = {
  id: "d1",
  firstName: "Morgan",
  lastName: "Diaz",
  email: "morgan@school.example.org",
  phone: "+1 555 010 2030",
  company: "Lincoln Middle School",
  role: "educator",
  familySize: "5+",
  timePreference: "afternoon",
  interests: ["financial-education", "institution-licensing"],
  message: "Two classes of 12-year-olds.",
  createdAt: "2026-11-22T15:30:00.000Z",
};

const consent = (over: Partial<Consent>): Consent => ({
  id: "c1",
  childAge: 10,
  fullName: "Jordan Lee",
  email: "jordan@example.com",
  phone: "(555) 123-4567",
  relationship: "guardian",
  verificationMethod: "government-id",
  dataCollection: true,
  educational: true,
  thirdParty: true,
  marketing: false,
  createdAt: "2026-11-21T09:00:00.000Z",
  ...over,
});

const subscription: NewsletterSubscription = {
  id: "n1",
  email: "reader@example.com",
  createdAt: "2026-11-20T08:00:00.000Z",
};

describe("FormsTab", () => {
  test("asks for the 20 newest of each and says so when each list is empty", async () => {
    answers = {
      "/api/admin/demo-requests": () => json(200, []),
      "/api/admin/consents": () => json(200, []),
      "/api/admin/newsletter": () => json(200, []),
    };
    renderTab();
    await screen.findByText(/No demo requests yet/);
    await screen.findByText(/No consents recorded yet/);
    await screen.findByText(/No one has subscribed yet/);
    expect(urls.sort()).toEqual([
      "/api/admin/consent-reviews?status=pending&limit=20",
      "/api/admin/consents?limit=20",
      "/api/admin/demo-requests?limit=20",
      "/api/admin/newsletter?limit=20",
    ]);
  });

  test("shows each submission's key fields in words, and how many there are in all", async () => {
    answers = {
      "/api/admin/demo-requests": () =>
        json(200, [demoRequest, { ...demoRequest, id: "d2", firstName: "Sam", role: null, interests: [] }]),
      "/api/admin/consents": () =>
        json(200, [consent({}), consent({ id: "c2", fullName: "Alex Kim", childAge: 14, verificationMethod: null })]),
      "/api/admin/newsletter": () => json(200, [subscription]),
    };
    renderTab({ totalDemoRequests: 2, totalConsents: 2, totalNewsletterSubscribers: 35 });

    const morgan = await within(region("Demo requests")).findByRole("article", {
      name: "Demo request from Morgan Diaz",
    });
    for (const text of [
      "Educator/Teacher",
      "Lincoln Middle School",
      "Afternoon (12 PM - 5 PM)",
      "Financial education for children",
      "Educational institution licensing",
      "Two classes of 12-year-olds.",
    ]) {
      expect(within(morgan).getByText(text)).toBeTruthy();
    }
    expect(within(morgan).getByRole("link", { name: "morgan@school.example.org" }).getAttribute("href")).toBe(
      "mailto:morgan@school.example.org",
    );
    expect(within(morgan).getByText(/2026/).getAttribute("dateTime")).toBe(demoRequest.createdAt);
    expect(within(region("Demo requests")).queryByText(/most recent of/)).toBeNull();

    const jordan = within(region("Parental consents")).getByRole("article", { name: "Consent from Jordan Lee" });
    expect(within(jordan).getByText("Legal guardian")).toBeTruthy();
    expect(within(jordan).getByText("Government ID")).toBeTruthy();
    expect(within(jordan).getByText("No marketing e-mails")).toBeTruthy();
    const alex = within(region("Parental consents")).getByRole("article", { name: "Consent from Alex Kim" });
    expect(within(alex).getByText("Not needed (13 or older)")).toBeTruthy();

    const newsletter = region("Newsletter sign-ups");
    await within(newsletter).findByText("reader@example.com");
    expect(within(newsletter).getByText("Showing the 1 most recent of 35.")).toBeTruthy();
  });

  test("a list that fails to load says so without hiding the others", async () => {
    answers = {
      "/api/admin/demo-requests": () => json(200, [demoRequest]),
      "/api/admin/consents": () => json(200, []),
      "/api/admin/newsletter": () => json(500, { message: "Internal Server Error" }),
    };
    renderTab();
    await within(region("Newsletter sign-ups")).findByText(/Could not load the newsletter sign-ups/);
    await within(region("Demo requests")).findByRole("article", { name: "Demo request from Morgan Diaz" });
  });
});
