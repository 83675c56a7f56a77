import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page, Request, Response } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { lessonById } from "../src/shared/lessons";
import { baseUrl, launchBrowser, openPage } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";
import { staffToken } from "./support/staff";

/*
 * docs/decisions/159: a screen a child sees collects nothing extra. Every request a child's pages make, on
 * every screen of a child's journey, goes to Pocketwise itself: no third-party script, font, image or
 * tracker. The pages' HTML and CSS name no other origin either, so nothing could be fetched later.
 */
let browser: Browser;
let webhooks: http.Server;
let webhookUrl: string;

beforeAll(async () => {
  browser = await launchBrowser();
  // The partner store's webhook endpoint: it takes every delivery.
  webhooks = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200).end());
  });
  await new Promise<void>((resolve) => webhooks.listen(0, "127.0.0.1", resolve));
  webhookUrl = `http://127.0.0.1:${(webhooks.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => webhooks?.close(resolve));
});

/** What the screen now on display would fetch (scripts, styles, fonts, images, frames), lazy or not. */
async function addressesInDom(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        "script[src], link[href], img[src], source[src], iframe[src], embed[src], video[src], audio[src]",
      ),
    ].map((el) => (el as HTMLScriptElement).src || (el as HTMLLinkElement).href),
  );
}

/** No address of another site on the screen, then the shared checks and pictures. */
async function shootScreen(page: Page, name: string) {
  const origin = new URL(baseUrl()).origin;
  expect(
    (await addressesInDom(page)).filter((address) => isForeign(address, origin)),
    name,
  ).toEqual([]);
  await shoot(page, name);
}

async function postJson<T>(path: string, body: unknown, authorization: string): Promise<T> {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", authorization },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path} answered ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Addresses in HTML and CSS that make a browser fetch something: script, link, img, source, url(), @import. */
function fetchedAddresses(body: string, kind: "html" | "css"): string[] {
  const found: string[] = [];
  const patterns =
    kind === "html"
      ? [
          /<(?:script|img|source|iframe|embed|audio|video)\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi,
          /<link\b[^>]*\bhref\s*=\s*["']?([^"'\s>]+)/gi,
        ]
      : [/url\(\s*["']?([^"')]+)/gi, /@import\s+["']([^"']+)/gi];
  for (const pattern of patterns) for (const m of body.matchAll(pattern)) if (m[1]) found.push(m[1]);
  return found;
}

/** Whether an address a page names would be fetched from somewhere other than `origin`. */
function isForeign(address: string, origin: string): boolean {
  if (/^(data|blob):/i.test(address)) return false;
  return new URL(address, origin).origin !== origin;
}

test("every request a child's screens make goes to Pocketwise and nowhere else", async () => {
  const origin = new URL(baseUrl()).origin;

  // A partner store's checkout, for the hosted checkout page.
  const merchant = await postJson<{ apiKey: string }>(
    "/api/admin/merchants",
    { name: "Toy Shop", domain: "toys.example.com", webhookUrl },
    `Bearer ${await staffToken()}`,
  );
  const session = await postJson<{ id: string }>(
    "/api/merchant/v1/checkout-sessions",
    {
      items: [
        {
          name: "Kite",
          price: "12.00",
          quantity: 1,
          url: "https://toys.example.com/kite",
          imageUrl: "https://images.toys.example.com/kite.png",
        },
      ],
      reference: `order-${Date.now()}`,
      successUrl: "https://toys.example.com/ok",
      cancelUrl: "https://toys.example.com/cancel",
    },
    `Bearer ${merchant.apiKey}`,
  );

  // A parent adds a 14-year-old (no consent step) and makes a sign-in code.
  const parent = await openPage(browser);
  const p = parent.page;
  await signUpParentViaApi(p, "/");
  const child = await createChildViaApi(p, {
    name: "Maya",
    age: 14,
    monthlyBudget: "50.00",
    autoApprovalLimit: "5.00",
  });
  const code = await apiFromPage<{ code: string }>(p, "POST", `/api/children/${child.id}/login-code`);
  expect(code.status).toBe(201);

  // The child's browser: every request it makes, and every page and style sheet it is sent.
  const kid = await openPage(browser);
  const k = kid.page;
  const requested: string[] = [];
  const named: { from: string; address: string }[] = [];
  const reading: Promise<void>[] = [];
  kid.context.on("request", (req: Request) => requested.push(req.url()));
  kid.context.on("response", (res: Response) => {
    const type = res.headers()["content-type"] ?? "";
    const kind = type.includes("text/html") ? "html" : type.includes("text/css") ? "css" : null;
    if (!kind || res.status() !== 200) return;
    reading.push(
      res
        .text()
        .then((body) => {
          for (const address of fetchedAddresses(body, kind)) named.push({ from: res.url(), address });
        })
        .catch(() => {}),
    );
  });

  // Signing in at /kid with the code.
  await k.goto("/kid");
  await k.getByLabel("Your sign-in code").fill(code.body.code);
  await shootScreen(k, "child-privacy-kid-sign-in");
  await k.getByRole("button", { name: "Let's go!" }).click();
  await k.getByRole("heading", { name: /Hi Maya/ }).waitFor();

  // The dashboard, with a goal that links to a store.
  const goals = k.getByRole("region", { name: "My goals" });
  await goals.getByRole("button", { name: "New goal" }).click();
  await goals.getByLabel("What are you saving for?").fill("Bike");
  await goals.getByLabel("How much does it cost? ($)").fill("120");
  await goals.getByLabel("Link to it (optional)").fill("https://www.bikes.example/red-bike");
  await goals.getByRole("button", { name: "Start saving" }).click();
  await goals.getByRole("progressbar", { name: "Bike: saved $0.00 of $120.00" }).waitFor();
  await k.getByRole("region", { name: "Money lessons" }).waitFor();
  await shootScreen(k, "child-privacy-dashboard");

  // A lesson.
  const lesson = lessonById("ads-and-in-app-purchases");
  if (!lesson) throw new Error("the Ads and in-app purchases lesson is missing");
  await k.goto(`/child/${child.id}/lessons/${lesson.id}`);
  await k.getByRole("heading", { name: lesson.screens[0]?.title }).waitFor();
  await shootScreen(k, "child-privacy-lesson");

  // The store's hosted checkout page, signed in.
  await k.goto(`/checkout/${session.id}`);
  await k.getByRole("heading", { name: "Toy Shop" }).waitFor();
  await k.getByRole("button", { name: "Ask my parent" }).waitFor();
  await shootScreen(k, "child-privacy-checkout");

  // Whatever the last screen started loading has arrived.
  await k.waitForLoadState("networkidle");
  await Promise.all(reading);

  expect(requested.length).toBeGreaterThan(0);
  expect(requested.filter((url) => isForeign(url, origin))).toEqual([]);
  expect(named.length).toBeGreaterThan(0);
  expect(named.filter(({ address }) => isForeign(address, origin))).toEqual([]);
  expect(kid.errors).toEqual([]);
  expect(parent.errors).toEqual([]);
  await kid.context.close();
  await parent.context.close();
}, 300_000);

test("the privacy page says how long each kind of data is kept", async () => {
  const visitor = await openPage(browser);
  const page = visitor.page;
  await page.goto("/privacy");
  const section = page.getByRole("region", { name: "How long we keep data" });
  await section.waitFor();
  const text = (await section.textContent()) ?? "";
  for (const fact of ["7 years", "7 days", "30 days", "90 days", "2 years", "1 year", "deleted with that child"]) {
    expect(text, `the section states ${fact}`).toContain(fact);
  }
  // The spec's own retention sentence stays as it was.
  await page.getByText("Financial records such as approved purchases and payments are kept for").waitFor();
  await section.scrollIntoViewIfNeeded();
  await shootScreen(page, "child-privacy-privacy-page");
  expect(visitor.errors).toEqual([]);
  await visitor.context.close();
});
