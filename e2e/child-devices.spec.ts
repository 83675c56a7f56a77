import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";

/* docs/decisions/147: a child stays signed in on a remembered browser; a parent sees it and ends it at once. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("a child ticks Keep me signed in; the parent sees the browser in the child's settings and signs it out", async () => {
  const parent = await openPage(browser);
  const p = parent.page;
  await signUpParentViaApi(p, "/", {
    email: `parent-${Date.now()}@example.com`,
    password: "correct-horse-battery",
    firstName: "Sam",
    lastName: "Rivera",
  });
  const child = await createChildViaApi(p, {
    name: "Maya",
    age: 13,
    monthlyBudget: "50.00",
    autoApprovalLimit: "10.00",
  });
  const code = await apiFromPage<{ code: string }>(p, "POST", `/api/children/${child.id}/login-code`);

  const kid = await openPage(browser);
  const k = kid.page;
  await k.goto("/kid");
  await k.getByLabel("Your sign-in code").fill(code.body.code);
  await k.getByRole("checkbox", { name: /Keep me signed in on this device/ }).check();
  await shoot(k, "kid-signin-remember");
  await k.getByRole("button", { name: "Let's go!" }).click();
  await k.getByRole("heading", { name: /Hi Maya/ }).waitFor();
  const cookie = (await k.context().cookies()).find((c) => c.name === "pw_session");
  // A remembered browser keeps its cookie across restarts, for 30 days.
  expect(cookie?.expires ?? -1).toBeGreaterThan(Date.now() / 1000 + 29 * 24 * 60 * 60);

  await p.goto(`/child/${child.id}/settings`);
  const devices = p.getByRole("region", { name: "Stays signed in on" });
  await devices.getByText("Chrome on Linux").waitFor();
  await devices.scrollIntoViewIfNeeded();
  await shoot(p, "child-settings-devices");
  await devices.getByRole("button", { name: "Sign Maya out on Chrome on Linux" }).click();
  await devices.getByText(/No remembered devices/).waitFor();

  // The child's next request finds the session gone.
  expect((await apiFromPage(k, "GET", "/api/kid/me")).status).toBe(401);
});
