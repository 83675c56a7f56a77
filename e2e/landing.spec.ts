import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import {
  ARTIFACTS_DIR,
  DESKTOP,
  launchBrowser,
  MOBILE,
  openPage,
  screenshot,
  type TrackedPage,
} from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ANCHORS = [
  "features",
  "pricing",
  "safety",
  "integrations",
  "compliance",
  "help",
  "parent-guides",
  "contact",
  "community",
  "social-proof",
  "referral",
  "savings-goals",
];

/**
 * Opens "/" as a visitor with Playwright's clock installed, so a test can jump ahead in time
 * instead of sleeping. Time still flows on its own between jumps.
 */
async function openLanding(viewport = DESKTOP): Promise<TrackedPage> {
  const tracked = await openPage(browser, viewport);
  await tracked.page.clock.install();
  await tracked.page.goto("/");
  await tracked.page.getByRole("heading", { level: 1 }).waitFor();
  // The sections below the hero, the footer and the widgets arrive in a second chunk, and React may
  // reveal the sections and the footer in separate commits: wait for the last section and the footer.
  await tracked.page.locator("#app-title").waitFor();
  await tracked.page.locator("footer").waitFor();
  return tracked;
}

/**
 * The exit offer opens after 30 s on the page. Journeys about other widgets use it up first
 * (it shows once per page life) so a slow run can never cover the widget under test.
 */
async function useUpExitOffer(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event("beforeunload")));
  const offer = page.getByRole("dialog", { name: /first month is on us/i });
  await offer.waitFor();
  await page.keyboard.press("Escape");
  await offer.waitFor({ state: "hidden" });
}

/** What the visitor sees right now: dialogs and the chat are fixed to the viewport, so a full-page shot misplaces them. */
async function viewportScreenshot(page: Page, name: string) {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(ARTIFACTS_DIR, `${name}-${page.viewportSize()?.width ?? 0}.png`),
    animations: "disabled",
  });
}

async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

test("a visitor's first screen is drawn before any script runs, and the app takes it over without a mismatch", async () => {
  const scriptless = await openPage(browser, MOBILE);
  await scriptless.page.route("**/assets/*.js", (route) => route.abort());
  await scriptless.page.goto("/");
  // With every script refused, only the HTML the server sent is on screen.
  await scriptless.page.getByRole("heading", { level: 1, name: /Let your kids shop online/ }).waitFor();
  await scriptless.page.getByRole("button", { name: "Watch Demo" }).waitFor();
  await scriptless.context.close();

  const { page, context, errors } = await openLanding(DESKTOP);
  // The drawn page and the app agree on the visitor's state: the header's sign-up offer is shown, not held back.
  await page.getByRole("banner").getByRole("button", { name: "Get Started Free" }).waitFor();
  await page.getByRole("button", { name: "Watch Demo" }).click();
  await page.getByRole("dialog").waitFor();
  // A mismatch in the page's structure or text is reported by React as a page error.
  expect(errors).toEqual([]);
  await context.close();
});

