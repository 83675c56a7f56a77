import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page, type Worker } from "playwright-core";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type ExampleStore, startExampleStore } from "../examples/store/server";
import { ensureExtensionBuilt } from "../scripts/build-extension";
import { baseUrl, CHROMIUM_PATH, DESKTOP, launchBrowser, openPage, screenshot } from "./support/browser";
import { apiFromPage, createChildViaApi, signUpParentViaApi } from "./support/parent";
import { shoot } from "./support/screens";

/*
 * The browser extension in a real Chromium (docs/decisions/143): a parent downloads it from the child
 * dashboard and loads it unpacked, the child signs in in its popup, asks from the example store's product
 * page with the in-page button, and sees the parent's approval in the popup and on the badge.
 */

let browser: Browser;
let store: ExampleStore;
const work = mkdtempSync(path.join(tmpdir(), "pw-extension-e2e-"));

beforeAll(async () => {
  // The server zips dist/extension/ at each download: build it first if it is missing or stale.
  await ensureExtensionBuilt();
  browser = await launchBrowser();
  store = await startExampleStore({ pocketwiseUrl: baseUrl() });
});
afterAll(async () => {
  await browser?.close();
  await store?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Chromium with the unpacked extension, as a parent loads it from chrome://extensions. */
async function chromiumWithExtension(
  dir: string,
  profile: string,
): Promise<{ context: BrowserContext; worker: Worker; id: string }> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: false,
    viewport: DESKTOP,
    args: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      // Lets the test press the toolbar button (Extensions.triggerAction), which grants activeTab as a click does.
      "--enable-unsafe-extension-debugging",
      `--disable-extensions-except=${dir}`,
      `--load-extension=${dir}`,
    ],
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  return { context, worker, id: new URL(worker.url()).host };
}

/** What the child's click on the Pocketwise toolbar button does, on the tab showing `url`. */
async function pressToolbarButton(context: BrowserContext, extensionId: string, url: string) {
  const cdp = await context.browser()?.newBrowserCDPSession();
  if (!cdp) throw new Error("no browser session");
  const { targetInfos } = await cdp.send("Target.getTargets", { filter: [{ type: "tab" }] });
  const tab = targetInfos.find((t) => t.url === url);
  if (!tab) throw new Error(`no tab shows ${url}`);
  await cdp.send("Extensions.triggerAction", { id: extensionId, targetId: tab.targetId });
  await cdp.detach();
}

const badge = (worker: Worker) =>
  worker.evaluate(async () => {
    const action = (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } })
      .chrome.action;
    return action.getBadgeText({});
  });

/** Console errors of the extension's pages: a journey fails when any remain. */
function tracked(page: Page, errors: string[]) {
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`${page.url()}: ${msg.text()}`);
  });
  page.on("pageerror", (err) => errors.push(`${page.url()}: ${err.message}`));
  return page;
}

