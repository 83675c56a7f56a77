import type { Child } from "@shared/schemas/children";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ChildDashboard } from "./child-dashboard";

const child = (over: Partial<Child>): Child => ({
  id: "k1",
  parentId: "u1",
  name: "Leo",
  age: 10,
  profileColor: "#3B82F6",
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
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
  ...over,
});

beforeEach(() => {
  vi.stubGlobal("fetch", async () => new Response("[]", { status: 200 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDashboard(c: Child) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChildDashboard child={c} carts={[]} cartsLoading={false} chores={[]} choresLoading={false} />
    </QueryClientProvider>,
  );
}

const WARNING = /Almost out of budget!/;

describe("child dashboard budget card (spec 000 §2)", () => {
  test("greets the child and shows what is left", () => {
    renderDashboard(child({ currentSpent: "12.50" }));
    expect(screen.getByRole("heading", { name: /Hi Leo/ })).toBeTruthy();
    expect(screen.getByText("$37.50")).toBeTruthy();
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  test("above 75 percent the bar is amber and there is no warning yet", () => {
    renderDashboard(child({ currentSpent: "40.00" }));
    expect(screen.getByRole("progressbar").firstElementChild?.className).toContain("bg-amber-500");
    expect(screen.queryByText(WARNING)).toBeNull();
  });

  test("above 90 percent the bar is red and the warning names what is left", () => {
    renderDashboard(child({ currentSpent: "46.00" }));
    expect(screen.getByRole("progressbar").firstElementChild?.className).toContain("bg-red-600");
    expect(screen.getByText("Almost out of budget! Only $4.00 left this month.")).toBeTruthy();
  });

  test("a month a parent approved past the budget shows by how much, not a negative amount left", () => {
    renderDashboard(child({ currentSpent: "59.00" }));
    expect(screen.getByText("$9.00")).toBeTruthy();
    expect(screen.getByText("over budget")).toBeTruthy();
    expect(screen.queryByText(/-\$/)).toBeNull();
    expect(screen.getByText("Over budget! You're $9.00 over this month's budget.")).toBeTruthy();
  });

  test("chore rewards raise the month's budget", () => {
    renderDashboard(child({ currentSpent: "46.00", bonusBudget: "10.00" }));
    expect(screen.getByText("$14.00")).toBeTruthy();
    expect(screen.queryByText(WARNING)).toBeNull();
  });
});

describe("money in savings goals (docs/decisions/153)", () => {
  test("is out of what is left this month, and the card says so", () => {
    renderDashboard(child({ currentSpent: "10.00", savedToGoals: "30.00" }));
    expect(screen.getByText("$10.00")).toBeTruthy();
    expect(screen.getByText(/You have spent \$10\.00 of \$20\.00, after \$30\.00 moved to your goals\./)).toBeTruthy();
  });
});
