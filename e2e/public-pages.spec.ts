import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { seriousAxeViolations } from "./support/axe";
import { DESKTOP, launchBrowser, MOBILE, openPage, screenshot, type TrackedPage } from "./support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** No serious or critical accessibility violations on what is on screen now. */
async function expectAccessible(page: Page) {
  expect(await seriousAxeViolations(page)).toEqual([]);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const visible = (page: Page, role: Parameters<Page["getByRole"]>[0], name: string | RegExp) =>
  page.getByRole(role, { name }).first().waitFor({ state: "visible" });

/** Runs a journey on a fresh page; console errors fail it unless `expected` names them. */
async function withPage(viewport: typeof DESKTOP, run: (tracked: TrackedPage) => Promise<void>, expected?: RegExp) {
  const tracked = await openPage(browser, viewport);
  try {
    await run(tracked);
    expect(tracked.errors.filter((e) => !expected?.test(e))).toEqual([]);
  } finally {
    await tracked.context.close();
  }
}

// spec 001 §2.3 and spec 000 §9: the facts the legal pages state.
const LEGAL_PAGES = [
  {
    path: "/privacy",
    title: "Privacy Policy",
    facts: ["8 to 16", "under 13", "18 or older", "within 30 days", "30 minutes", "7 years", "within 72 hours"],
  },
  {
    path: "/terms",
    title: "Terms of Service",
    facts: ["8 to 16", "under 13", "18 or older", "$9.99", "$19.99", "$29.99", "within 30 days", "7 days", "7 years"],
  },
  {
    path: "/security",
    title: "Security & Data Protection",
    facts: ["8 to 16", "18 or older", "30 minutes", "7 years", "within 72 hours", "prepaid debit cards", "7 days"],
  },
];

for (const viewport of [DESKTOP, MOBILE]) {
  describe(`public pages at ${viewport.width} px`, () => {
    test("the legal pages state the facts and lead back home", async () => {
      await withPage(viewport, async ({ page }) => {
        for (const legal of LEGAL_PAGES) {
          await page.goto(legal.path);
          await visible(page, "heading", legal.title);
          const text = (await page.locator("main").textContent())?.toLowerCase();
          for (const fact of legal.facts) expect(text, `${legal.path} states ${fact}`).toContain(fact.toLowerCase());
          await expectNoHorizontalScroll(page);
          await expectAccessible(page);
          await screenshot(page, `legal${legal.path.replace("/", "-")}`);
          await page.getByRole("link", { name: "Back to Home" }).first().click();
          await page.waitForURL((url) => url.pathname === "/");
        }
      });
    });

    test("the interactive demo walks through six steps to the free trial", async () => {
      await withPage(viewport, async ({ page }) => {
        await page.goto("/demo");
        await visible(page, "button", "Start Interactive Demo");
        expect(await page.locator("main li h2").count()).toBe(3);
        await expectAccessible(page);
        await screenshot(page, "demo-intro");

        await page.getByRole("button", { name: "Start Interactive Demo" }).click();
        await page.getByText("Step 1 of 6").waitFor();
        expect(await page.getByRole("button", { name: "Previous" }).isDisabled()).toBe(true);
        await expect(page.getByRole("progressbar", { name: /step 1 of 6/ }).isVisible()).resolves.toBe(true);

        const titles = [
          "Discover an item",
          "Real-time budget check",
          "Cart sent to parent",
          "Parent reviews and decides",
          "Educational moment",
          "Achievement unlocked",
        ];
        for (const [i, title] of titles.entries()) {
          await page.getByText(`Step ${i + 1} of 6`).waitFor();
          await visible(page, "heading", title);
          if (i === 1) {
            const main = await page.locator("main").textContent();
            for (const figure of ["$100.00", "$52.50", "$24.99", "24.9%"]) expect(main).toContain(figure);
          }
          if (i === 3) {
            await page.getByRole("button", { name: "Suggest alternative" }).click();
            await page.getByText(/suggests a \$14\.99/).waitFor();
            await page.getByRole("button", { name: "Deny" }).click();
            await page.getByText(/Let's wait until your birthday/).waitFor();
          }
          if (i === 4) await page.getByText("3 of 5").first().waitFor();
          if (i === 5) {
            const main = await page.locator("main").textContent();
            for (const figure of ["+50 points", "Bronze → Silver", "Achievements: 2 of 5"])
              expect(main).toContain(figure);
          }
          await expectNoHorizontalScroll(page);
          if (i < 5) await page.getByRole("button", { name: "Next" }).click();
        }
        expect(await page.getByRole("button", { name: "Next" }).count()).toBe(0);
        await page.waitForFunction(() => document.activeElement?.textContent?.includes("Start Your Free Trial"));
        expect(await page.getByRole("button", { name: "Previous" }).isEnabled()).toBe(true);
        await expectAccessible(page);
        await screenshot(page, "demo-step-6");

        // The step list jumps straight to a step.
        await page.getByRole("button", { name: "Step 2: Real-time budget check" }).click();
        await page.getByText("Step 2 of 6").waitFor();
        await page.getByRole("button", { name: "Previous" }).click();
        await page.getByText("Step 1 of 6").waitFor();
        await page.getByRole("button", { name: "Step 6: Achievement unlocked" }).click();
        await page.getByRole("link", { name: "Start Your Free Trial" }).click();
        await page.waitForURL((url) => url.pathname === "/");
      });
    });

    test("a visitor schedules a demo after fixing what the form points out", async () => {
      await withPage(viewport, async ({ page }) => {
        const posts: string[] = [];
        page.on("request", (req) => {
          if (req.method() === "POST" && req.url().endsWith("/api/demo-requests")) posts.push(req.url());
        });
        await page.goto("/schedule-demo");
        await visible(page, "heading", "Schedule a Demo");
        const side = await page.getByRole("complementary", { name: "About the demo" }).textContent();
        for (const text of ["30-minute session", "hello@pocketwise.app", "+1 (555) 010-2024"])
          expect(side).toContain(text);
        await expectAccessible(page);
        await screenshot(page, "schedule-demo-form");

        await page.getByRole("button", { name: "Schedule My Demo" }).click();
        for (const message of ["First name is required", "Last name is required", "Enter a valid e-mail address"]) {
          await page.getByText(message).waitFor();
        }
        expect(await page.getByLabel("First name").getAttribute("aria-invalid")).toBe("true");
        await page.getByLabel("E-mail").fill("morgan@school");
        await page.getByRole("button", { name: "Schedule My Demo" }).click();
        await page.getByText("Enter a valid e-mail address").waitFor();
        await expectAccessible(page);
        await screenshot(page, "schedule-demo-errors");
        expect(posts).toEqual([]);

        await page.getByLabel("First name").fill("Morgan");
        await page.getByLabel("Last name").fill("Diaz");
        await page.getByLabel("E-mail").fill("morgan.diaz@school.example.org");
        await page.getByLabel("Phone").fill("+1 555 010 2030");
        await page.getByLabel("School or organization").fill("Lincoln Middle School");
        await page.getByLabel("Your role").selectOption({ label: "Educator/Teacher" });
        await page.getByLabel("Number of children").selectOption("5+");
        await page.getByLabel("Preferred time").selectOption({ label: "Afternoon (12 PM - 5 PM)" });
        await page.getByRole("checkbox", { name: "Financial education for children" }).click();
        await page.getByRole("checkbox", { name: "Educational institution licensing" }).click();
        await page.getByLabel("Anything we should know?").fill("Two classes of 12-year-olds.");

        const answer = page.waitForResponse((res) => res.url().endsWith("/api/demo-requests"));
        const started = Date.now();
        await page.getByRole("button", { name: "Schedule My Demo" }).click();
        const submitting = page.getByRole("button", { name: "Scheduling Demo..." });
        await submitting.waitFor();
        expect(await submitting.isDisabled()).toBe(true);
        const res = await answer;
        expect(res.status()).toBe(201);
        expect(await res.json()).toMatchObject({
          firstName: "Morgan",
          role: "educator",
          familySize: "5+",
          timePreference: "afternoon",
          interests: ["financial-education", "institution-licensing"],
        });

        await visible(page, "heading", /Thank you, Morgan/);
        expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
        await page.getByText("Demo Scheduled!").first().waitFor();
        await page.getByText("We'll contact you within 24 hours to confirm your demo time.").first().waitFor();
        const thanks = await page.getByRole("region", { name: "Demo requested" }).textContent();
        for (const text of ["30-minute", "live walkthrough", "Q&A", "pricing", "Free trial setup"]) {
          expect(thanks).toContain(text);
        }
        expect(await page.getByRole("link", { name: "Try the Interactive Demo" }).getAttribute("href")).toBe("/demo");
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
        await screenshot(page, "schedule-demo-thank-you");
        expect(posts).toHaveLength(1);
      });
    });

    test("a parent of a child under 13 gives verifiable consent", async () => {
      await withPage(viewport, async ({ page }) => {
        await page.goto("/coppa-consent");
        await page.getByText("Step 1 of 4").waitFor();
        const help = await page.getByRole("complementary").textContent();
        for (const text of ["General questions", "COPPA", "Technical support"]) expect(help).toContain(text);
        const cont = page.getByRole("button", { name: "Continue" });
        expect(await cont.isDisabled()).toBe(true);
        expect(await page.getByRole("button", { name: "Back" }).isDisabled()).toBe(true);
        await expectAccessible(page);

        const age = page.getByLabel("Child's age");
        for (const outside of ["7", "17"]) {
          await age.fill(outside);
          expect(await cont.isDisabled()).toBe(true);
        }
        await age.fill("10");
        await page.getByText("COPPA Compliance Required").waitFor();
        await screenshot(page, "consent-under-13-step-1");
        await cont.click();

        await page.getByText("Step 2 of 4").waitFor();
        await page.getByLabel("Full legal name").fill("Jordan Avery Lee");
        await page.getByRole("radio", { name: "Parent" }).check();
        await page.getByLabel("E-mail").fill("jordan.lee@example.com");
        await page.locator("#phone").fill("(555) 123-4567");
        expect(await cont.isDisabled()).toBe(true);
        for (const method of ["Credit card verification", "Government ID", "Phone verification"]) {
          await page.getByRole("radio", { name: method }).waitFor();
        }
        await page.getByRole("radio", { name: "Credit card verification" }).check();
        await expectAccessible(page);
        await screenshot(page, "consent-under-13-step-2");

        // Back keeps what was entered.
        await page.getByRole("button", { name: "Back" }).click();
        await page.getByText("Step 1 of 4").waitFor();
        expect(await age.inputValue()).toBe("10");
        await cont.click();
        expect(await page.getByLabel("Full legal name").inputValue()).toBe("Jordan Avery Lee");
        await cont.click();

        await page.getByText("Step 3 of 4").waitFor();
        const rights = await page.locator("main").textContent();
        for (const right of ["Review", "Delete", "Modify", "Withdraw", "portable copy"])
          expect(rights).toContain(right);
        expect(await cont.isDisabled()).toBe(true);
        await page.getByRole("checkbox", { name: /Data collection/ }).click();
        await page.getByRole("checkbox", { name: /Educational content/ }).click();
        expect(await cont.isDisabled()).toBe(true);
        await page.getByRole("checkbox", { name: /Payment and shopping partners/ }).click();
        await expectAccessible(page);
        await screenshot(page, "consent-under-13-step-3");
        await cont.click();

        await page.getByText("Step 4 of 4").waitFor();
        const summary = await page.locator("main").textContent();
        for (const text of ["Jordan Avery Lee", "jordan.lee@example.com", "Credit card verification", "24-48 hours"]) {
          expect(summary).toContain(text);
        }
        const completeButton = page.getByRole("button", { name: "Complete Consent Process" });
        expect(await completeButton.isDisabled()).toBe(true);
        await page.getByRole("checkbox", { name: /I confirm that I am the parent/ }).click();
        expect(await completeButton.isEnabled()).toBe(true);
        await expectAccessible(page);
        await screenshot(page, "consent-under-13-step-4");

        const answer = page.waitForResponse((res) => res.url().endsWith("/api/consents"));
        await completeButton.click();
        const res = await answer;
        expect(res.status()).toBe(201);
        expect(await res.json()).toMatchObject({ childAge: 10, verificationMethod: "credit-card", marketing: false });
        await visible(page, "heading", "Consent recorded");
        await page.getByText("Consent Received").first().waitFor();
        expect(await page.locator("main").textContent()).toContain("typically within 24-48 hours");
        await expectNoHorizontalScroll(page);
        await expectAccessible(page);
        await screenshot(page, "consent-under-13-done");
      });
    });

    test("a parent of a teen consents without an identity check", async () => {
      await withPage(viewport, async ({ page }) => {
        await page.goto("/coppa-consent");
        await page.getByLabel("Child's age").fill("14");
        await page.getByText("Parental Supervision Recommended").waitFor();
        const cont = page.getByRole("button", { name: "Continue" });
        await cont.click();

        await page.getByText("Step 2 of 4").waitFor();
        await page.getByLabel("Full legal name").fill("Riley Chen");
        await page.getByRole("radio", { name: "Legal guardian" }).check();
        await page.getByLabel("E-mail").fill("riley@example.com");
        await page.locator("#phone").fill("555 987 6543");
        expect(await page.getByRole("radio", { name: "Credit card verification" }).count()).toBe(0);
        await cont.click();

        await page.getByText("Step 3 of 4").waitFor();
        for (const name of [/Data collection/, /Educational content/, /Payment and shopping partners/, /Marketing/]) {
          await page.getByRole("checkbox", { name }).click();
        }
        await cont.click();

        await page.getByText("Step 4 of 4").waitFor();
        expect(await page.locator("main").textContent()).toContain("Immediate account activation");
        await page.getByRole("checkbox", { name: /I confirm that I am the parent/ }).click();
        const answer = page.waitForResponse((res) => res.url().endsWith("/api/consents"));
        await page.getByRole("button", { name: "Complete Consent Process" }).click();
        const res = await answer;
        expect(res.status()).toBe(201);
        expect(await res.json()).toMatchObject({ childAge: 14, relationship: "guardian", verificationMethod: null });
        await visible(page, "heading", "Consent recorded");
        expect(await page.locator("main").textContent()).toContain("Access to your parent dashboard right away");
        await screenshot(page, "consent-13-plus-done");
      });
    });
  });
}

describe("public forms when the server refuses", () => {
  test("the demo form shows the server's field message and keeps what was typed", async () => {
    await withPage(
      DESKTOP,
      async ({ page }) => {
        await page.route("**/api/demo-requests", (route) =>
          route.fulfill({
            status: 400,
            contentType: "application/json",
            body: JSON.stringify({
              message: "Enter a valid e-mail address",
              errors: [{ field: "email", message: "Enter a valid e-mail address" }],
            }),
          }),
        );
        await page.goto("/schedule-demo");
        await page.getByLabel("First name").fill("Sam");
        await page.getByLabel("Last name").fill("Lee");
        await page.getByLabel("E-mail").fill("sam@example.com");
        await page.getByRole("button", { name: "Schedule My Demo" }).click();
        await page.getByText("Could not schedule your demo").first().waitFor();
        await page.locator("#email-error").waitFor();
        expect(await page.getByLabel("First name").inputValue()).toBe("Sam");
        expect(await page.getByLabel("E-mail").inputValue()).toBe("sam@example.com");
        await screenshot(page, "schedule-demo-server-error");
      },
      /status of 400/,
    );
  });

  test("the consent wizard explains a refused consent and keeps the answers", async () => {
    await withPage(
      DESKTOP,
      async ({ page }) => {
        await page.route("**/api/consents", (route) =>
          route.fulfill({
            status: 429,
            contentType: "application/json",
            body: JSON.stringify({ message: "Too many consent forms from this address. Try again in 9 minutes." }),
          }),
        );
        await page.goto("/coppa-consent");
        await page.getByLabel("Child's age").fill("15");
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByLabel("Full legal name").fill("Riley Chen");
        await page.getByRole("radio", { name: "Parent" }).check();
        await page.getByLabel("E-mail").fill("riley@example.com");
        await page.locator("#phone").fill("555 987 6543");
        await page.getByRole("button", { name: "Continue" }).click();
        for (const name of [/Data collection/, /Educational content/, /Payment and shopping partners/]) {
          await page.getByRole("checkbox", { name }).click();
        }
        await page.getByRole("button", { name: "Continue" }).click();
        await page.getByRole("checkbox", { name: /I confirm that I am the parent/ }).click();
        await page.getByRole("button", { name: "Complete Consent Process" }).click();
        await page.getByRole("alert").filter({ hasText: "Try again in 9 minutes" }).waitFor();
        expect(await page.locator("main").textContent()).toContain("Riley Chen");
        expect(await page.getByRole("button", { name: "Complete Consent Process" }).isEnabled()).toBe(true);
        await screenshot(page, "consent-server-error");
      },
      /status of 429/,
    );
  });
});
