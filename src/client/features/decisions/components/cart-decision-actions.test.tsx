import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Toast } from "radix-ui";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { CartDecisionActions, UNDO_WINDOW_MS } from "./cart-decision-actions";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

let bodies: unknown[];
let urls: string[];
let answers: Array<() => Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  bodies = [];
  urls = [];
  answers = [];
  toast.mockReset();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    urls.push(`${init.method} ${url}`);
    if (init.body !== undefined) bodies.push(JSON.parse(String(init.body)));
    return (answers.shift() ?? (() => json(500, { message: "no answer prepared" })))();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

let client: QueryClient;

function renderActions() {
  client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CartDecisionActions cart={{ id: "c1", retailer: "Toy Town", total: "55.00", childName: "Maya" }} />
    </QueryClientProvider>,
  );
}

/** Shows a toast's action as the toaster would, inside a toast, with the same query client. */
function renderToastAction(action: ReactNode) {
  render(
    <QueryClientProvider client={client}>
      <Toast.Provider>
        <Toast.Root open>{action}</Toast.Root>
        <Toast.Viewport />
      </Toast.Provider>
    </QueryClientProvider>,
  );
}

const lastToast = () => toast.mock.lastCall?.[0] as { title?: string; description?: string; action?: ReactNode };

const approved = () => json(200, { id: "c1", status: "approved" });

