import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ChildConsentSection } from "./child-consent-section";

vi.mock("@/hooks/use-toast", () => ({ toast: vi.fn() }));

let calls: { url: string; method: string }[];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const consent = {
  id: "k1",
  childId: "c1",
  reference: "PW-7K3Q-2M",
  method: "government-id",
  status: "verified",
  fullName: "Sam Rivera",
  email: "sam@example.com",
  phone: "555-123-4567",
  relationship: "parent",
  dataCollection: true,
  educational: true,
  thirdParty: false,
  marketing: false,
  createdAt: "2026-11-24T09:00:00.000Z",
  decidedAt: "2026-11-24T10:00:00.000Z",
  rejectionReason: null,
  withdrawnAt: null,
};

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ url, method });
    if (method === "DELETE") return new Response(null, { status: 204 });
    return json(200, [consent, { ...consent, id: "k0", status: "rejected", rejectionReason: "ID unreadable" }]);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ChildConsentSection", () => {
  test("shows the records and withdraws after confirming that the child is signed out everywhere", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <ChildConsentSection childId="c1" childName="Maya" consentStatus="verified" />
      </QueryClientProvider>,
    );
    expect(await screen.findAllByText("PW-7K3Q-2M")).toHaveLength(2);
    expect(screen.getByText("ID unreadable")).toBeTruthy();
    expect(screen.getAllByText(/not shared with third parties/).length).toBe(2);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw consent" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText(/signed out everywhere/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole("button", { name: "Withdraw consent" }));
    });
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([{ url: "/api/children/c1/consent", method: "DELETE" }]);
  });
});
