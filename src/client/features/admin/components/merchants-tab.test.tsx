import type { Merchant, MerchantWithSecrets, WebhookDelivery } from "@shared/schemas/merchants";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { MerchantsTab } from "./merchants-tab";

type Call = { method: string; url: string; body: unknown };
let calls: Call[];
let answers: Record<string, () => Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = answers[`${method} ${url.split("?")[0]}`];
    if (!answer) throw new Error(`unexpected ${method} ${url}`);
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const merchant = (over: Partial<Merchant> = {}): Merchant => ({
  id: "m1",
  name: "Toy Shop",
  domain: "toys.example.com",
  webhookUrl: "https://toys.example.com/hooks",
  isActive: true,
  createdAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  ...over,
});

const secrets = (over: Partial<MerchantWithSecrets> = {}): MerchantWithSecrets => ({
  ...merchant(),
  apiKey: "pk_live_first",
  webhookSecret: "whsec_first",
  ...over,
});

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: "evt_1",
  type: "checkout.approved",
  checkoutSessionId: "s1",
  status: "delivered",
  attempts: 1,
  lastAttemptAt: "2026-11-21T10:00:00.000Z",
  lastStatusCode: 200,
  lastError: null,
  nextAttemptAt: null,
  createdAt: "2026-11-21T10:00:00.000Z",
  ...over,
});

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MerchantsTab />
    </QueryClientProvider>,
  );
}

const card = (name: string) => screen.getByRole("region", { name });

describe("the merchants tab", () => {
  test("lists each merchant with its domain, webhook URL and status", async () => {
    answers["GET /api/admin/merchants"] = () =>
      json(200, [merchant(), merchant({ id: "m2", name: "Book Barn", domain: "books.example.com", isActive: false })]);
    renderTab();
    const toys = await screen.findByRole("region", { name: "Toy Shop" });
    expect(within(toys).getByText("toys.example.com")).toBeTruthy();
    expect(within(toys).getByText("https://toys.example.com/hooks")).toBeTruthy();
    expect(within(toys).getByText("Active")).toBeTruthy();
    expect(within(toys).getByRole("button", { name: /Disable/ })).toBeTruthy();
    const books = card("Book Barn");
    expect(within(books).getByText("Disabled")).toBeTruthy();
    expect(within(books).getByRole("button", { name: /Turn on/ })).toBeTruthy();
  });

  test("registers a merchant with the shared rules, then shows its secrets once", async () => {
    answers["GET /api/admin/merchants"] = () => json(200, []);
    answers["POST /api/admin/merchants"] = () => json(201, secrets());
    renderTab();
    await screen.findByText(/No merchants yet/);
    fireEvent.click(screen.getByRole("button", { name: /Register merchant/ }));
    const dialog = await screen.findByRole("dialog", { name: "Register a merchant" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Register merchant" }));
    expect(await within(dialog).findByText("Name is required")).toBeTruthy();
    expect(within(dialog).getByText("Domain is required")).toBeTruthy();
    expect(within(dialog).getByText("Webhook URL must be a web address")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Domain/), { target: { value: "not a host" } });
    fireEvent.change(within(dialog).getByLabelText(/Webhook URL/), { target: { value: "ftp://x" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Register merchant" }));
    expect(await within(dialog).findByText("Domain must be a host name, e.g. shop.example.com")).toBeTruthy();
    expect(within(dialog).getByText("Webhook URL must be a web address")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Store name/), { target: { value: "Toy Shop" } });
    fireEvent.change(within(dialog).getByLabelText(/Domain/), { target: { value: "toys.example.com" } });
    fireEvent.change(within(dialog).getByLabelText(/Webhook URL/), {
      target: { value: "https://toys.example.com/hooks" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Register merchant" }));

    const shown = await screen.findByRole("dialog", { name: "Toy Shop is registered" });
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Toy Shop",
      domain: "toys.example.com",
      webhookUrl: "https://toys.example.com/hooks",
    });
    expect(within(shown).getByText("pk_live_first")).toBeTruthy();
    expect(within(shown).getByText("whsec_first")).toBeTruthy();
    expect(within(shown).getByRole("alert").textContent).toMatch(/You will not see them again/);
    expect(within(shown).getByRole("button", { name: "Copy api key" })).toBeTruthy();
    expect(within(shown).getByRole("button", { name: "Copy webhook secret" })).toBeTruthy();

    fireEvent.click(within(shown).getByRole("button", { name: "I have copied them" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.queryByText("pk_live_first")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: /Register merchant/ }));
    expect(await screen.findByRole("dialog", { name: "Register a merchant" })).toBeTruthy();
    expect(screen.queryByText("pk_live_first")).toBeNull();
  });

  test("puts the server's field message on the field (a webhook URL that is not public)", async () => {
    const message = "Webhook URL must be an https address on the public internet";
    answers["GET /api/admin/merchants"] = () => json(200, []);
    answers["POST /api/admin/merchants"] = () => json(400, { message, errors: [{ field: "webhookUrl", message }] });
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: /Register merchant/ }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText(/Store name/), { target: { value: "Local" } });
    fireEvent.change(within(dialog).getByLabelText(/Domain/), { target: { value: "local.example.com" } });
    fireEvent.change(within(dialog).getByLabelText(/Webhook URL/), { target: { value: "http://10.0.0.1/hooks" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Register merchant" }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(
      within(dialog)
        .getByLabelText(/Webhook URL/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
  });

  test("rotates keys after confirming and shows the new ones once", async () => {
    answers["GET /api/admin/merchants"] = () => json(200, [merchant()]);
    answers["POST /api/admin/merchants/m1/rotate"] = () =>
      json(200, secrets({ apiKey: "pk_live_second", webhookSecret: "whsec_second" }));
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: /Rotate keys/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Rotate Toy Shop's keys?" });
    expect(calls.some((c) => c.url.endsWith("/rotate"))).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Rotate keys" }));
    const shown = await screen.findByRole("dialog", { name: "New keys for Toy Shop" });
    expect(within(shown).getByText("pk_live_second")).toBeTruthy();
    expect(within(shown).getByText("whsec_second")).toBeTruthy();
    expect(within(shown).getByText(/You will not see them again/)).toBeTruthy();
  });

  test("disables after confirming; Cancel changes nothing", async () => {
    answers["GET /api/admin/merchants"] = () => json(200, [merchant()]);
    answers["PATCH /api/admin/merchants/m1"] = () => json(200, merchant({ isActive: false }));
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: /Disable/ }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Cancel" }));
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: /Disable/ }));
    const confirm = await screen.findByRole("alertdialog", { name: "Disable Toy Shop?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Disable merchant" }));
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ isActive: false }));
  });
});

