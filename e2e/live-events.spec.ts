import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { shoot } from "./support/screens";

/**
 * docs/product-contract.md "Hearing at once": two devices, no reloads. The child asks on theirs and the
 * parent's open Family Dashboard shows the cart; the parent approves and the child's open dashboard shows
 * the money spent.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function postJson<T>(page: Page, url: string, data?: unknown): Promise<T> {
  const res = await page.request.post(url, { data });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
  return (await res.json()) as T;
}

test("a cart the child sends appears on the parent's open dashboard, and the approval on the child's, without reloading", async () => {
  const parent = await openPage(browser);
  const p = parent.page;
  await postJson(p, "/api/auth/signup", {
    email: `live-${Date.now()}@example.com`,
    password: "correct horse battery",
    firstName: "Sam",
    lastName: "Rivera",
  });
  const child = await postJson<{ id: string }>(p, "/api/children", {
    name: "Maya",
    age: 13,
    profileColor: "#10B981",
    monthlyBudget: "50.00",
    autoApprovalLimit: "10.00",
  });
  const { code } = await postJson<{ code: string }>(p, `/api/children/${child.id}/login-code`);

  await p.goto("/");
  await p.getByRole("heading", { name: "Family Dashboard" }).waitFor();
  const pending = p.getByRole("region", { name: "Pending Approvals" });
  await pending.getByText("All caught up!").waitFor();

  const kid = await openPage(browser);
  const k = kid.page;
  await k.goto("/kid");
  await k.getByLabel("Your sign-in code").fill(code);
  await k.getByRole("button", { name: "Let's go!" }).click();
  await k.waitForURL(`**/child/${child.id}`);
  await k.getByText("You have spent $0.00 of $50.00").waitFor();
  await k.getByRole("button", { name: "Start a request" }).click();
  const form = k.getByRole("form", { name: "Request a purchase" });
  await form.getByLabel("Shop or website").fill("Toy Town");
  await form.getByLabel("What is it?").fill("Robot kit");
  await form.getByLabel("Price ($)").fill("25.00");
  await form.getByRole("button", { name: "Send request" }).click();
  await k.getByText("Sent to your parent for approval").waitFor();

  // The parent's dashboard has not been reloaded since before the cart existed.
  await pending.getByText("Toy Town").waitFor();
  await shoot(p, "live-events-dashboard-hears-cart");

  await p.getByRole("button", { name: "Approve Maya's request from Toy Town" }).click();
  await p.getByText("Approved Maya's $25.00 at Toy Town", { exact: true }).waitFor();
  await k.getByText("You have spent $25.00 of $50.00").waitFor();
  await shoot(k, "live-events-child-hears-approval");

  expect(parent.errors).toEqual([]);
  expect(kid.errors).toEqual([]);
  await kid.context.close();
  await parent.context.close();
}, 120_000);
