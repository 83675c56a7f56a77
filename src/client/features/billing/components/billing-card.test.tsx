import { PAYMENTS_NOT_CONFIGURED } from "@shared/schemas/billing";
import { act, cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { closePlanChooser, usePlanChooserState } from "@/lib/plan-chooser";
import { CONFIRM_POLL_MS } from "../api/use-checkout-return";
import { FREE_BILLING, json, renderWithQueries, stubBillingApi } from "../testing";
import { BillingCard } from "./billing-card";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

const TRIALING = {
  ...FREE_BILLING,
  plan: "family",
  subscribedPlan: "family",
  status: "trialing",
  trialEndsAt: "2026-12-08T12:00:00Z",
  currentPeriodEnd: "2026-12-08T12:00:00Z",
  trialAvailable: false,
} as const;

beforeEach(() => {
  toast.mockReset();
  closePlanChooser();
  window.history.replaceState(null, "", "/parent");
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function ChooserState() {
  const { open, suggested } = usePlanChooserState();
  return <output aria-label="chooser">{open ? `open:${suggested}` : "closed"}</output>;
}

const card = () => screen.getByRole("region", { name: "Billing" });

describe("BillingCard", () => {
  test("a trial shows the plan, its price, the trial's end and Manage billing to Stripe's portal", async () => {
    const { assign, calls } = stubBillingApi(({ url }) =>
      url === "/api/billing/portal" ? json(200, { url: "https://billing.stripe.com/p/s1" }) : json(200, TRIALING),
    );
    renderWithQueries(<BillingCard />);
    await screen.findByText("Trial ends December 8, 2026");
    expect(within(card()).getByRole("heading", { name: "Family Plan" })).toBeTruthy();
    expect(within(card()).getByText("$9.99")).toBeTruthy();
    expect(within(card()).queryByRole("button", { name: "Upgrade" })).toBeNull();
    fireEvent.click(within(card()).getByRole("button", { name: "Manage billing" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://billing.stripe.com/p/s1"));
    expect(calls.at(-1)).toMatchObject({ url: "/api/billing/portal", method: "POST" });
  });

  test("a Free family is offered the trial, and Upgrade opens the plan chooser on the Family Plan", async () => {
    stubBillingApi(() => json(200, FREE_BILLING));
    renderWithQueries(
      <>
        <BillingCard />
        <ChooserState />
      </>,
    );
    await screen.findByText("Try the Family Plan free for 14 days, no credit card required.");
    expect(within(card()).queryByRole("button", { name: "Manage billing" })).toBeNull();
    fireEvent.click(within(card()).getByRole("button", { name: "Upgrade" }));
    expect(screen.getByLabelText("chooser").textContent).toBe("open:family");
  });

  test("without Stripe the card says how plans change here and offers support, not buttons", async () => {
    stubBillingApi(() => json(200, { ...FREE_BILLING, configured: false }));
    renderWithQueries(<BillingCard />);
    await screen.findByText(PAYMENTS_NOT_CONFIGURED, { exact: false });
    expect(within(card()).getByRole("link", { name: "Contact support" }).getAttribute("href")).toBe("/parent#help");
    expect(within(card()).queryByRole("button")).toBeNull();
  });

  test.each([
    [
      { paymentFailedAt: "2026-12-01T12:00:00Z", suspendsAt: "2026-12-08T12:00:00Z", status: "past_due" },
      "Payment failed: update your card by December 8, 2026 to keep your plan.",
    ],
    [
      { plan: "free", suspended: true, paymentFailedAt: "2026-12-01T12:00:00Z", status: "past_due" },
      "Suspended: on Free plan limits until your payment goes through.",
    ],
    [{ status: "active", currentPeriodEnd: "2027-01-05T12:00:00Z" }, "Renews January 5, 2027"],
    [
      { status: "active", currentPeriodEnd: "2027-01-05T12:00:00Z", cancelAtPeriodEnd: true },
      "Cancels on January 5, 2027",
    ],
  ])("says the subscription's state: %o", async (over, text) => {
    stubBillingApi(() => json(200, { ...TRIALING, ...over }));
    renderWithQueries(<BillingCard />);
    await screen.findByText(text);
    // A family that is paying, or failing to, keeps its card and invoices within reach.
    expect(within(card()).getByRole("button", { name: "Manage billing" })).toBeTruthy();
    // While suspended the card still names the plan being paid for.
    expect(within(card()).getByRole("heading", { name: "Family Plan" })).toBeTruthy();
  });

  test("back from Checkout it confirms the payment until the webhook has landed, then names the plan", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    window.history.replaceState(null, "", "/parent?billing=success#billing");
    let landed = false;
    const { calls } = stubBillingApi(() => json(200, landed ? TRIALING : FREE_BILLING));
    renderWithQueries(<BillingCard />);
    await screen.findByText("Confirming your payment...");
    // The marker leaves the address at once, so a reload does not confirm again.
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe("/parent#billing");

    landed = true;
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_POLL_MS));
    await screen.findByText("Trial ends December 8, 2026");
    expect(screen.queryByText("Confirming your payment...")).toBeNull();
    expect(toast).toHaveBeenCalledWith({
      title: "Payment confirmed",
      description: "Your family is on the Family Plan now.",
    });
    expect(calls.filter((c) => c.url === "/api/billing").length).toBeGreaterThanOrEqual(2);
  });

  test("a cancelled checkout says the plan has not changed", async () => {
    window.history.replaceState(null, "", "/parent?billing=cancelled");
    stubBillingApi(() => json(200, FREE_BILLING));
    renderWithQueries(<BillingCard />);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: "Checkout cancelled", description: "Your plan has not changed." }),
    );
    expect(window.location.search).toBe("");
    expect(screen.queryByText("Confirming your payment...")).toBeNull();
  });

  test("a refused portal says why", async () => {
    stubBillingApi(({ url }) =>
      url === "/api/billing/portal"
        ? json(409, { message: "There is no subscription to manage yet.", code: "no_subscription" })
        : json(200, { ...TRIALING, status: "canceled" }),
    );
    renderWithQueries(<BillingCard />);
    fireEvent.click(await screen.findByRole("button", { name: "Manage billing" }));
    expect((await screen.findByRole("alert")).textContent).toBe("There is no subscription to manage yet.");
  });
});
