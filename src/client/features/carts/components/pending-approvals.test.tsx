import type { PendingCart } from "@shared/schemas/carts";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { PendingApprovals } from "./pending-approvals";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const cart = (id: string, retailer: string, extra: Partial<PendingCart> = {}): PendingCart => ({
  id,
  childId: "k1",
  retailer,
  total: "12.50",
  status: "pending",
  tag: null,
  notes: null,
  items: [{ name: "Puzzle", price: "12.50", quantity: 1 }],
  decisionReason: null,
  decisionNote: null,
  suggestedItem: null,
  fromCartId: null,
  approvedAt: null,
  completedAt: null,
  orderNumber: null,
  decidedBy: null,
  decidedAt: null,
  expiresAt: null,
  createdAt: "2026-11-23T10:00:00.000Z",
  updatedAt: "2026-11-23T10:00:00.000Z",
  childName: "Maya",
  childProfileColor: "#10B981",
  ...extra,
});

const list = (carts: PendingCart[]) => (
  <PendingApprovals
    carts={carts}
    isLoading={false}
    budgetLeftCents={() => 10_000}
    renderActions={(c) => <button type="button">Approve {c.retailer}</button>}
  />
);

describe("PendingApprovals", () => {
  test("names the items, the child's note and why a parent decides", () => {
    render(
      list([
        cart("c1", "Toy Town", {
          notes: "For the school trip",
          decisionReason: "Needs a parent: over the 10.00 auto-approval limit",
          items: [
            { name: "Puzzle", price: "5.00", quantity: 2, category: "Games" },
            { name: "Glue", price: "1.00", quantity: 1 },
            { name: "Paper", price: "1.00", quantity: 1 },
            { name: "Tape", price: "0.50", quantity: 1, url: "https://example.com/tape" },
          ],
        }),
      ]),
    );
    expect(screen.getByText("Puzzle")).toBeTruthy();
    expect(screen.getByText("2 × $5.00 · Games")).toBeTruthy();
    expect(screen.getByText("and 1 more item")).toBeTruthy();
    expect(screen.getByText(/For the school trip/)).toBeTruthy();
    expect(screen.getByText("Needs a parent: over the 10.00 auto-approval limit")).toBeTruthy();
  });

  test("says how long each cart has waited and how long it has left", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T10:05:00.000Z"));
    render(list([cart("c1", "Sneaker Store", { expiresAt: "2026-11-25T10:00:00.000Z" })]));
    expect(screen.getByText("Asked 5 minutes ago · expires in 47 hours")).toBeTruthy();
  });

  test("when a decided cart leaves the list, focus moves to the next cart, then to the card's title", () => {
    const { rerender } = render(list([cart("c1", "Toy Town"), cart("c2", "Book Nook")]));
    screen.getByRole("button", { name: "Approve Toy Town" }).focus();
    rerender(list([cart("c2", "Book Nook")]));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Approve Book Nook" }));
    rerender(list([]));
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Pending Approvals" }));
  });
});
