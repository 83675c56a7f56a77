import { EXPIRED_NOTE } from "@shared/rules/approval-window";
import type { Cart } from "@shared/schemas/carts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CartOutcome } from "./cart-outcome";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const cart = (extra: Partial<Cart> = {}): Cart => ({
  id: "c1",
  childId: "k1",
  retailer: "Sneaker Store",
  total: "15.00",
  status: "pending",
  tag: "Birthday",
  notes: "For the school run",
  items: [{ name: "Sneakers", price: "15.00", quantity: 1, url: "https://example.com/s" }],
  decisionReason: "Needs a parent: over the 5.00 auto-approval limit",
  decisionNote: null,
  suggestedItem: null,
  fromCartId: null,
  approvedAt: null,
  completedAt: null,
  orderNumber: null,
  decidedBy: null,
  decidedAt: null,
  expiresAt: "2026-11-25T10:00:00.000Z",
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  ...extra,
});

const expired = () =>
  cart({ status: "declined", decisionNote: EXPIRED_NOTE, decidedAt: "2026-11-25T10:00:00.000Z", expiresAt: null });

let sent: { url: string; headers: Record<string, string>; body: unknown }[];
let answers: Array<() => Response>;

beforeEach(() => {
  sent = [];
  answers = [];
  toast.mockReset();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    return (answers.shift() ?? (() => json(500, { message: "no answer prepared" })))();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderOutcome(c: Cart, forChild: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CartOutcome cart={c} forChild={forChild} />
    </QueryClientProvider>,
  );
}

describe("CartOutcome", () => {
  test("a waiting cart's reason is the server's for a parent and the child's own words for the child", () => {
    renderOutcome(cart(), false);
    expect(screen.getByText("Needs a parent: over the 5.00 auto-approval limit")).toBeTruthy();
    cleanup();
    renderOutcome(cart(), true);
    expect(screen.getByText("Your parent needs to say yes because it costs more than $5.00.")).toBeTruthy();
  });

  test.each([
    [cart({ status: "approved", decidedBy: { id: "g1", firstName: "Gabe" } }), "Approved by Gabe"],
    [
      cart({ status: "declined", decidedBy: { id: "o1", firstName: "Olivia" }, decisionNote: "Not this week" }),
      "Declined by Olivia",
    ],
    [expired(), "Expired"],
  ])("a parent sees who decided: %#", (c, words) => {
    renderOutcome(c, false);
    expect(screen.getByText(words)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Ask again/ })).toBeNull();
    // An expiry's note is the server's, never shown as a person's note.
    expect(screen.queryByText(EXPIRED_NOTE)).toBeNull();
  });

  test("an expired cart tells the child no one answered, and Ask again sends the same request once", async () => {
    renderOutcome(expired(), true);
    expect(screen.getByText("No one answered in time")).toBeTruthy();
    expect(screen.queryByText(/Note from your parent/)).toBeNull();
    answers.push(() =>
      json(201, cart({ id: "c2", decisionReason: "Needs a parent: over the 5.00 auto-approval limit" })),
    );
    fireEvent.click(screen.getByRole("button", { name: "Ask again for Sneaker Store" }));
    expect(await screen.findByText("You asked again.")).toBeTruthy();
    expect(sent).toEqual([
      {
        url: "/api/children/k1/carts",
        headers: expect.objectContaining({ "Idempotency-Key": "ask-again:c1" }),
        body: {
          retailer: "Sneaker Store",
          items: [{ name: "Sneakers", price: "15.00", quantity: 1, url: "https://example.com/s" }],
          tag: "Birthday",
          notes: "For the school run",
        },
      },
    ]);
    expect(toast).toHaveBeenCalledWith({
      title: "Sent to your parent for approval",
      description: "Your parent needs to say yes because it costs more than $5.00.",
    });
  });

  test("a refused Ask again shows the server's message and keeps the button", async () => {
    renderOutcome(expired(), true);
    answers.push(() => json(429, { message: "You have sent a lot of requests. Wait a little and try again." }));
    fireEvent.click(screen.getByRole("button", { name: "Ask again for Sneaker Store" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: "destructive",
          description: "You have sent a lot of requests. Wait a little and try again.",
        }),
      ),
    );
    expect(screen.getByRole("button", { name: "Ask again for Sneaker Store" })).toBeTruthy();
  });
});
