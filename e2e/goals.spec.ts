import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";

/*
 * docs/decisions/153: the child sets a goal, moves money into it from what is left this month, turns a
 * declined cart into a goal with one tap, and a parent adds to the goal.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

test("the child saves for a bike, turns a declined cart into a goal, and a parent adds to the goal", async () => {
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
    autoApprovalLimit: "5.00",
  });
  const code = await apiFromPage<{ code: string }>(p, "POST", `/api/children/${child.id}/login-code`);

  const kid = await openPage(browser);
  const k = kid.page;
  await k.goto("/kid");
  expect((await apiFromPage(k, "POST", "/api/kid/login", { code: code.body.code })).status).toBe(200);
  await k.goto(`/child/${child.id}`);

  // A new goal: "Bike, $120".
  const card = k.getByRole("region", { name: "My goals" });
  await card.getByText("No goals yet. Start one for something you really want!").waitFor();
  await card.getByRole("button", { name: "New goal" }).click();
  await card.getByLabel("What are you saving for?").fill("Bike");
  await card.getByLabel("How much does it cost? ($)").fill("120");
  await card.getByLabel("Link to it (optional)").fill("https://www.bikes.example/red-bike");
  await card.getByRole("button", { name: "Start saving" }).click();
  await card.getByRole("progressbar", { name: "Bike: saved $0.00 of $120.00" }).waitFor();

  // Money moves in from what is left this month, and the budget card shows less left.
  await card.getByRole("button", { name: "Add money: Bike" }).click();
  await card.getByLabel("How much do you want to add?").fill("60");
  await card.getByRole("button", { name: "Add money", exact: true }).click();
  await card.getByText("You only have $50.00 left this month").waitFor();
  await card.getByLabel("How much do you want to add?").fill("20");
  await card.getByRole("button", { name: "Add money", exact: true }).click();
  await card.getByRole("progressbar", { name: "Bike: saved $20.00 of $120.00" }).waitFor();
  await card.getByText("$100.00 to go").waitFor();
  await k
    .getByRole("region", { name: "Your budget this month" })
    .getByText("after $20.00 moved to your goals")
    .waitFor();
  await k
    .getByRole("region", { name: "Your budget this month" })
    .getByText(/^\$30\.00/)
    .waitFor();
  await card.scrollIntoViewIfNeeded();
  await shoot(k, "goals-child-card", { viewport: true, prepare: () => card.scrollIntoViewIfNeeded() });

  // A declined cart becomes a goal with one tap.
  const cart = await apiFromPage<{ id: string; status: string }>(k, "POST", `/api/children/${child.id}/carts`, {
    retailer: "Skate Shop",
    items: [{ name: "Skateboard", price: "25.00", quantity: 1, url: "https://skate.example/board" }],
  });
  expect(cart.body.status).toBe("pending");
  expect((await apiFromPage(p, "PATCH", `/api/carts/${cart.body.id}/status`, { status: "declined" })).status).toBe(200);
  const recent = k.getByRole("region", { name: "Recent Shopping" });
  const saveForIt = recent.getByRole("button", { name: "Save for it instead" });
  await saveForIt.waitFor();
  await saveForIt.scrollIntoViewIfNeeded();
  await shoot(k, "goals-save-for-it", { viewport: true, prepare: () => saveForIt.scrollIntoViewIfNeeded() });
  await saveForIt.click();
  await recent.getByRole("button", { name: "Saving for it" }).waitFor();
  await card.getByRole("progressbar", { name: "Skateboard: saved $0.00 of $25.00" }).waitFor();

  // Deleting asks first and says where the money goes.
  await card.getByRole("button", { name: "Delete Bike" }).click();
  const dialog = k.getByRole("alertdialog", { name: "Delete Bike?" });
  await dialog.getByText("The $20.00 saved in it goes back to this month's budget.").waitFor();
  await shoot(k, "goals-delete-dialog", { viewport: true });
  await dialog.getByRole("button", { name: "Keep it" }).click();

  // The parent adds to the goal; the child's budget stays as it was.
  await p.goto(`/child/${child.id}`);
  const parentCard = p.getByRole("region", { name: "Maya's goals" });
  await parentCard.getByRole("button", { name: "Add to goal: Bike" }).click();
  await parentCard.getByLabel("How much do you want to add?").fill("40");
  await parentCard.getByRole("button", { name: "Add to goal", exact: true }).click();
  await parentCard.getByRole("progressbar", { name: "Bike: saved $60.00 of $120.00" }).waitFor();
  await parentCard.scrollIntoViewIfNeeded();
  await shoot(p, "goals-parent-card", { viewport: true, prepare: () => parentCard.scrollIntoViewIfNeeded() });
  const figures = await apiFromPage<{ savedToGoals: string }>(p, "GET", `/api/children/${child.id}`);
  expect(figures.body.savedToGoals).toBe("20.00");

  // The child sees the match on the next visit.
  await k.reload();
  await card.getByRole("progressbar", { name: "Bike: saved $60.00 of $120.00" }).waitFor();

  expect(parent.errors).toEqual([]);
  expect(kid.errors).toEqual([]);
  await parent.context.close();
  await kid.context.close();
}, 180_000);
