import type { DecisionLink } from "@shared/schemas/notifications";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { DecideByLink, SIGN_IN_TO_DECIDE } from "./decide-by-link";

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

const link = (fields: Partial<DecisionLink> = {}): DecisionLink => ({
  decision: "approve",
  state: "open",
  message: null,
  childName: "Maya",
  retailer: "Toy Town",
  items: [
    { name: "Robot kit", price: "10.00", quantity: 1, url: "https://shop.example/robot" },
    { name: "Batteries", price: "1.25", quantity: 2 },
  ],
  total: "12.50",
  budgetLeft: "8.00",
  reason: "it is over the $5.00 auto-approval limit",
  status: "pending",
  expiresAt: "2026-11-26T15:05:00.000Z",
  decidedBy: null,
  decidedAt: null,
  ...fields,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DecideByLink token="tok-1" />
    </QueryClientProvider>,
  );
}

describe("DecideByLink", () => {
  test("shows the cart, then approves with one button and shows the outcome", async () => {
    answers.push(() => json(200, link()));
    renderPage();
    await screen.findByRole("heading", { name: "Maya is asking for $12.50" });
    expect(screen.getByRole("link", { name: /Robot kit/ }).getAttribute("href")).toBe("https://shop.example/robot");
    expect(screen.getByText("$2.50")).toBeTruthy();
    expect(screen.getByText("It is over the $5.00 auto-approval limit")).toBeTruthy();
    expect(screen.getByText("Approving this would take Maya over this month's budget.")).toBeTruthy();

    answers.push(() => json(200, { id: "c1", status: "approved", total: "12.50", decisionNote: null }));
    fireEvent.click(screen.getByRole("button", { name: "Approve $12.50" }));
    await screen.findByText("Approved $12.50");
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /api/decide/tok-1", "POST /api/decide/tok-1"]);
    expect(requests[1]?.body).toEqual({});
  });

  test("a decline carries the note; a note that can spoof a reader is refused before sending", async () => {
    answers.push(() => json(200, link({ decision: "decline" })));
    renderPage();
    const note = await screen.findByLabelText("Note for Maya (optional)");
    fireEvent.change(note, { target: { value: "Not now\u202E" } });
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    await screen.findByText("Note can't contain hidden or control characters");
    expect(requests).toHaveLength(1);

    fireEvent.change(note, { target: { value: "  Maybe for your birthday " } });
    answers.push(() =>
      json(200, { id: "c1", status: "declined", total: "12.50", decisionNote: "Maybe for your birthday" }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    await screen.findByText("Maya can see it now, with your note.");
    expect(requests[1]?.body).toEqual({ note: "Maybe for your birthday" });
  });

  test("the note's message from the schema and from a 400 sits on the note", async () => {
    answers.push(() => json(200, link({ decision: "decline" })));
    renderPage();
    const note = await screen.findByLabelText("Note for Maya (optional)");
    fireEvent.change(note, { target: { value: "x".repeat(501) } });
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    const client = await screen.findByText("Must be at most 500 characters");
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(note.getAttribute("aria-describedby")).toBe(client.id);
    expect(requests).toHaveLength(1);

    fireEvent.change(note, { target: { value: "Not now" } });
    answers.push(() =>
      json(400, { message: "Validation failed", errors: [{ field: "note", message: "Note is not allowed here" }] }),
    );
    answers.push(() => json(200, link({ decision: "decline" })));
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    const server = await screen.findByText("Note is not allowed here");
    expect(note.getAttribute("aria-describedby")).toBe(server.id);
    expect(screen.queryByText("Validation failed")).toBeNull();
  });

  test("over budget (409): the server's words and a way to sign in", async () => {
    answers.push(() => json(200, link()));
    renderPage();
    answers.push(() =>
      json(409, {
        message:
          "Approving this cart would take Maya over the monthly budget ($8.00 left). Sign in to approve it anyway.",
      }),
    );
    answers.push(() => json(200, link()));
    fireEvent.click(await screen.findByRole("button", { name: "Approve $12.50" }));
    await screen.findByText("This would go over the budget");
    expect(screen.getByText(/\(\$8\.00 left\)\. Sign in to approve it anyway\./)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in to approve" }).getAttribute("href")).toBe(SIGN_IN_TO_DECIDE);
  });

  test("decided meanwhile (410): says who decided, and offers no button", async () => {
    answers.push(() => json(200, link()));
    renderPage();
    const decidedAt = "2026-11-24T15:05:00.000Z";
    const gone = { state: "lapsed", decidedBy: { firstName: "Gabe" }, decidedAt, status: "declined", message: "x" };
    answers.push(() => json(410, gone));
    answers.push(() =>
      json(200, link({ state: "lapsed", status: "declined", decidedBy: { firstName: "Gabe" }, decidedAt })),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Approve $12.50" }));
    await screen.findByText(/^Gabe already declined this on /);
    await waitFor(() => expect(screen.queryByRole("button")).toBeNull());
  });

  test("a link opened again after it decided, and one that never worked", async () => {
    answers.push(() =>
      json(
        200,
        link({
          state: "used",
          status: "approved",
          decidedBy: { firstName: "Alex" },
          decidedAt: "2026-11-24T15:05:00.000Z",
        }),
      ),
    );
    renderPage();
    await screen.findByText(/^You approved this on /);
    expect(screen.queryByRole("button")).toBeNull();
    cleanup();

    answers.push(() => json(410, { message: "This link does not work.", state: "unknown" }));
    renderPage();
    await screen.findByRole("heading", { name: "This link does not work" });
  });
});
