import { PAYMENTS_NOT_CONFIGURED } from "@shared/schemas/billing";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { FREE_BILLING, json, renderWithQueries, stubBillingApi } from "../testing";
import { PlanChooserDialog } from "./plan-chooser";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderChooser(onOpenChange = vi.fn()) {
  renderWithQueries(<PlanChooserDialog open onOpenChange={onOpenChange} suggested={null} />);
  return { onOpenChange };
}

const plan = (name: string) => screen.getByRole("region", { name });

describe("PlanChooserDialog", () => {
  test("a Free family starts the Family Plan's 14-day trial and leaves for Stripe Checkout", async () => {
    const { calls, assign } = stubBillingApi(({ url }) =>
      url === "/api/billing/checkout"
        ? json(200, { url: "https://checkout.stripe.com/c/s1" })
        : json(200, FREE_BILLING),
    );
    renderChooser();
    await screen.findByRole("region", { name: "Family Plan" });
    expect(screen.getByText(/14-day free trial, no credit card required/)).toBeTruthy();
    expect(within(plan("Premium")).getByRole("button", { name: "Start 14-day free trial" })).toBeTruthy();
    expect(within(plan("Family Plus")).getByRole("link", { name: "Contact Sales" }).getAttribute("href")).toBe(
      "/schedule-demo?role=parent",
    );

    fireEvent.click(within(plan("Family Plan")).getByRole("button", { name: "Start 14-day free trial" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/s1"));
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: "/api/billing/checkout",
      method: "POST",
      body: { plan: "family" },
    });
  });

  test("without a trial left the buttons say Upgrade; a family on the Family Plan is offered Premium only", async () => {
    stubBillingApi(() => json(200, { ...FREE_BILLING, plan: "family", trialAvailable: false, grantedPlan: "family" }));
    renderChooser();
    await screen.findByRole("region", { name: "Premium" });
    expect(within(plan("Family Plan")).getByText("Your plan")).toBeTruthy();
    expect(within(plan("Family Plan")).queryByRole("button")).toBeNull();
    expect(within(plan("Premium")).getByRole("button", { name: "Upgrade to Premium" })).toBeTruthy();
    expect(screen.queryByText(/free trial/)).toBeNull();
  });

  test("a server without Stripe says so up front and offers support instead of checkout", async () => {
    const { calls } = stubBillingApi(() => json(200, { ...FREE_BILLING, configured: false }));
    const { onOpenChange } = renderChooser();
    expect((await screen.findByRole("alert")).textContent).toContain(PAYMENTS_NOT_CONFIGURED);
    expect(screen.queryByRole("button", { name: /free trial|Upgrade/ })).toBeNull();
    fireEvent.click(screen.getByRole("link", { name: "Contact support" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(calls.every((c) => c.method === "GET")).toBe(true);
  });

  test("a checkout refused as not configured shows the same message", async () => {
    stubBillingApi(({ url }) =>
      url === "/api/billing/checkout"
        ? json(409, { message: PAYMENTS_NOT_CONFIGURED, code: "payments_not_configured" })
        : json(200, FREE_BILLING),
    );
    renderChooser();
    fireEvent.click(
      within(await screen.findByRole("region", { name: "Family Plan" })).getByRole("button", {
        name: "Start 14-day free trial",
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toContain(PAYMENTS_NOT_CONFIGURED);
    expect(screen.queryByRole("button", { name: "Start 14-day free trial" })).toBeNull();
  });

  test("already subscribed leads to Manage billing, which opens Stripe's portal", async () => {
    const { assign } = stubBillingApi(({ url }) => {
      if (url === "/api/billing/checkout") {
        return json(409, { message: "Your family already has a subscription.", code: "already_subscribed" });
      }
      if (url === "/api/billing/portal") return json(200, { url: "https://billing.stripe.com/p/s1" });
      return json(200, FREE_BILLING);
    });
    renderChooser();
    fireEvent.click(
      within(await screen.findByRole("region", { name: "Premium" })).getByRole("button", {
        name: "Start 14-day free trial",
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Manage billing" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://billing.stripe.com/p/s1"));
  });

  test("a guardian who is not the owner is told who can buy", async () => {
    stubBillingApi(({ url }) =>
      url === "/api/billing/checkout"
        ? json(403, { message: "Only the family's owner can change the plan.", code: "owner_only" })
        : json(200, FREE_BILLING),
    );
    renderChooser();
    fireEvent.click(
      within(await screen.findByRole("region", { name: "Family Plan" })).getByRole("button", {
        name: "Start 14-day free trial",
      }),
    );
    expect((await screen.findByRole("alert")).textContent).toContain("Only the family's owner can change the plan.");
  });
});
