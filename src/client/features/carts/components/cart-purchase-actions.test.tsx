import type { Cart } from "@shared/schemas/carts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CartPurchaseActions } from "./cart-purchase-actions";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

let sent: { url: string; method: string; body: unknown }[];
let answers: Array<() => Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const cart = (extra: Partial<Cart> = {}): Cart => ({
  id: "c1",
  childId: "k1",
  retailer: "Sneaker Store",
  total: "15.00",
  status: "approved",
  tag: null,
  notes: null,
  items: [{ name: "Sneakers", price: "15.00", quantity: 1, url: "https://example.com/s" }],
  decisionReason: null,
  decisionNote: null,
  suggestedItem: null,
  fromCartId: null,
  approvedAt: "2026-11-23T10:00:00.000Z",
  completedAt: null,
  orderNumber: null,
  decidedBy: { id: "p1", firstName: "Olivia" },
  decidedAt: "2026-11-23T10:00:00.000Z",
  expiresAt: null,
  createdAt: "2026-11-23T09:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  ...extra,
});

beforeEach(() => {
  sent = [];
  answers = [];
  toast.mockReset();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    sent.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
    return (answers.shift() ?? (() => json(500, { message: "no answer prepared" })))();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderActions(c: Cart) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CartPurchaseActions cart={c} />
    </QueryClientProvider>,
  );
}

const openDialog = () => fireEvent.click(screen.getByRole("button", { name: /Mark as bought/ }));
const orderNumber = () => screen.getByLabelText("Order number") as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Mark as bought" }));

describe("CartPurchaseActions", () => {
  test("an approved cart offers Buy it (the first item's page, in a new tab) and Mark as bought", () => {
    renderActions(cart());
    const buy = screen.getByRole("link", { name: /Buy it/ });
    expect(buy.getAttribute("href")).toBe("https://example.com/s");
    expect(buy.getAttribute("target")).toBe("_blank");
    expect(buy.getAttribute("rel")).toContain("noopener");
    expect(screen.getByRole("button", { name: /Mark as bought/ })).toBeTruthy();
  });

  test("without an item address there is no Buy it; other statuses offer nothing", () => {
    renderActions(cart({ items: [{ name: "Sneakers", price: "15.00", quantity: 1 }] }));
    expect(screen.queryByRole("link", { name: /Buy it/ })).toBeNull();
    cleanup();
    renderActions(cart({ status: "pending" }));
    expect(screen.queryByRole("button", { name: /Mark as bought/ })).toBeNull();
  });

  test("a completed cart says so, with its order number", () => {
    renderActions(cart({ status: "completed", orderNumber: "A-1234", completedAt: "2026-11-24T10:00:00.000Z" }));
    expect(screen.getByText("Completed")).toBeTruthy();
    expect(screen.getByText(/Order A-1234/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Mark as bought/ })).toBeNull();
  });

  test("the dialog sends the trimmed order number and closes", async () => {
    answers.push(() => json(200, cart({ status: "completed", orderNumber: "A-1234" })));
    renderActions(cart());
    openDialog();
    fireEvent.input(orderNumber(), { target: { value: "  A-1234 " } });
    submit();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(sent[0]).toEqual({ url: "/api/carts/c1/complete", method: "POST", body: { orderNumber: "A-1234" } });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Marked as bought" }));
  });

  test("an empty order number sends none", async () => {
    answers.push(() => json(200, cart({ status: "completed" })));
    renderActions(cart());
    openDialog();
    submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({});
  });

  test("the shared contract's messages stand beside the field, and nothing is sent", async () => {
    renderActions(cart());
    openDialog();
    fireEvent.input(orderNumber(), { target: { value: "x".repeat(65) } });
    submit();
    expect(await screen.findByText("Order number must be at most 64 characters")).toBeTruthy();
    fireEvent.input(orderNumber(), { target: { value: "AB\u202E12" } });
    submit();
    expect(await screen.findByText("Order number can't contain hidden or control characters")).toBeTruthy();
    expect(orderNumber().getAttribute("aria-invalid")).toBe("true");
    expect(sent).toEqual([]);
  });

  test("a refusal is told in the server's words", async () => {
    answers.push(() => json(409, { message: "This cart is already marked as bought", code: "not_approved" }));
    renderActions(cart());
    openDialog();
    submit();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ variant: "destructive", description: "This cart is already marked as bought" }),
      ),
    );
  });
});