describe.each([
  ["desktop", DESKTOP],
  ["mobile", MOBILE],
])("landing page on %s", (_, viewport) => {
  test("every section is there, in one page with one h1, without horizontal scroll or serious axe issues", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);

    await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);
    await expect(page.locator("header").first().isVisible()).resolves.toBe(true);
    for (const id of ANCHORS) {
      await expect(page.locator(`#${id}`).count(), `#${id}`).resolves.toBe(1);
    }
    for (const heading of [
      "Freedom for them, peace of mind for you",
      "Everything a family needs to shop and learn together",
      "Safety is the product, not a setting",
      "Built for the whole family, and the people around it",
      "Simple plans that grow with your family",
      "Give them the freedom to shop and the skills to spend wisely",
      "Parents trust Pocketwise with their kids' first purchases",
      "Share Pocketwise, earn free months",
      "Goals the whole family works towards",
      "See what Pocketwise could save your family",
      "Hear it from Pocketwise families",
      "Money tips for parents, every Tuesday",
      "Frequently asked questions",
      "Pocketwise in every pocket",
    ]) {
      await expect(page.getByRole("heading", { name: heading, exact: true }).count(), heading).resolves.toBe(1);
    }

    // spec 001 §9: the four plans, Most Popular on the Family Plan, Contact Sales to /schedule-demo.
    const pricing = page.locator("#pricing");
    for (const text of [
      "$0",
      "$9.99",
      "$19.99",
      "$29.99",
      "Most Popular",
      "14-day free trial",
      "No credit card required",
    ]) {
      await expect(pricing.getByText(text, { exact: true }).first().isVisible(), text).resolves.toBe(true);
    }
    await expect(pricing.getByRole("link", { name: "Contact Sales" }).getAttribute("href")).resolves.toBe(
      "/schedule-demo",
    );
    await expect(page.getByRole("link", { name: "Schedule a Demo", exact: true }).getAttribute("href")).resolves.toBe(
      "/schedule-demo",
    );
    await expect(
      page.getByRole("link", { name: "Explore the full interactive demo" }).getAttribute("href"),
    ).resolves.toBe("/demo");

    // Social proof figures and the footer's promises.
    for (const text of ["50K+", "$2.3M", "98%", "4.9"]) {
      await expect(page.locator("#social-proof").getByText(text, { exact: true }).isVisible(), text).resolves.toBe(
        true,
      );
    }
    const footer = page.locator("footer");
    for (const href of ["/security", "/privacy", "/terms", "/coppa-consent"]) {
      await expect(footer.locator(`a[href="${href}"]`).count(), href).resolves.toBe(1);
    }
    for (const mail of ["privacy", "compliance", "security", "legal"]) {
      await expect(footer.locator(`a[href="mailto:${mail}@pocketwise.app"]`).count(), mail).resolves.toBe(1);
    }
    await expect(footer.getByText(`© ${new Date().getFullYear()} Pocketwise`).isVisible()).resolves.toBe(true);
    await expect(
      footer.getByText(/protecting children's financial futures through education and technology/i).isVisible(),
    ).resolves.toBe(true);

    await expectNoHorizontalScroll(page);
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);
    await screenshot(page, "landing");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("an address with #pricing arrives at the pricing grid, below the sticky header", async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    await page.goto("/#pricing");
    await page.locator("#pricing").waitFor();
    await expect
      .poll(() =>
        page.evaluate(() => Math.round(document.getElementById("pricing")?.getBoundingClientRect().top ?? -1)),
      )
      .toBe(64);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the keyboard reaches Watch Demo with a visible focus, and Enter opens the demo", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);
    let name = "";
    for (let presses = 0; presses < 15 && name !== "Watch Demo"; presses++) {
      await page.keyboard.press("Tab");
      name = (await page.evaluate(() => document.activeElement?.textContent?.trim())) ?? "";
    }
    expect(name).toBe("Watch Demo");
    const focusStyle = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement as Element);
      return { outline: style.outlineStyle, shadow: style.boxShadow };
    });
    expect(focusStyle.outline !== "none" || focusStyle.shadow !== "none").toBe(true);
    await page.keyboard.press("Enter");
    await page.getByRole("dialog", { name: /live demo/i }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the hero highlight rotates and the live counters tick every 3 s", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);
    const stat = page.getByTestId("hero-stat");
    const counter = page.getByTestId("live-stat").first();
    const firstStat = await stat.textContent();
    const firstCount = await counter.textContent();
    await page.clock.fastForward(3000);
    await expect.poll(() => stat.textContent()).not.toBe(firstStat);
    await expect.poll(() => counter.textContent()).not.toBe(firstCount);

    // Pausing stops the rotation (WCAG 2.2.2).
    await page.getByRole("button", { name: "Pause rotating highlights" }).click();
    const paused = await stat.textContent();
    await page.clock.fastForward(6000);
    await expect(stat.textContent()).resolves.toBe(paused);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the live demo walks from Emma's cart to Try Free, which opens sign-up", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);
    await page.getByRole("button", { name: "Watch Demo" }).click();
    const demo = page.getByRole("dialog", { name: /live demo/i });
    await demo.waitFor();
    await expect(demo.getByText("Not started").isVisible()).resolves.toBe(true);
    await expect(demo.getByText("$150.00").first().isVisible()).resolves.toBe(true);
    await expect(demo.getByText(/\$47\.00 spent/).isVisible()).resolves.toBe(true);

    await demo.getByRole("button", { name: "Start Demo" }).click();
    await expect(demo.getByText("Step 1 of 6").isVisible()).resolves.toBe(true);
    await demo.getByRole("button", { name: "Next Step" }).click();
    await expect(demo.getByText("Awaiting Approval").isVisible()).resolves.toBe(true);
    await demo.getByRole("button", { name: "Next Step" }).click();
    for (const option of ["Approve", "Deny", "Suggest alternative"]) {
      await expect(demo.getByRole("button", { name: option, exact: true }).isVisible(), option).resolves.toBe(true);
    }
    await demo.getByRole("button", { name: "Suggest alternative" }).click();
    await expect(demo.getByText(/\$14\.99 starter kit/).isVisible()).resolves.toBe(true);
    await viewportScreenshot(page, "landing-demo-parent-step");

    // Reset Demo goes back to the start, with focus on Start Demo.
    await demo.getByRole("button", { name: "Reset Demo" }).click();
    await expect(demo.getByText("Not started").isVisible()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Start Demo");

    await page.keyboard.press("Enter");
    for (let step = 2; step <= 6; step++) {
      await demo.getByRole("button", { name: "Next Step" }).click();
      await expect(demo.getByText(`Step ${step} of 6`).isVisible()).resolves.toBe(true);
      if (step === 4) await expect(demo.getByText("Approved", { exact: true }).isVisible()).resolves.toBe(true);
      if (step === 5) await expect(demo.getByText(/Lesson: compare before you buy/).isVisible()).resolves.toBe(true);
    }
    await expect(demo.getByText("Smart Spender", { exact: true }).isVisible()).resolves.toBe(true);
    await expect(demo.getByRole("button", { name: "Next Step" }).count()).resolves.toBe(0);
    await expect(seriousAxeViolations(page)).resolves.toEqual([]);

    await demo.getByRole("button", { name: "Try Free" }).click();
    await demo.waitFor({ state: "hidden" });
    await page.getByRole("dialog", { name: /free trial/i }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the calculator follows its sliders, moved with the keyboard", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);
    const results = page.getByTestId("calculator-results");
    const figure = (label: string | RegExp) =>
      results
        .locator("div", { has: page.getByText(label) })
        .locator("dd")
        .textContent();

    // Starting point: 2 children, $300 spent, $50 overspent.
    await expect(figure("Estimated savings per month")).resolves.toBe("$55.00");
    await expect(figure("Family Plan cost per month")).resolves.toBe("$9.99");
    await expect(figure("Net benefit per month")).resolves.toBe("$45.01");
    await expect(figure("Estimated savings per year")).resolves.toBe("$660.00");

    const children = page.getByRole("slider", { name: "Number of children" });
    const spending = page.getByRole("slider", { name: /Monthly spending/ });
    const overspend = page.getByRole("slider", { name: /Monthly overspending/ });
    await spending.focus();
    await page.keyboard.press("ArrowRight");
    await expect(spending.getAttribute("aria-valuenow")).resolves.toBe("325");
    await overspend.focus();
    await page.keyboard.press("ArrowRight");
    await expect(overspend.getAttribute("aria-valuenow")).resolves.toBe("60");
    // 80% of $60 + 5% of $325 = $64.25
    await expect(figure("Estimated savings per month")).resolves.toBe("$64.25");
    await expect(figure("Net benefit per month")).resolves.toBe("$54.26");
    await expect(figure("Estimated savings per year")).resolves.toBe("$771.00");

    await children.focus();
    await page.keyboard.press("End");
    await expect(children.getAttribute("aria-valuenow")).resolves.toBe("8");
    await expect(figure("Premium cost per month")).resolves.toBe("$19.99");
    await page.keyboard.press("Home");
    await expect(figure("Free plan cost per month")).resolves.toBe("$0.00");
    await expect(figure("Net benefit per month")).resolves.toBe("$64.25");

    // The ends of the ranges are the spec's.
    await spending.focus();
    await page.keyboard.press("End");
    await expect(spending.getAttribute("aria-valuenow")).resolves.toBe("1000");
    await overspend.focus();
    await page.keyboard.press("Home");
    await expect(overspend.getAttribute("aria-valuenow")).resolves.toBe("0");
    await expect(figure("Estimated savings per month")).resolves.toBe("$50.00");
    await results.scrollIntoViewIfNeeded();
    await viewportScreenshot(page, "landing-calculator");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("chat ignores a blank message and answers 1 s after a real one", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);
    await page.getByRole("button", { name: "Chat with us" }).click();
    const chat = page.getByRole("dialog", { name: "Pocketwise help" });
    await chat.waitFor();
    const messages = chat.locator("[data-sender]");
    await expect(messages.count()).resolves.toBe(1);

    await chat.getByLabel("Your message").fill("   ");
    await chat.getByRole("button", { name: "Send message" }).click();
    await expect(messages.count()).resolves.toBe(1);

    // Hold the clock so "not yet" and "now" are exact.
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 100);
    await chat.getByLabel("Your message").fill("How much does the Family Plan cost?");
    await page.keyboard.press("Enter");
    await expect.poll(() => messages.count()).toBe(2);
    await expect(chat.locator('[data-sender="user"]').textContent()).resolves.toContain("Family Plan cost");
    await expect(chat.getByLabel("Your message").inputValue()).resolves.toBe("");
    await page.clock.runFor(999);
    await expect(messages.count()).resolves.toBe(2);
    await page.clock.runFor(1);
    await expect.poll(() => messages.count()).toBe(3);
    await expect(chat.locator('[data-sender="bot"]').last().textContent()).resolves.toContain("$9.99");
    await page.clock.resume();
    await viewportScreenshot(page, "landing-chat");

    // Escape closes the conversation and hands focus back to the launcher.
    await page.keyboard.press("Escape");
    await chat.waitFor({ state: "hidden" });
    await expect(page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).resolves.toBe("Chat with us");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("FAQ filters show only their category, and general questions only under All", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);
    const faq = page.locator("#help");
    const questions = faq.getByTestId("faq-list").locator("summary");
    await expect(questions.count()).resolves.toBe(11);
    await expect(faq.getByText("What is Pocketwise?").isVisible()).resolves.toBe(true);

    for (const [filter, count] of [
      ["Safety", 3],
      ["Pricing", 3],
      ["Usage", 3],
    ] as const) {
      await faq.getByRole("button", { name: filter, exact: true }).click();
      await expect(faq.getByRole("button", { name: filter, exact: true }).getAttribute("aria-pressed")).resolves.toBe(
        "true",
      );
      await expect(questions.count(), filter).resolves.toBe(count);
      await expect(faq.getByText("What is Pocketwise?").count(), filter).resolves.toBe(0);
    }
    await faq.getByRole("button", { name: "Safety", exact: true }).click();
    await faq.getByText("Can my child buy something without me?").click();
    await expect(faq.getByText(/auto-approving purchases under \$20/).isVisible()).resolves.toBe(true);
    await viewportScreenshot(page, "landing-faq-safety");
    await faq.getByRole("button", { name: "All", exact: true }).click();
    await expect(questions.count()).resolves.toBe(11);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the newsletter asks for an address, keeps it on failure, and thanks on success", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);
    const section = page.locator("#parent-guides");
    const email = section.getByLabel("Your e-mail address");

    await section.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Email Required", { exact: true }).waitFor();
    await expect(
      page.getByText("Please enter your email address to subscribe", { exact: true }).isVisible(),
    ).resolves.toBe(true);

    // A 400 with field messages: the message is shown and what was typed stays.
    await page.route("**/api/newsletter", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({
          message: "Validation failed",
          errors: [{ field: "email", message: "Enter a valid e-mail address" }],
        }),
      }),
    );
    await email.fill("parent@example");
    await section.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("Check your e-mail address", { exact: true }).waitFor();
    await expect(section.getByText("Enter a valid e-mail address").isVisible()).resolves.toBe(true);
    await expect(email.inputValue()).resolves.toBe("parent@example");
    await expect(email.getAttribute("aria-invalid")).resolves.toBe("true");

    // A network failure says so and keeps the address too.
    await page.unroute("**/api/newsletter");
    await page.route("**/api/newsletter", (route) => route.abort("internetdisconnected"));
    await email.fill("parent@example.com");
    await section.getByRole("button", { name: "Subscribe" }).click();
    await page.getByText("You seem to be offline", { exact: true }).waitFor();
    await expect(email.inputValue()).resolves.toBe("parent@example.com");
    await page.unroute("**/api/newsletter");

    // The real endpoint: 201, then the thank-you replaces the form.
    const address = `parent-${viewport.width}-${Date.now()}@example.com`;
    await email.fill(address);
    const answer = page.waitForResponse("**/api/newsletter");
    await section.getByRole("button", { name: "Subscribe" }).click();
    await expect((await answer).status()).toBe(201);
    await section.getByRole("heading", { name: "Thanks for subscribing!" }).waitFor();
    // The earlier failure's toast does not linger next to the thank-you.
    await page.getByText("You seem to be offline", { exact: true }).waitFor({ state: "hidden" });
    await expect(section.getByText(/every week, on Tuesday/).isVisible()).resolves.toBe(true);
    await expect(section.getByText(/on the 1st of each month/).isVisible()).resolves.toBe(true);
    await expect(section.getByLabel("Your e-mail address").count()).resolves.toBe(0);
    await viewportScreenshot(page, "landing-newsletter-thanks");
    // The aborted request is logged by the browser as a failed resource; nothing else may be.
    expect(errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|status of 400/.test(e))).toEqual([]);
    await context.close();
  });

  test("video testimonials toggle the play state of the clicked card only", async () => {
    const { page, context, errors } = await openLanding(viewport);
    await useUpExitOffer(page);
    const videos = page.locator("#community").getByRole("button", { name: /^Play video/ });
    await expect(videos.count()).resolves.toBe(3);
    await videos.nth(1).click();
    await expect(videos.nth(1).getAttribute("aria-pressed")).resolves.toBe("true");
    await expect(videos.nth(0).getAttribute("aria-pressed")).resolves.toBe("false");
    await expect(videos.nth(2).getAttribute("aria-pressed")).resolves.toBe("false");
    await videos.nth(1).click();
    await expect(videos.nth(1).getAttribute("aria-pressed")).resolves.toBe("false");
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("exit-intent offer", () => {
  test("opens when the pointer leaves through the top, counts down, and signs up once an e-mail is given", async () => {
    const { page, context, errors } = await openLanding(DESKTOP);
    const offer = page.getByRole("dialog", { name: /first month is on us/i });

    // Leaving through the side is not an exit.
    await page.evaluate(() =>
      document.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, clientX: 1279, clientY: 400 })),
    );
    await expect(offer.count()).resolves.toBe(0);
    await page.evaluate(() => document.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, clientY: -4 })));
    await offer.waitFor();
    const timer = offer.getByRole("timer");
    await expect(timer.textContent()).resolves.toBe("10:00");
    await page.clock.fastForward(1000);
    await expect.poll(() => timer.textContent()).toBe("9:59");
    await viewportScreenshot(page, "landing-exit-offer");

    const claim = offer.getByRole("button", { name: "Claim My Free Month" });
    await expect(claim.isDisabled()).resolves.toBe(true);
    await offer.getByLabel("Your e-mail address").fill("   ");
    await expect(claim.isDisabled()).resolves.toBe(true);
    await offer.getByLabel("Your e-mail address").fill("parent@example.com");
    await claim.click();
    await offer.waitFor({ state: "hidden" });
    const signup = page.getByRole("dialog", { name: /free trial/i });
    await signup.waitFor();
    await page.keyboard.press("Escape");
    await signup.waitFor({ state: "hidden" });

    // Never again in this page life, whatever the trigger.
    await page.evaluate(() => document.dispatchEvent(new MouseEvent("mouseout", { bubbles: true, clientY: -4 })));
    await page.evaluate(() => window.dispatchEvent(new Event("beforeunload")));
    await page.clock.fastForward(60_000);
    await expect(offer.count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test("opens after 30 s on the page, and its countdown stops at 0:00", async () => {
    const { page, context, errors } = await openLanding(MOBILE);
    const offer = page.getByRole("dialog", { name: /first month is on us/i });
    await page.clock.fastForward(20_000);
    await expect(offer.count()).resolves.toBe(0);
    await page.clock.fastForward(10_000);
    await offer.waitFor();
    await viewportScreenshot(page, "landing-exit-offer");

    await page.clock.runFor(600_000);
    await expect.poll(() => offer.getByRole("timer").textContent()).toBe("0:00");
    await page.clock.runFor(5000);
    await expect(offer.getByRole("timer").textContent()).resolves.toBe("0:00");
    await offer.getByRole("button", { name: "No thanks" }).click();
    await offer.waitFor({ state: "hidden" });
    expect(errors).toEqual([]);
    await context.close();
  });

  test("opens on an attempt to close the page", async () => {
    const { page, context, errors } = await openLanding(DESKTOP);
    await page.evaluate(() => window.dispatchEvent(new Event("beforeunload")));
    await page.getByRole("dialog", { name: /first month is on us/i }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
