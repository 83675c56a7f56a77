import type { Billing } from "@shared/schemas/billing";
import { describe, expect, it } from "vitest";
import { billingStatus, hasLiveSubscription, shownPlan } from "./billing-status";

const FREE: Billing = {
  configured: true,
  plan: "free",
  status: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  subscribedPlan: null,
  trialAvailable: true,
  paymentFailedAt: null,
  suspendsAt: null,
  suspended: false,
  grantedPlan: null,
  grantedUntil: null,
};
const family = (over: Partial<Billing>): Billing => ({ ...FREE, plan: "family", subscribedPlan: "family", ...over });

describe("billingStatus", () => {
  it.each<[string, Billing, string | null, string | null]>([
    ["a plain Free plan says nothing", FREE, null, null],
    [
      "a trial names its end",
      family({ status: "trialing", trialEndsAt: "2026-12-08T12:00:00Z", currentPeriodEnd: "2026-12-08T12:00:00Z" }),
      "info",
      "Trial ends December 8, 2026",
    ],
    [
      "an active plan names its renewal",
      family({ status: "active", currentPeriodEnd: "2027-01-05T12:00:00Z" }),
      "info",
      "Renews January 5, 2027",
    ],
    [
      "a cancelled plan names its last day, trial or not",
      family({ status: "trialing", trialEndsAt: "2026-12-08T12:00:00Z", cancelAtPeriodEnd: true }),
      "info",
      "Cancels on December 8, 2026",
    ],
    [
      "a failing payment names the day the plan would be suspended",
      family({
        status: "past_due",
        currentPeriodEnd: "2027-01-05T12:00:00Z",
        paymentFailedAt: "2026-12-01T12:00:00Z",
        suspendsAt: "2026-12-08T12:00:00Z",
      }),
      "warning",
      "Payment failed: update your card by December 8, 2026 to keep your plan.",
    ],
    [
      "a suspension outranks everything",
      family({
        plan: "free",
        status: "past_due",
        paymentFailedAt: "2026-12-01T12:00:00Z",
        suspendsAt: "2026-12-08T12:00:00Z",
        suspended: true,
        cancelAtPeriodEnd: true,
      }),
      "danger",
      "Suspended: on Free plan limits until your payment goes through.",
    ],
    [
      "plan time granted without a subscription",
      { ...FREE, plan: "premium", grantedPlan: "premium", grantedUntil: "2027-02-01T12:00:00Z" },
      "info",
      "Plan granted until February 1, 2027",
    ],
    [
      "an ended subscription does not renew",
      family({ plan: "free", status: "canceled", currentPeriodEnd: "2026-11-01T12:00:00Z" }),
      null,
      null,
    ],
  ])("%s", (_, billing, tone, text) => {
    const status = billingStatus(billing);
    expect(status?.tone ?? null).toBe(tone);
    expect(status?.text ?? null).toBe(text);
  });
});

describe("hasLiveSubscription and shownPlan", () => {
  it("counts a subscription still being paid for, not an ended one", () => {
    expect(hasLiveSubscription(family({ status: "past_due" }))).toBe(true);
    expect(hasLiveSubscription(family({ status: "canceled" }))).toBe(false);
    expect(hasLiveSubscription(FREE)).toBe(false);
  });

  it("names the subscribed plan while suspended, the plan in force otherwise", () => {
    expect(shownPlan(family({ plan: "free", suspended: true })).name).toBe("Family Plan");
    expect(shownPlan(FREE).name).toBe("Free plan");
  });
});
