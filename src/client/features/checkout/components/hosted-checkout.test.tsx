import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import type { HostedCheckout } from "../api/get-checkout-session";
import {
  ALREADY_SENT,
  type CheckoutViewer,
  EXPIRED,
  HostedCheckoutView,
  NOT_FOUND,
  SENT_APPROVED,
  SENT_PENDING,
  STORE_DISCONNECTED,
  webUrl,
} from "./hosted-checkout";

let requests: { method: string; url: string; body: unknown }[];
let answers: Array<() => Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  requests = [];
  answers = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    requests.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return (answers.shift() ?? (() => json(500, { message: "no answer prepared" })))();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const checkout = (fields: Partial<HostedCheckout> = {}): HostedCheckout => ({
  id: "cs-1",
  merchantName: "Toy Shop",
  items: [
    { name: "Robot kit", price: "10.00", quantity: 1, url: "https://shop.example/robot" },
    { name: "Batteries", price: "1.25", quantity: 2, url: "javascript:alert(1)" },
  ],
  total: "12.50",
  status: "open",
  expiresAt: "2026-11-26T15:05:00.000Z",
  successUrl: "https://shop.example/thanks",
  cancelUrl: "https://shop.example/cart",
  ...fields,
});

function renderView(viewer: CheckoutViewer) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HostedCheckoutView id="cs-1" viewer={viewer} />
    </QueryClientProvider>,
  );
}

describe("HostedCheckoutView", () => {
  test("shows the store, items with safe links only, and the total; signed out offers the code sign-in", async () => {
    answers.push(() => json(200, checkout()));
    renderView("none");
    await screen.findByRole("heading", { name: "Toy Shop" });
    expect(requests[0]).toMatchObject({ method: "GET", url: "/api/checkout/cs-1" });
    expect(screen.getByRole("link", { name: "Robot kit" }).getAttribute("href")).toBe("https://shop.example/robot");
    expect(screen.queryByRole("link", { name: "Batteries" })).toBeNull();
    expect(screen.getByText("Batteries")).toBeTruthy();
    expect(screen.getByText("$12.50")).toBeTruthy();
    expect(screen.getByText("each")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in with your code" }).getAttribute("href")).toBe(
      "/kid?returnTo=%2Fcheckout%2Fcs-1",
    );
    expect(screen.getByRole("link", { name: "Back to Toy Shop" }).getAttribute("href")).toBe(
      "https://shop.example/cart",
    );
    expect(screen.queryByRole("button", { name: "Ask my parent" })).toBeNull();
  });

  test("a child asks a parent and sees that it was sent, then goes back to the store", async () => {
    answers.push(() => json(200, checkout()));
    answers.push(() => json(200, { id: "cs-1", status: "pending", cartId: "cart-1" }));
    renderView("child");
    fireEvent.click(await screen.findByRole("button", { name: "Ask my parent" }));
    await screen.findByText(SENT_PENDING);
    expect(requests[1]).toMatchObject({ method: "POST", url: "/api/checkout/cs-1/send" });
    expect(screen.getByRole("link", { name: "Back to Toy Shop" }).getAttribute("href")).toBe(
      "https://shop.example/thanks",
    );
  });

  test("an auto-approved send says so", async () => {
    answers.push(() => json(200, checkout()));
    answers.push(() => json(200, { id: "cs-1", status: "approved", cartId: "cart-1" }));
    renderView("child");
    fireEvent.click(await screen.findByRole("button", { name: "Ask my parent" }));
    await screen.findByText(SENT_APPROVED);
  });

  test("a store's non-web success address is never a link", async () => {
    answers.push(() => json(200, checkout({ successUrl: "javascript:alert(1)" })));
    answers.push(() => json(200, { id: "cs-1", status: "pending", cartId: "cart-1" }));
    renderView("child");
    fireEvent.click(await screen.findByRole("button", { name: "Ask my parent" }));
    await screen.findByText(SENT_PENDING);
    expect(screen.queryByRole("link", { name: "Back to Toy Shop" })).toBeNull();
    expect(webUrl("data:text/html,hi")).toBeNull();
  });

  test("a send refused as already sent (409) or expired (410) says so in plain words", async () => {
    answers.push(() => json(200, checkout()));
    answers.push(() => json(409, { message: "This checkout was already sent (it is pending)" }));
    renderView("child");
    fireEvent.click(await screen.findByRole("button", { name: "Ask my parent" }));
    await screen.findByText(ALREADY_SENT);
    expect(screen.getByRole("link", { name: "Back to Toy Shop" }).getAttribute("href")).toBe(
      "https://shop.example/cart",
    );
    cleanup();
    answers.push(() => json(200, checkout()));
    answers.push(() => json(410, { message: "This checkout has expired" }));
    renderView("child");
    fireEvent.click(await screen.findByRole("button", { name: "Ask my parent" }));
    await screen.findByText(EXPIRED);
    cleanup();
    answers.push(() => json(200, checkout()));
    answers.push(() => json(409, { message: "This store is no longer connected", code: "merchant_disabled" }));
    renderView("child");
    fireEvent.click(await screen.findByRole("button", { name: "Ask my parent" }));
    await screen.findByText(STORE_DISCONNECTED);
  });

  test("an expired or already sent checkout offers no button", async () => {
    answers.push(() => json(200, checkout({ status: "expired" })));
    renderView("child");
    await screen.findByText(EXPIRED);
    expect(screen.queryByRole("button", { name: "Ask my parent" })).toBeNull();
    cleanup();
    answers.push(() => json(200, checkout({ status: "pending" })));
    renderView("child");
    await screen.findByText(ALREADY_SENT);
  });

  test("a parent is told the child sends it", async () => {
    answers.push(() => json(200, checkout()));
    renderView("parent");
    await screen.findByText(/Your child sends this to you from their own sign-in/);
    expect(screen.queryByRole("button", { name: "Ask my parent" })).toBeNull();
  });

  test("an unknown checkout says so", async () => {
    answers.push(() => json(404, { message: "Checkout session not found" }));
    renderView("none");
    await screen.findByText(NOT_FOUND);
  });
});
