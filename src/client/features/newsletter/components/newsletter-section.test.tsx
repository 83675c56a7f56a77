import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { NewsletterSection } from "./newsletter-section";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

let calls: { url: string; method: string; body: string | undefined }[];
let answer: () => Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
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

function renderSection() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <NewsletterSection />
    </QueryClientProvider>,
  );
}

const email = () => screen.getByLabelText("Your e-mail address") as HTMLInputElement;
const type = (value: string) => fireEvent.change(email(), { target: { value } });
const subscribe = () => fireEvent.click(screen.getByRole("button", { name: "Subscribe" }));

describe("NewsletterSection", () => {
  test("an empty or blank address gives the spec's toast and sends nothing", () => {
    renderSection();
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
    renderSection();
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
    renderSection();
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
    renderSection();
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
