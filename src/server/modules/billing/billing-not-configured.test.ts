import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAYMENTS_NOT_CONFIGURED } from "../../../shared/schemas/billing";
import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";

/* docs/product-contract.md "Plans and payments" on a server without Stripe (the embedded default). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

describe("billing without Stripe configured", () => {
  it("reports the plan, and answers checkout, portal and webhooks with 409 and a clear message", async () => {
    const parent = await signUpParent(t.app);
    const view = await t.app.inject({ method: "GET", url: "/api/billing", headers: { cookie: parent.cookie } });
    expect(view.json()).toEqual({
      configured: false,
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
    });
    for (const [url, payload] of [
      ["/api/billing/checkout", { plan: "family" }],
      ["/api/billing/portal", undefined],
    ] as const) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { cookie: parent.cookie },
        ...(payload && { payload }),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: PAYMENTS_NOT_CONFIGURED, code: "payments_not_configured" });
    }
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/billing/webhook",
      payload: "{}",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=00" },
    });
    expect(hook.statusCode).toBe(409);
    expect((await t.app.inject({ method: "GET", url: "/api/billing" })).statusCode).toBe(401);
  });
});