describe("a merchant's recent deliveries", () => {
  test("shows each event's state and retries one that was not delivered", async () => {
    answers["GET /api/admin/merchants"] = () => json(200, [merchant()]);
    answers["GET /api/admin/merchants/m1/deliveries"] = () =>
      json(200, [
        delivery({
          id: "evt_2",
          type: "checkout.declined",
          status: "failed",
          attempts: 2,
          lastStatusCode: 500,
          lastError: "answered 500",
          nextAttemptAt: "2026-11-21T11:00:00.000Z",
        }),
        delivery({ id: "evt_1" }),
      ]);
    answers["POST /api/admin/merchants/m1/deliveries/evt_2/retry"] = () =>
      json(200, delivery({ id: "evt_2", status: "failed" }));
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Recent deliveries" }));
    const log = await screen.findByRole("region", { name: "Recent deliveries to Toy Shop" });
    await within(log).findByText("evt_2");
    expect(within(log).getByText("Failed, retrying")).toBeTruthy();
    expect(within(log).getByText("Delivered")).toBeTruthy();
    expect(within(log).getByText(/HTTP 500/)).toBeTruthy();
    expect(within(log).getByText("Next attempt")).toBeTruthy();
    // Only what was not delivered can be retried.
    expect(within(log).getAllByRole("button", { name: /^Retry/ })).toHaveLength(1);
    expect(calls.find((c) => c.url.includes("/deliveries"))?.url).toContain("limit=10");

    fireEvent.click(within(log).getByRole("button", { name: "Retry checkout.declined evt_2" }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith("/deliveries/evt_2/retry"))).toBe(true));
  });

  test("a disabled merchant's stopped events say so, and cannot be retried until it is on again", async () => {
    answers["GET /api/admin/merchants"] = () => json(200, [merchant({ isActive: false })]);
    answers["GET /api/admin/merchants/m1/deliveries"] = () =>
      json(200, [delivery({ status: "stopped", lastStatusCode: null, lastError: null })]);
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Recent deliveries" }));
    const log = await screen.findByRole("region", { name: "Recent deliveries to Toy Shop" });
    expect(await within(log).findByText("Stopped: merchant disabled")).toBeTruthy();
    expect(within(log).getByText("Turn the merchant on again to retry its deliveries.")).toBeTruthy();
    expect((within(log).getByRole("button", { name: /^Retry/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
