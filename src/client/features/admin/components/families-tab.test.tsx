import type { AdminFamily, AdminFamilyRow, AuditEntry, Charge } from "@shared/schemas/admin-families";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { FamiliesTab } from "./families-tab";

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let answers: Record<string, (url: string) => Response>;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url.split("?")[0]}`];
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    return answer(url);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = (over: Partial<AdminFamilyRow> = {}): AdminFamilyRow => ({
  id: "f1",
  ownerEmail: "quinn@example.com",
  ownerName: "Quinn Parent",
  plan: "free",
  status: null,
  trialEndsAt: null,
  childrenCount: 1,
  referralsCount: 2,
  createdAt: "2026-11-01T10:00:00.000Z",
  ...over,
});

const entry = (over: Partial<AuditEntry> = {}): AuditEntry => ({
  id: "a1",
  adminId: "s1",
  adminEmail: "ada.staff@example.com",
  action: "plan.set",
  familyId: "f1",
  details: { from: "free", to: "family" },
  createdAt: "2026-11-24T09:00:00.000Z",
  ...over,
});

const charge = (over: Partial<Charge> = {}): Charge => ({
  id: "ch_1",
  amount: "9.99",
  amountRefunded: "0.00",
  currency: "usd",
  created: "2026-11-20T10:00:00.000Z",
  description: "Pocketwise subscription",
  refunded: false,
  refundable: true,
  notRefundableReason: null,
  ...over,
});

const family = (over: Partial<AdminFamily> = {}): AdminFamily => ({
  id: "f1",
  ownerEmail: "quinn@example.com",
  ownerName: "Quinn Parent",
  createdAt: "2026-11-01T10:00:00.000Z",
  guardians: [{ id: "f1", email: "quinn@example.com", name: "Quinn Parent", role: "owner" }],
  childrenCount: 1,
  billing: {
    configured: true,
    plan: "free",
    status: "trialing",
    trialEndsAt: "2026-12-05T10:00:00.000Z",
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    subscribedPlan: "family",
    trialAvailable: false,
    paymentFailedAt: null,
    suspendsAt: null,
    suspended: false,
    grantedPlan: null,
    grantedUntil: null,
  },
  staffPlan: null,
  referrals: {
    count: 2,
    referred: [{ id: "u9", email: "friend@example.com", name: "Frida Friend", createdAt: "2026-11-10T10:00:00.000Z" }],
  },
  audit: [],
  charges: [],
  paymentsConfigured: true,
  ...over,
});

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FamiliesTab />
    </QueryClientProvider>,
  );
}

async function openFamily(detail: AdminFamily) {
  answers["GET /api/admin/families"] = () => json(200, [row()]);
  answers["GET /api/admin/audit"] = () => json(200, []);
  answers["GET /api/admin/families/f1"] = () => json(200, detail);
  renderTab();
  fireEvent.click(await screen.findByRole("button", { name: /Quinn Parent/ }));
  return screen.findByRole("region", { name: "Quinn Parent" });
}

describe("the families tab", () => {
  test("searches by e-mail and pages on with the Link header", async () => {
    answers["GET /api/admin/audit"] = () => json(200, []);
    answers["GET /api/admin/families"] = (url) =>
      url.includes("cursor=")
        ? json(200, [row({ id: "f3", ownerName: "Olive Older", ownerEmail: "olive@example.com" })])
        : json(200, [row(), row({ id: "f2", ownerName: "Rae Second", plan: "family", status: "active" })], {
            Link: '</api/admin/families?email=example&limit=20&cursor=f2>; rel="next"',
          });
    renderTab();
    const list = await screen.findByRole("list", { name: "Families found" });
    expect(within(list).getByText("Free plan")).toBeTruthy();
    expect(within(list).getByText("Family Plan")).toBeTruthy();
    expect(within(list).getByText(/Active · 1 child · 2 referrals/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Parent e-mail"), { target: { value: " example " } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() => expect(calls.map((c) => c.url)).toContain("/api/admin/families?email=example&limit=20"));
    fireEvent.click(await screen.findByRole("button", { name: "Show more families" }));
    expect(await screen.findByText("Olive Older")).toBeTruthy();
    expect(calls.at(-1)?.url).toBe("/api/admin/families?email=example&limit=20&cursor=f2");
  });

  test("shows the family's plan, subscription, trial end, adults and referrals", async () => {
    const panel = await openFamily(family());
    expect(await within(panel).findByText("Trialing")).toBeTruthy();
    expect(within(panel).getByText("Frida Friend")).toBeTruthy();
    expect(within(panel).getByRole("heading", { name: "Referrals (2)" })).toBeTruthy();
    expect(within(panel).getByText("Owner")).toBeTruthy();
    expect(within(panel).getByText("No charges in the last 90 days.")).toBeTruthy();
  });

  test("sets a plan after confirming, then shows the recorded change", async () => {
    const panel = await openFamily(family());
    const changed = family({ staffPlan: "family", billing: { ...family().billing, plan: "family" }, audit: [entry()] });
    answers["PATCH /api/admin/families/f1/plan"] = () => {
      answers["GET /api/admin/families/f1"] = () => json(200, changed);
      return json(200, changed);
    };
    fireEvent.change(await within(panel).findByLabelText("Plan"), { target: { value: "family" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Set plan" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Set the Family Plan?" });
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Set plan" }));
    // A mutation, then a refetch of the list and the log: slower than one read on a busy machine.
    expect(
      await within(panel).findByText("Plan set from Free plan to Family Plan", {}, { timeout: 5000 }),
    ).toBeTruthy();
    expect(within(panel).getByText(/by ada\.staff@example\.com/)).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ plan: "family" });
  });

  test("refunds a charge after confirming its amount; a refused amount is shown on the field", async () => {
    const panel = await openFamily(
      family({
        charges: [
          charge(),
          charge({
            id: "ch_old",
            refundable: false,
            notRefundableReason: "This charge is older than 30 days, so it can no longer be refunded.",
          }),
        ],
      }),
    );
    const refunds = await within(panel).findAllByRole("button", { name: "Refund" });
    expect((refunds[1] as HTMLButtonElement).disabled).toBe(true);
    expect(refunds[1]?.getAttribute("aria-describedby")).toBeTruthy();
    expect(within(panel).getByText("This charge is older than 30 days, so it can no longer be refunded.")).toBeTruthy();

    answers["POST /api/admin/families/f1/refunds"] = () =>
      json(400, {
        message: "Amount must be at most 9.99, what is left of this charge",
        error: "Amount must be at most 9.99, what is left of this charge",
        errors: [{ field: "amount", message: "Amount must be at most 9.99, what is left of this charge" }],
      });
    fireEvent.click(refunds[0] as HTMLElement);
    const dialog = await screen.findByRole("alertdialog", { name: "Refund $9.99?" });
    fireEvent.change(within(dialog).getByLabelText("Amount to refund"), { target: { value: "12.00" } });
    expect(within(dialog).getByRole("button", { name: "Refund $12.00" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund $12.00" }));
    expect(await within(dialog).findByText("Amount must be at most 9.99, what is left of this charge")).toBeTruthy();

    answers["POST /api/admin/families/f1/refunds"] = () =>
      json(201, {
        id: "re_1",
        chargeId: "ch_1",
        amount: "9.99",
        currency: "usd",
        status: "succeeded",
        created: "2026-11-24T09:00:00.000Z",
        refundedBy: "ada.staff@example.com",
      });
    fireEvent.change(within(dialog).getByLabelText("Amount to refund"), { target: { value: "9.99" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund $9.99" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([
      { chargeId: "ch_1", amount: "12.00" },
      { chargeId: "ch_1", amount: "9.99" },
    ]);
  });

  test("says so when payments are not configured", async () => {
    const panel = await openFamily(family({ paymentsConfigured: false, charges: null }));
    expect(
      await within(panel).findByText("Payments are not configured on this server, so there are no charges to refund."),
    ).toBeTruthy();
    expect(within(panel).queryByRole("button", { name: "Refund" })).toBeNull();
  });

  test("lists every staff change and opens the family a change was about", async () => {
    answers["GET /api/admin/families"] = () => json(200, []);
    answers["GET /api/admin/audit"] = () =>
      json(200, [entry({ action: "refund.create", details: { amount: "9.99", chargeId: "ch_1" } })]);
    answers["GET /api/admin/families/f1"] = () => json(200, family());
    renderTab();
    const log = await screen.findByRole("region", { name: "Staff changes" });
    expect(await within(log).findByText("Refunded $9.99 of charge ch_1")).toBeTruthy();
    fireEvent.click(within(log).getByRole("button", { name: "Open family" }));
    expect(await screen.findByRole("region", { name: "Quinn Parent" })).toBeTruthy();
  });
});
