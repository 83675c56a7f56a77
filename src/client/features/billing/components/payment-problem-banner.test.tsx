import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { FREE_BILLING, json, renderWithQueries, stubBillingApi } from "../testing";
import { PaymentProblemBanner } from "./payment-problem-banner";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

const FAILING = {
  ...FREE_BILLING,
  plan: "family",
  subscribedPlan: "family",
  status: "past_due",
  paymentFailedAt: "2026-12-01T12:00:00Z",
  suspendsAt: "2026-12-08T12:00:00Z",
} as const;

afterEach(() => {
  cleanup();
  toast.mockReset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const banner = () => screen.findByRole("region", { name: /did not go through|paused/ });

describe("PaymentProblemBanner", () => {
  test("a failing payment names the day the plan would pause, and Manage billing opens the portal", async () => {
    const { assign } = stubBillingApi(({ url }) =>
      url === "/api/billing/portal" ? json(200, { url: "https://billing.stripe.com/p/s1" }) : json(200, FAILING),
    );
    renderWithQueries(<PaymentProblemBanner />);
    expect((await banner()).textContent).toContain(
      "Your latest payment did not go through. Update your card by December 8, 2026 to keep your Family Plan.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Manage billing" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://billing.stripe.com/p/s1"));
  });

  test("a suspended family is told it is on Free plan limits and that nothing is lost", async () => {
    stubBillingApi(() => json(200, { ...FAILING, plan: "free", suspended: true }));
    renderWithQueries(<PaymentProblemBanner />);
    const region = await banner();
    expect(region.textContent).toContain("Your plan is paused");
    expect(region.textContent).toContain("Free plan's limits");
    expect(region.textContent).toContain("Nothing has been deleted");
  });

  test("a refused portal is said in a toast", async () => {
    stubBillingApi(({ url }) =>
      url === "/api/billing/portal"
        ? json(409, { message: "There is no subscription to manage yet.", code: "no_subscription" })
        : json(200, FAILING),
    );
    renderWithQueries(<PaymentProblemBanner />);
    await banner();
    fireEvent.click(screen.getByRole("button", { name: "Manage billing" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: "destructive",
        title: "Could not open billing",
        description: "There is no subscription to manage yet.",
      }),
    );
  });

  test.each([
    ["a family in good standing", { ...FREE_BILLING, plan: "family", status: "active" }],
    ["a Free family", FREE_BILLING],
  ])("shows nothing for %s", async (_, billing) => {
    const { calls } = stubBillingApi(() => json(200, billing));
    const { container } = renderWithQueries(<PaymentProblemBanner />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(container.innerHTML).toBe(""));
  });
});
