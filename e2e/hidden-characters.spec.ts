import type { Browser } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";

/**
 * Text that can spoof a reader (decision 123) is refused in the forms with the field's own message, before
 * anything is sent, and the same text typed past the form is refused by the server: one rule on both sides.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

// "Maya" followed by a right-to-left override: the rest would read backwards on the parent's dashboard.
const SPOOFED_NAME = "Maya\u202Egnp.exe";

test("a name with a direction override and a note with a hidden space are refused with the field's message", async () => {
  const parent = await openPage(browser);
  const p = parent.page;
  await signUpParentViaApi(p, "/");

  await p.getByRole("button", { name: "Add Child" }).click();
  const dialog = p.getByRole("dialog");
  await dialog.getByLabel("Child's name").fill(SPOOFED_NAME);
  await dialog.getByLabel("Age").fill("9");
  await dialog.getByLabel("Monthly budget ($)").fill("40.00");
  await dialog.getByLabel("Auto-approval limit ($)").fill("5.00");
  await dialog.getByRole("button", { name: "Add Child", exact: true }).click();
  await dialog.getByText("Name can't contain hidden or control characters").first().waitFor();
  await shoot(p, "add-child-hidden-characters", { viewport: true });
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Past the form, the server says the same, and nothing is added.
  const direct = await apiFromPage<{ errors: { field: string; message: string }[] }>(p, "POST", "/api/children", {
    name: SPOOFED_NAME,
    age: 9,
    monthlyBudget: "40.00",
  });
  expect(direct.status).toBe(400);
  expect(direct.body.errors).toContainEqual({
    field: "name",
    message: "Name can't contain hidden or control characters",
  });
  expect((await apiFromPage<unknown[]>(p, "GET", "/api/children")).body).toEqual([]);

  // The child's request: a zero-width space hidden in the note.
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
  expect((await apiFromPage(k, "POST", "/api/kid/login", { code: code.body.code })).status).toBe(200);
  await k.goto(`/child/${child.id}`);
  await k.getByRole("button", { name: "Start a request" }).click();
  const form = k.getByRole("form", { name: "Request a purchase" });
  await form.getByLabel("Shop or website").fill("Bookshop");
  await form.getByLabel("What is it?").fill("Comic");
  await form.getByLabel("Price ($)").fill("4.00");
  await form.getByLabel("Note for your parent (optional)").fill("please\u200B it's for school");
  await form.getByRole("button", { name: "Send request" }).click();
  await form.getByText("Notes can't contain hidden or control characters").first().waitFor();
  await shoot(k, "request-note-hidden-characters", { viewport: true });
  expect((await apiFromPage<unknown[]>(k, "GET", `/api/children/${child.id}/carts`)).body).toEqual([]);

  // A note with emoji (joined by zero-width joiners) is a child's ordinary note and goes through.
  await form.getByLabel("Note for your parent (optional)").fill("for the family 👨‍👩‍👧 game night");
  await form.getByRole("button", { name: "Send request" }).click();
  await k.getByText("Approved!", { exact: true }).waitFor();

  // The 400s the server was asked for directly are the test's own; the screens logged nothing else.
  expect(parent.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
  expect(kid.errors).toEqual([]);
  await kid.context.close();
  await parent.context.close();
});
