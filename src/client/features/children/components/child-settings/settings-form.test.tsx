import type { Child } from "@shared/schemas/children";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { SettingsForm } from "./settings-form";

interface Call {
  url: string;
  method: string;
  body: unknown;
}

let calls: Call[];

const CHILD: Child = {
  id: "c1",
  parentId: "u1",
  name: "Maya",
  age: 10,
  profileColor: "#8B5CF6",
  monthlyBudget: "50.00",
  bonusBudget: "0.00",
  currentSpent: "0.00",
  autoApprovalLimit: "10.00",
  consentStatus: "not_needed",
  isActive: true,
  requireApprovalForAll: false,
  blockAdultContent: true,
  notifyPurchaseApprovals: true,
  notifyBudgetWarnings: true,
  notifyAchievementUpdates: true,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const body = init.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ url, method: init.method ?? "GET", body });
    return new Response(JSON.stringify({ ...CHILD, ...body }), {
      status: 200,
      headers: { "Content-Type": "application/json" },
    });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SettingsForm child={CHILD} />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: /Save Changes/ }));

describe("Child settings form (spec 000 §5)", () => {
  test("sends the typed age as a number, as the API's contract wants", async () => {
    renderForm();
    expect(field("Age").value).toBe("10");
    type("Age", "11");
    save();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: "PATCH", url: "/api/children/c1", body: { name: "Maya", age: 11 } });
  });

  test.each([
    ["Age", "", "Age must be a number"],
    ["Age", "2", "Age must be at least 3"],
    ["Name", "Ma\u200Bya", "Name can't contain hidden or control characters"],
  ])("%s %j is refused with %s and nothing is sent", async (label, value, message) => {
    renderForm();
    type(label, value);
    save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
