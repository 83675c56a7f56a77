import type { ConsentReview } from "@shared/schemas/child-consents";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ConsentReviews } from "./consent-reviews";

vi.mock("@/hooks/use-toast", () => ({ toast: vi.fn() }));

let calls: { url: string; method: string; body: unknown }[];
let answer: (url: string, method: string) => Response;

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });

const review = (over: Partial<ConsentReview> = {}): ConsentReview => ({
  id: "r1",
  childId: "c1",
  familyId: "f1",
  childName: "Maya",
  childAge: 10,
  reference: "PW-7K3Q-2M",
  method: "government-id",
  status: "pending",
  fullName: "Sam Rivera",
  email: "sam@example.com",
  phone: "555-123-4567",
  relationship: "parent",
  signature: "Sam Rivera",
  dataCollection: true,
  educational: true,
  thirdParty: false,
  marketing: false,
  createdAt: "2026-11-24T09:00:00.000Z",
  decidedAt: null,
  decidedBy: null,
  rejectionReason: null,
  withdrawnAt: null,
  ...over,
});

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer(url, method);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReviews() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConsentReviews />
    </QueryClientProvider>,
  );
}

describe("ConsentReviews", () => {
  test("lists what staff check, and accepts one", async () => {
    let decided = false;
    answer = (_url, method) => {
      if (method === "POST") {
        decided = true;
        return json(200, review({ status: "verified" }));
      }
      return json(200, decided ? [] : [review()]);
    };
    renderReviews();
    const item = await screen.findByRole("article", { name: "Consent for Maya from Sam Rivera" });
    for (const text of [
      "Maya, age 10",
      "Government ID",
      "PW-7K3Q-2M",
      "Not shared with third parties",
      "Data collection",
    ]) {
      expect(within(item).getByText(text)).toBeTruthy();
    }
    expect(within(item).getAllByText("Sam Rivera").length).toBe(1);
    await act(async () => {
      fireEvent.click(within(item).getByRole("button", { name: "Accept consent for Maya" }));
    });
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: "/api/admin/consent-reviews/r1/accept",
      method: "POST",
      body: {},
    });
    expect(await screen.findByText("No consent is waiting for a review.")).toBeTruthy();
  });

  test("a rejection needs a reason, sent with it", async () => {
    answer = (_url, method) => (method === "POST" ? json(200, review({ status: "rejected" })) : json(200, [review()]));
    renderReviews();
    const item = await screen.findByRole("article", { name: /Consent for Maya/ });
    fireEvent.click(within(item).getByRole("button", { name: "Reject consent for Maya" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject consent" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("Say why, in up to 500 characters");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "The ID was unreadable" } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Reject consent" }));
    });
    expect(calls.find((c) => c.method === "POST")).toEqual({
      url: "/api/admin/consent-reviews/r1/reject",
      method: "POST",
      body: { reason: "The ID was unreadable" },
    });
  });

  test("decided ones are viewable with their outcome, page by page", async () => {
    answer = (url) => {
      if (url.includes("status=pending")) return json(200, []);
      if (url.includes("before=")) return json(200, [review({ id: "r3", childName: "Leo", status: "verified" })]);
      return json(200, [review({ id: "r2", status: "rejected", rejectionReason: "Name did not match" })], {
        Link: '</api/admin/consent-reviews?status=decided&limit=20&before=r2>; rel="next"',
      });
    };
    renderReviews();
    await screen.findByText("No consent is waiting for a review.");
    fireEvent.click(screen.getByRole("button", { name: "Decided" }));
    expect(await screen.findByText("Name did not match")).toBeTruthy();
    expect(screen.getByText("Rejected")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Show more" }));
    });
    expect(await screen.findByText("Leo, age 10")).toBeTruthy();
  });
});