describe("CartDecisionActions", () => {
  test("an over-budget answer asks first, then approves with allowOverBudget", async () => {
    renderActions();
    answers.push(() =>
      json(409, {
        message: "Approving this cart would take Maya over the monthly budget ($46.00 left).",
        code: "over_budget",
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: /^Approve Maya's request/ }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("This will take Maya over budget");
    expect(confirm.textContent).toContain("$46.00 left");

    answers.push(approved);
    fireEvent.click(screen.getByRole("button", { name: "Approve over budget" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Approved Maya's $55.00 at Toy Town" })),
    );
    expect(bodies).toEqual([{ status: "approved" }, { status: "approved", allowOverBudget: true }]);
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  test("a used-up Free plan shows the plan's message; other failures the spec's text", async () => {
    renderActions();
    answers.push(() =>
      json(403, { message: "Your Free plan's 5 purchases this month are used. Upgrade to approve more." }),
    );
    fireEvent.click(screen.getByRole("button", { name: /^Approve Maya's request/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: "destructive",
          description: "Your Free plan's 5 purchases this month are used. Upgrade to approve more.",
        }),
      ),
    );
    answers.push(() => json(409, { message: "This cart is already approved" }));
    fireEvent.click(screen.getByRole("button", { name: /^Approve Maya's request/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(
        expect.objectContaining({ variant: "destructive", description: "This cart is already approved" }),
      ),
    );
    expect(screen.queryByRole("alertdialog")).toBeNull();
    answers.push(() => json(500, { message: "Internal Server Error" }));
    fireEvent.click(screen.getByRole("button", { name: /^Approve Maya's request/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(
        expect.objectContaining({ description: "Failed to update cart status. Please try again." }),
      ),
    );
  });

  test("a guardian's own approval limit answers with its message", async () => {
    renderActions();
    const limit = "Your approval limit in this family is $20.00. Ask the family's owner to approve this cart.";
    answers.push(() => json(403, { message: limit }));
    fireEvent.click(screen.getByRole("button", { name: /^Approve Maya's request/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: "destructive", description: limit })),
    );
  });

  test("Decline asks for an optional reason in place, sends it at once and offers Undo", async () => {
    renderActions();
    fireEvent.click(screen.getByRole("button", { name: /^Decline Maya's request/ }));
    const form = screen.getByRole("form", { name: "Decline Maya's request from Toy Town" });
    const reason = screen.getByLabelText("Reason for Maya (optional)");
    expect(document.activeElement).toBe(reason);
    expect(screen.queryByRole("dialog")).toBeNull();
    fireEvent.change(reason, { target: { value: "  Let's wait for your birthday. " } });
    answers.push(() => json(200, { id: "c1", status: "declined", decisionNote: "Let's wait for your birthday." }));
    fireEvent.submit(form);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Declined Maya's $55.00 at Toy Town",
          description: "Your reason: Let's wait for your birthday.",
          duration: UNDO_WINDOW_MS,
        }),
      ),
    );
    expect(bodies).toEqual([{ status: "declined", note: "Let's wait for your birthday." }]);

    answers.push(() => json(200, { id: "c1", status: "pending" }));
    renderToastAction(lastToast().action);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(lastToast().title).toBe("Decline undone"));
    expect(urls.at(-1)).toBe("POST /api/carts/c1/undo-decline");
  });

  test("an empty reason declines without a note; a late Undo says it is too late", async () => {
    renderActions();
    fireEvent.click(screen.getByRole("button", { name: /^Decline Maya's request/ }));
    answers.push(() => json(200, { id: "c1", status: "declined", decisionNote: null }));
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    await waitFor(() => expect(lastToast().description).toBe("Maya sees it declined."));
    expect(bodies).toEqual([{ status: "declined" }]);

    answers.push(() => json(409, { message: "This decline can no longer be undone" }));
    renderToastAction(lastToast().action);
    fireEvent.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(
        expect.objectContaining({ variant: "destructive", description: "This decline can no longer be undone" }),
      ),
    );
  });

  test("Cancel closes the reason and puts focus back on Decline", async () => {
    renderActions();
    fireEvent.click(screen.getByRole("button", { name: /^Decline Maya's request/ }));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: /^Decline Maya's request/ })),
    );
    expect(bodies).toEqual([]);
  });

  test("a note alone declines with the note", async () => {
    renderActions();
    fireEvent.click(screen.getByRole("button", { name: /^Suggest an alternative/ }));
    fireEvent.change(await screen.findByLabelText("Note for Maya (optional)"), {
      target: { value: "Let's save for the bike." },
    });
    answers.push(() => json(200, { id: "c1", status: "declined" }));
    fireEvent.click(screen.getByRole("button", { name: "Decline with note" }));
    await waitFor(() => expect(bodies).toEqual([{ status: "declined", note: "Let's save for the bike." }]));
  });

  test("a note with a direction override is refused beside the note, and nothing is sent", async () => {
    renderActions();
    fireEvent.click(screen.getByRole("button", { name: /^Suggest an alternative/ }));
    fireEvent.change(await screen.findByLabelText("Note for Maya (optional)"), {
      target: { value: "Let's save \u202Eekib" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Decline with note" }));
    expect(await screen.findByText("Note can't contain hidden or control characters")).toBeTruthy();
    expect(bodies).toEqual([]);
  });

  test("a suggestion is a decline carrying the note and the suggested item", async () => {
    renderActions();
    fireEvent.click(screen.getByRole("button", { name: /^Suggest an alternative/ }));
    fireEvent.change(await screen.findByLabelText("Price ($)"), { target: { value: "19.99" } });
    fireEvent.click(screen.getByRole("button", { name: "Send suggestion" }));
    expect(await screen.findByText("Suggested item name is required")).toBeTruthy();
    expect(bodies).toEqual([]);

    fireEvent.change(screen.getByLabelText("Note for Maya (optional)"), { target: { value: "A smaller kit?" } });
    fireEvent.change(screen.getByLabelText("Item name"), { target: { value: "Mini robot" } });
    fireEvent.change(screen.getByLabelText("Price ($)"), { target: { value: "$19.99" } });
    answers.push(() => json(200, { id: "c1", status: "declined" }));
    fireEvent.click(screen.getByRole("button", { name: "Send suggestion" }));
    await waitFor(() =>
      expect(bodies).toEqual([
        { status: "declined", note: "A smaller kit?", suggestedItem: { name: "Mini robot", price: "19.99" } },
      ]),
    );
  });

  test("the shared schema's message sits on its box, and a 400's field message lands on the box it names", async () => {
    renderActions();
    fireEvent.click(screen.getByRole("button", { name: /^Suggest an alternative/ }));
    fireEvent.change(await screen.findByLabelText("Item name"), { target: { value: "Mini robot" } });
    fireEvent.click(screen.getByRole("button", { name: "Send suggestion" }));
    const client = await screen.findByText("Must be a valid amount (e.g., 12.50)");
    const price = screen.getByLabelText("Price ($)");
    expect(price.getAttribute("aria-invalid")).toBe("true");
    expect(price.getAttribute("aria-describedby")).toBe(client.id);
    expect(bodies).toEqual([]);

    fireEvent.change(price, { target: { value: "19.99" } });
    answers.push(() =>
      json(400, {
        message: "Validation failed",
        errors: [{ field: "suggestedItem.name", message: "Suggested item name is too long" }],
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Send suggestion" }));
    const server = await screen.findByText("Suggested item name is too long");
    expect(screen.getByLabelText("Item name").getAttribute("aria-describedby")).toBe(server.id);
    expect(screen.getByLabelText("Item name").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByText("Must be a valid amount (e.g., 12.50)")).toBeNull();
    expect(bodies).toEqual([{ status: "declined", suggestedItem: { name: "Mini robot", price: "19.99" } }]);
  });

  test("a decline reason the server refuses says why beside the reason", async () => {
    renderActions();
    fireEvent.click(screen.getByRole("button", { name: /^Decline Maya's request/ }));
    const reason = screen.getByLabelText("Reason for Maya (optional)");
    fireEvent.change(reason, { target: { value: "Later" } });
    answers.push(() =>
      json(400, { message: "Validation failed", errors: [{ field: "note", message: "Note is not allowed" }] }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    const message = await screen.findByText("Note is not allowed");
    expect(reason.getAttribute("aria-invalid")).toBe("true");
    expect(reason.getAttribute("aria-describedby")).toBe(message.id);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        variant: "destructive",
        description: "Failed to update cart status. Please try again.",
      }),
    );
  });
});
