import type { Child } from "@shared/schemas/children";
import type { Goal } from "@shared/schemas/goals";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { GoalsCard } from "./goals-card";

const child: Child = {
  id: "k1",
  parentId: "u1",
  name: "Leo",
  age: 10,
  profileColor: "#3B82F6",
  monthlyBudget: "50.00",
  bonusBudget: "0.00",
  currentSpent: "10.00",
  savedToGoals: "30.00",
  autoApprovalLimit: "10.00",
  consentStatus: "not_needed",
  isActive: true,
  requireApprovalForAll: false,
  blockAdultContent: true,
  notifyPurchaseApprovals: true,
  notifyBudgetWarnings: true,
  notifyAchievementUpdates: true,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
};
const goal = (over: Partial<Goal> = {}): Goal => ({
  id: "g1",
  childId: "k1",
  name: "Bike",
  target: "120.00",
  saved: "45.00",
  url: null,
  status: "active",
  reachedAt: null,
  cartId: null,
  createdAt: "2026-11-02T10:00:00.000Z",
  updatedAt: "2026-11-02T10:00:00.000Z",
  ...over,
});

let calls: { method: string; url: string; body: unknown }[];
function serve(goals: Goal[]) {
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === "GET") return new Response(JSON.stringify(goals), { status: 200 });
    if (method === "DELETE") return new Response(null, { status: 204 });
    return new Response(JSON.stringify(goals[0] ?? {}), { status: 200 });
  });
}
const writes = () => calls.filter((c) => c.method !== "GET");

beforeEach(() => serve([goal()]));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderCard(viewer: "child" | "parent", c: Child = child) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <GoalsCard child={c} viewer={viewer} />
    </QueryClientProvider>,
  );
}
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the child's goals card", () => {
  test("shows each goal's progress and what is left this month", async () => {
    renderCard("child");
    expect(screen.getByRole("heading", { name: "My goals" })).toBeTruthy();
    expect(await screen.findByText("Bike")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Bike: saved $45.00 of $120.00" })).toBeTruthy();
    expect(screen.getByText("$75.00 to go")).toBeTruthy();
    expect(screen.getByText(/You have \$10\.00 left this month/)).toBeTruthy();
  });

  test("Add money refuses more than is left this month before sending anything", async () => {
    renderCard("child");
    fireEvent.click(await screen.findByRole("button", { name: "Add money: Bike" }));
    type("How much do you want to add?", "12.00");
    fireEvent.click(screen.getByRole("button", { name: "Add money" }));
    expect(await screen.findByText("You only have $10.00 left this month")).toBeTruthy();
    type("How much do you want to add?", "0");
    fireEvent.click(screen.getByRole("button", { name: "Add money" }));
    expect(await screen.findByText("Amount must be above 0.00 (e.g., 5.00)")).toBeTruthy();
    expect(writes()).toEqual([]);

    type("How much do you want to add?", "$7.50");
    fireEvent.click(screen.getByRole("button", { name: "Add money" }));
    await waitFor(() =>
      expect(writes()).toEqual([{ method: "POST", url: "/api/goals/g1/contributions", body: { amount: "7.50" } }]),
    );
  });

  test("deleting asks first and says the money goes back to this month's budget", async () => {
    renderCard("child");
    fireEvent.click(await screen.findByRole("button", { name: "Delete Bike" }));
    expect(screen.getByText("The $45.00 saved in it goes back to this month's budget.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Delete goal" }));
    await waitFor(() => expect(writes()).toEqual([{ method: "DELETE", url: "/api/goals/g1", body: undefined }]));
  });

  test("a reached goal offers Ask to buy it", async () => {
    serve([goal({ saved: "120.00", status: "reached" })]);
    renderCard("child");
    expect(await screen.findByText("Reached!")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Add money/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Ask to buy it" }));
    await waitFor(() => expect(writes()).toEqual([{ method: "POST", url: "/api/goals/g1/cart", body: undefined }]));
  });

  test("a new goal is checked with the shared contract's messages, then sent", async () => {
    serve([]);
    renderCard("child");
    expect(await screen.findByText(/No goals yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "New goal" }));
    fireEvent.click(screen.getByRole("button", { name: "Start saving" }));
    expect(await screen.findByText("Goal name is required")).toBeTruthy();
    expect(screen.getByText("Target must be an amount above 0.00 (e.g., 120.00)")).toBeTruthy();
    type("What are you saving for?", "Bike");
    type("How much does it cost? ($)", "120");
    fireEvent.click(screen.getByRole("button", { name: "Start saving" }));
    await waitFor(() =>
      expect(writes()).toEqual([
        { method: "POST", url: "/api/children/k1/goals", body: { name: "Bike", target: "120" } },
      ]),
    );
  });
});

describe("a parent's view of the goals", () => {
  test("Add to goal sends the parent's own money as a match, up to what the goal needs", async () => {
    renderCard("parent", { ...child, currentSpent: "20.00" });
    expect(screen.getByRole("heading", { name: "Leo's goals" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "New goal" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Delete/ })).toBeNull();
    fireEvent.click(await screen.findByRole("button", { name: "Add to goal: Bike" }));
    type("How much do you want to add?", "80.00");
    fireEvent.click(screen.getByRole("button", { name: "Add to goal" }));
    expect(await screen.findByText("$75.00 is all this goal still needs")).toBeTruthy();
    type("How much do you want to add?", "25.00");
    fireEvent.click(screen.getByRole("button", { name: "Add to goal" }));
    await waitFor(() =>
      expect(writes()).toEqual([
        { method: "POST", url: "/api/goals/g1/contributions", body: { amount: "25.00", source: "match" } },
      ]),
    );
  });
});
