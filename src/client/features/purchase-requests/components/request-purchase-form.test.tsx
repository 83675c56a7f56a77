import type { Cart } from "@shared/schemas/carts";
import type { Category } from "@shared/schemas/categories";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { RequestPurchaseForm } from "./request-purchase-form";

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

let calls: Call[];
let answers: Array<() => Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const cart = (over: Partial<Cart>): Cart => ({
  id: "c1",
  childId: "k1",
  retailer: "Bookshop",
  total: "8.00",
  status: "approved",
  tag: null,
  notes: null,
  items: [],
  decisionReason: "Approved automatically: under your 10.00 limit",
  decisionNote: null,
  suggestedItem: null,
  fromCartId: null,
  approvedAt: null,
  completedAt: null,
  orderNumber: null,
  decidedBy: null,
  decidedAt: null,
  expiresAt: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  ...over,
});

const STAMPS = { createdAt: "2026-11-01T10:00:00.000Z", updatedAt: "2026-11-01T10:00:00.000Z" };
const CATEGORIES: Category[] = [
  {
    id: "g1",
    childId: "k1",
    name: "Books",
    monthlyLimit: "0.00",
    currentSpent: "0.00",
    isRestricted: false,
    ...STAMPS,
  },
  {
    id: "g2",
    childId: "k1",
    name: "Games",
    monthlyLimit: "20.00",
    currentSpent: "0.00",
    isRestricted: true,
    ...STAMPS,
  },
];

beforeEach(() => {
  calls = [];
  answers = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({
      url,
      method,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: init.body as string | undefined,
    });
    const next = answers.shift();
    return next ? next() : json(500, { message: "no answer prepared" });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <RequestPurchaseForm childId="k1" categories={CATEGORIES} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Start a request" }));
  return view;
}

const type = (label: string | RegExp, value: string, index = 0) =>
  fireEvent.change(screen.getAllByLabelText(label)[index] as HTMLElement, { target: { value } });
const total = () => screen.getByTestId("request-total").textContent;
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Send request" }));

describe("RequestPurchaseForm", () => {
  test("the total follows prices and quantities as they are typed, added and removed", () => {
    renderForm();
    expect(total()).toBe("$0.00");
    type("Price ($)", "12.50");
    expect(total()).toBe("$12.50");
    type("How many?", "3");
    expect(total()).toBe("$37.50");
    fireEvent.click(screen.getByRole("button", { name: "Add another item" }));
    type("Price ($)", "$0.10", 1);
    expect(total()).toBe("$37.60");
    // A price that is not an amount yet counts for nothing rather than NaN.
    type("Price ($)", "1.234", 1);
    expect(total()).toBe("$37.50");
    type("Price ($)", "0.10", 1);
    fireEvent.click(screen.getByRole("button", { name: "Remove item 1" }));
    expect(total()).toBe("$0.10");
    expect(screen.queryByRole("button", { name: /Remove item/ })).toBeNull();
  });

  test("an empty or invalid request is not sent and each field says what is wrong", async () => {
    renderForm();
    type("How many?", "0");
    type("Price ($)", "abc");
    type("Link (optional)", "not a link");
    submit();
    expect(await screen.findByText("Retailer is required")).toBeTruthy();
    expect(screen.getByText("Item name is required")).toBeTruthy();
    expect(screen.getByText("Must be a valid amount (e.g., 12.50)")).toBeTruthy();
    expect(screen.getByText("Quantity must be at least 1")).toBeTruthy();
    expect(screen.getByText("Must be a web address")).toBeTruthy();
    expect(screen.getAllByLabelText("Price ($)")[0]?.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getAllByLabelText("Price ($)")[0]?.getAttribute("aria-describedby")).toBe(
      screen.getByText("Must be a valid amount (e.g., 12.50)").id,
    );
    expect(calls).toEqual([]);
  });

  test("a note with a hidden character says so beside the note; emoji sequences are fine", async () => {
    renderForm();
    type("Shop or website", "Bookshop");
    type("What is it?", "Atlas");
    type("Price ($)", "5.00");
    type("Note for your parent (optional)", "for sch\u200Bool");
    submit();
    expect(await screen.findByText("Notes can't contain hidden or control characters")).toBeTruthy();
    expect(screen.getByLabelText("Note for your parent (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
    type("Note for your parent (optional)", "for our trip 👨‍👩‍👧");
    submit();
    await vi.waitFor(() => expect(screen.queryByText("Notes can't contain hidden or control characters")).toBeNull());
  });

  test("a valid request is sent with an Idempotency-Key and shows the automatic approval and its reason", async () => {
    renderForm();
    type("Shop or website", "Bookshop");
    type("What is it?", "Comic");
    type("Price ($)", "4.00");
    type("How many?", "2");
    await screen.findByRole("option", { name: "Books" });
    fireEvent.change(screen.getByLabelText("Category (optional)"), { target: { value: "Books" } });
    answers.push(() => json(201, cart({})));
    submit();
    const result = await screen.findByRole("status");
    expect(within(result).getByText("Approved!")).toBeTruthy();
    // The server's reason, in the child's words.
    expect(within(result).getByText("Yes! It was approved right away because it costs $10.00 or less.")).toBeTruthy();

    const [sent] = calls;
    expect(sent?.url).toBe("/api/children/k1/carts");
    expect(sent?.method).toBe("POST");
    expect(sent?.headers["Idempotency-Key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(sent?.body ?? "")).toEqual({
      retailer: "Bookshop",
      items: [{ name: "Comic", price: "4.00", quantity: 2, category: "Books" }],
    });
  });

  test("a retry of the same request reuses its key; a pending answer says it went to the parent", async () => {
    renderForm();
    type("Shop or website", "Toy Town");
    type("What is it?", "Robot kit");
    type("Price ($)", "45.00");
    answers.push(() => json(503, { message: "Service Unavailable" }));
    submit();
    expect(await screen.findByText("Couldn't send your request. Please try again.")).toBeTruthy();

    answers.push(() =>
      json(201, cart({ status: "pending", total: "45.00", decisionReason: "Over your 10.00 auto-approval limit" })),
    );
    submit();
    expect(await screen.findByText("Sent to your parent for approval")).toBeTruthy();
    expect(screen.getByText("Over your 10.00 auto-approval limit")).toBeTruthy();
    const [first, second] = calls;
    expect(second?.headers["Idempotency-Key"]).toBe(first?.headers["Idempotency-Key"]);

    // The next request is a new purchase with a new key.
    fireEvent.click(screen.getByRole("button", { name: "Request something else" }));
    type("Shop or website", "Toy Town");
    type("What is it?", "Robot kit");
    type("Price ($)", "45.00");
    answers.push(() => json(201, cart({ status: "pending" })));
    submit();
    await screen.findByText("Sent to your parent for approval");
    expect(calls[2]?.headers["Idempotency-Key"]).not.toBe(first?.headers["Idempotency-Key"]);
  });

  test("the server's field messages appear beside their fields", async () => {
    renderForm();
    type("Shop or website", "Bookshop");
    type("What is it?", "Comic");
    type("Price ($)", "4.00");
    answers.push(() =>
      json(400, { message: "Validation failed", errors: [{ field: "items.0.name", message: "Name is too rude" }] }),
    );
    submit();
    const message = await screen.findByText("Name is too rude");
    const name = screen.getByLabelText("What is it?");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(message.id);
    expect(screen.queryByText("Validation failed")).toBeNull();
  });
});
