import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { NewsletterSection } from "./newsletter-section";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

let calls: { url: string; method: string; body: string | undefined }[];
let answer: () => Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The visitor is near the section: whatever is observed is reported in view at once. */
class NearObserver {
  constructor(private readonly report: (entries: { isIntersecting: boolean }[]) => void) {}
  observe() {
    this.report([{ isIntersecting: true }]);
  }
  disconnect() {}
}

// Loaded once up front, as a browser holds a chunk it has fetched: each test then waits on no module loading.
beforeAll(() => import("./newsletter-form"));

beforeEach(() => {
  vi.stubGlobal("IntersectionObserver", NearObserver);
  calls = [];
  toast.mockReset();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? "GET", body: init.body as string | undefined });
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderStandIn() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewsletterSection />
    </QueryClientProvider>,
  );
}

/** The form's code arrives in its own chunk, asked for as the section nears; it then takes the stand-in's place. */
async function formArrived() {
  const standIn = email();
  await vi.waitFor(() => expect(email()).not.toBe(standIn));
}

async function renderSection() {
  renderStandIn();
  await formArrived();
}

const email = () => screen.getByLabelText("Your e-mail address") as HTMLInputElement;
const type = (value: string) => fireEvent.change(email(), { target: { value } });
const subscribe = () => fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));

describe("NewsletterSection", () => {
  test("an empty or blank address gives the spec's toast and sends nothing", async () => {
    await renderSection();
    subscribe();
    type("   ");
    subscribe();
    expect(toast).toHaveBeenCalledTimes(2);
    expect(toast).toHaveBeenLastCalledWith({
      title: "Email Required",
      description: "Please enter your email address to subscribe",
      variant: "destructive",
    });
    expect(calls).toEqual([]);
  });

  test("an address the shared schema refuses shows its message on the field, sends nothing, and clears when edited", async () => {
    await renderSection();
    // The browser's e-mail check passes it; the schema's length limit (the server's too) does not.
    type(`${"a".repeat(250)}@example.com`);
    subscribe();
    const message = await screen.findByText("E-mail must be at most 254 characters");
    expect(message.id).toBe("newsletter-email-error");
    expect(email().getAttribute("aria-invalid")).toBe("true");
    expect(email().getAttribute("aria-describedby")).toBe("newsletter-email-error");
    expect(calls).toEqual([]);
    expect(toast).not.toHaveBeenCalled();
    type("parent@example.com");
    expect(screen.queryByText("E-mail must be at most 254 characters")).toBeNull();
    expect(email().getAttribute("aria-invalid")).toBeNull();
  });

  test("a 201 posts the trimmed address and replaces the form with the thank-you", async () => {
    answer = async () => json(201, { id: "n1", email: "parent@example.com", createdAt: "2026-11-22T02:00:00.000Z" });
    await renderSection();
    type("  parent@example.com ");
    subscribe();
    const heading = await screen.findByRole("heading", { name: "Thanks for subscribing!" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/every week, on Tuesday/)).toBeTruthy();
    expect(screen.getByText(/on the 1st of each month/)).toBeTruthy();
    expect(screen.queryByLabelText("Your e-mail address")).toBeNull();
    expect(calls).toEqual([
      { url: "/api/newsletter", method: "POST", body: JSON.stringify({ email: "parent@example.com" }) },
    ]);
    expect(toast).not.toHaveBeenCalled();
  });

  test("what is typed and pressed before the form's code has arrived carries on in the form", async () => {
    answer = async () => json(201, { id: "n1", email: "parent@example.com", createdAt: "2026-11-22T02:00:00.000Z" });
    renderStandIn();
    email().focus();
    type("parent@example.com");
    subscribe();
    expect(calls).toEqual([]);
    expect(await screen.findByRole("heading", { name: "Thanks for subscribing!" })).toBeTruthy();
    expect(calls).toEqual([
      { url: "/api/newsletter", method: "POST", body: JSON.stringify({ email: "parent@example.com" }) },
    ]);
  });

  test("the box keeps its focus as the form arrives", async () => {
    renderStandIn();
    email().focus();
    await formArrived();
    await vi.waitFor(() => expect(document.activeElement).toBe(email()));
  });

  test.each([
    [
      "a 400 shows the field message and keeps the address",
      async () =>
        json(400, {
          message: "Validation failed",
          errors: [{ field: "email", message: "Enter a valid e-mail address" }],
        }),
      { title: "Check your e-mail address", description: "Enter a valid e-mail address", variant: "destructive" },
      "Enter a valid e-mail address",
    ],
    [
      "a 429 asks to wait",
      async () => json(429, { message: "Too many requests. Try again in 10 minutes." }),
      {
        title: "Too many attempts",
        description: "Too many requests. Try again in 10 minutes.",
        variant: "destructive",
      },
      null,
    ],
    [
      "a server failure apologises",
      async () => json(500, { message: "Internal Server Error" }),
      {
        title: "We couldn't subscribe you",
        description: "Something went wrong on our side. Please try again in a moment.",
        variant: "destructive",
      },
      null,
    ],
    [
      "a network failure says the visitor seems offline",
      async () => {
        throw new TypeError("Failed to fetch");
      },
      {
        title: "You seem to be offline",
        description: "We couldn't reach Pocketwise. Check your connection and try again.",
        variant: "destructive",
      },
      null,
    ],
  ] as const)("%s", async (_, reply, expectedToast, fieldMessage) => {
    answer = reply;
    await renderSection();
    type("parent@example");
    subscribe();
    await vi.waitFor(() => expect(toast).toHaveBeenCalledWith(expectedToast));
    expect(email().value).toBe("parent@example");
    expect(screen.queryByRole("heading", { name: "Thanks for subscribing!" })).toBeNull();
    if (fieldMessage) {
      expect(screen.getByText(fieldMessage)).toBeTruthy();
      expect(email().getAttribute("aria-invalid")).toBe("true");
    } else {
      expect(email().getAttribute("aria-invalid")).toBeNull();
    }
  });
});
