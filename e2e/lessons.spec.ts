import type { Browser, Locator } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { lessonById } from "../src/shared/lessons";
import { launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";

/* docs/decisions/154: a decline opens "Needs and wants"; the child reads it, passes, and the parent sees it. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Scrolls the card just below the sticky header, for a picture of that card. */
const below = (card: Locator) => async () => {
  await card.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 80));
};

test("a declined cart opens Needs and wants; the child passes it and earns a badge; the parent sees the result", async () => {
  const needs = lessonById("needs-and-wants");
  if (!needs) throw new Error("the Needs and wants lesson is missing");

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
  const cart = await apiFromPage<{ id: string; status: string }>(k, "POST", `/api/children/${child.id}/carts`, {
    retailer: "Game Store",
    items: [{ name: "Skin pack", price: "20.00", quantity: 1 }],
  });
  expect(cart.body.status).toBe("pending");
  const declined = await apiFromPage(p, "PATCH", `/api/carts/${cart.body.id}/status`, {
    status: "declined",
    note: "Let's talk about it first",
  });
  expect(declined.status).toBe(200);

  // The child's dashboard: the new lesson first in the Lessons card, highlighted.
  await k.goto(`/child/${child.id}`);
  const card = k.getByRole("region", { name: "Money lessons" });
  const start = card.getByRole("button", { name: "Start: Needs and wants" });
  await start.waitFor();
  await card.getByText("0 of 12 done").waitFor();
  await shoot(k, "lessons-dashboard-card", { viewport: true, prepare: below(card) });

  await start.click();
  await k.waitForURL(`**/child/${child.id}/lessons/needs-and-wants`);
  await k.getByRole("heading", { name: needs.screens[0]?.title }).waitFor();
  await shoot(k, "lesson-screen");

  for (const _screen of needs.screens) {
    await k.getByRole("button", { name: /^(Next|On to the questions)/ }).click();
  }
  for (const [index, question] of needs.questions.entries()) {
    await k.getByRole("radio", { name: question.choices[question.answer] }).check();
    if (index === 0) await shoot(k, "lesson-question");
    await k.getByRole("button", { name: index === needs.questions.length - 1 ? "Check my answers" : /^Next/ }).click();
  }
  await k.getByRole("heading", { name: "You did it!" }).waitFor();
  await k.getByText("You got 3 of 3 right.", { exact: false }).waitFor();
  await k.getByText("You earned the Quick Learner badge!").waitFor();
  await shoot(k, "lesson-result");

  await k.getByRole("button", { name: "Back to my lessons" }).click();
  await k.waitForURL(`**/child/${child.id}`);
  await card.getByText("1 of 12 done").waitFor();
  await k.getByRole("region", { name: "Your Badges" }).getByText("Quick Learner").waitFor();

  // The parent's view of the child: which lessons are done, with the score and the date.
  await p.goto(`/child/${child.id}`);
  const results = p.getByRole("region", { name: "Lessons" });
  await results.getByText("Needs and wants").waitFor();
  await results.getByText(/3 of 3 right · passed/).waitFor();
  await shoot(p, "lessons-parent-results", { viewport: true, prepare: below(results) });

  expect(parent.errors).toEqual([]);
  expect(kid.errors).toEqual([]);
  await parent.context.close();
  await kid.context.close();
}, 300_000);