test("a parent installs the extension from the child dashboard; the child signs in, asks from a store and sees the approval", async () => {
  const parent = await openPage(browser);
  const p = parent.page;
  await signUpParentViaApi(p, "/");
  const child = await createChildViaApi(p, {
    name: "Maya",
    age: 13,
    monthlyBudget: "200.00",
    autoApprovalLimit: "10.00",
  });

  // The download link and the steps, on the child dashboard.
  await p.goto(`/child/${child.id}`);
  const banner = p.getByRole("region", { name: "Shop with the Pocketwise browser extension" });
  await banner.getByText("Click Load unpacked and choose the unzipped folder.").waitFor();
  await shoot(p, "extension-banner");
  const [download] = await Promise.all([
    p.waitForEvent("download"),
    banner.getByRole("link", { name: "Download the extension" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("pocketwise-extension.zip");
  // A folder of its own for each try of this journey: a retry starts from a fresh download and profile.
  const run = mkdtempSync(path.join(work, "run-"));
  const zip = path.join(run, "pocketwise-extension.zip");
  await download.saveAs(zip);
  const unpacked = path.join(run, "pocketwise-extension");
  const unzip = spawnSync("unzip", ["-q", zip, "-d", unpacked], { encoding: "utf8" });
  expect(unzip.status, unzip.stderr).toBe(0);
  const manifest = JSON.parse(readFileSync(path.join(unpacked, "manifest.json"), "utf8"));
  expect(manifest.host_permissions).toEqual([`${baseUrl()}/*`]);

  const code = await apiFromPage<{ code: string }>(p, "POST", `/api/children/${child.id}/login-code`);
  expect(code.status).toBe(201);

  const errors: string[] = [];
  const { context, worker, id } = await chromiumWithExtension(unpacked, path.join(run, "profile"));
  try {
    // The child signs in once in the popup; the server's address is already filled in.
    const popup = tracked(await context.newPage(), errors);
    await popup.goto(`chrome-extension://${id}/popup.html`);
    await popup.getByLabel("Your sign-in code").waitFor();
    expect(await popup.getByLabel("Pocketwise address").inputValue()).toBe(baseUrl());
    await shoot(popup, "extension-popup-sign-in");
    await popup.getByLabel("Your sign-in code").fill("WRONG234");
    await popup.getByRole("button", { name: "Sign in" }).click();
    await popup.getByText("That code is not valid or has expired").waitFor();
    await popup.getByLabel("Your sign-in code").fill(code.body.code.toLowerCase());
    await popup.getByRole("button", { name: "Sign in" }).click();
    await popup.getByText("Maya", { exact: true }).waitFor();

    // A product page of an ordinary store: the toolbar button puts "Ask a parent" on it, without moving it.
    const shop = await context.newPage();
    const productUrl = `${store.url}/products/jsonld-bike`;
    await shop.goto(productUrl);
    // A page's own styles that would pull the button into its flow, or hide it, do not reach it.
    await shop.addStyleTag({
      content: "pocketwise-ask { position: static !important; display: none !important; height: 400px !important }",
    });
    const layout = () =>
      shop.evaluate(() => ({
        height: document.documentElement.scrollHeight,
        width: document.documentElement.scrollWidth,
        heading: document.querySelector("h1")?.getBoundingClientRect().toJSON(),
      }));
    const before = await layout();
    await pressToolbarButton(context, id, productUrl);
    const host = shop.locator("pocketwise-ask");
    await host.waitFor({ state: "visible" });
    expect(await host.evaluate((e) => e.shadowRoot)).toBeNull();
    expect(await layout()).toEqual(before);
    await screenshot(shop, "extension-ask-button");

    const box = await host.boundingBox();
    if (!box) throw new Error("the button has no box");
    const [form] = await Promise.all([
      context.waitForEvent("page"),
      shop.mouse.click(box.x + box.width / 2, box.y + box.height / 2),
    ]);
    tracked(form, errors);
    await form.getByText("Found this. Check it and ask:").waitFor();
    expect(await form.getByLabel("What is it?").inputValue()).toBe("Trail Bike 24-inch");
    expect(await form.getByLabel("Price in US dollars").inputValue()).toBe("149.00");
    expect(await form.getByLabel("Link").inputValue()).toBe(productUrl);
    await form.getByLabel("A note for your parent (you can skip this)").fill("For riding to school with Sam");
    await shoot(form, "extension-popup-ask");
    await form.getByRole("button", { name: "Ask a parent" }).click();
    await form.getByText("Sent! Your parent can see Trail Bike 24-inch now.").waitFor();
    await form.getByText("Waiting for your parent").waitFor();
    await expect.poll(() => badge(worker)).toBe("1");
    await shoot(form, "extension-popup-waiting");

    // The parent approves on the dashboard; the popup and the badge hear it at once.
    await p.goto("/");
    await p.getByRole("button", { name: "Approve Maya's request from Little Market" }).click();
    await form.getByText("Approved!", { exact: true }).waitFor();
    await popup.getByText("Approved!", { exact: true }).waitFor();
    await expect.poll(() => badge(worker)).toBe("✓");
    await shoot(form, "extension-popup-approved");
  } finally {
    await context.close();
  }
  expect(errors).toEqual([]);
  expect(parent.errors).toEqual([]);
});
