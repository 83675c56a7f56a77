import type { Child } from "@shared/schemas/children";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { AddChildDialog } from "./add-child-dialog";
import { ChildrenOverview } from "./children-overview";

/* docs/decisions/160: a child under 13 is led to the parental consent before any sign-in action. */
const child = (over: Partial<Child>): Child => ({
  id: "c1",
  parentId: "u1",
  name: "Maya",
  age: 10,
  monthlyBudget: "50.00",
  bonusBudget: "0.00",
  currentSpent: "0.00",
  autoApprovalLimit: "10.00",
  consentStatus: "required",
  isActive: true,
  requireApprovalForAll: false,
  blockAdultContent: true,
  notifyPurchaseApprovals: true,
  notifyBudgetWarnings: true,
  notifyAchievementUpdates: true,
  profileColor: "#8b5cf6",
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
  ...over,
});

beforeEach(() => {
  vi.stubGlobal("fetch", async () => new Response(JSON.stringify(child({})), { status: 201 }));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const signInAction = (c: Child) => <button type="button">Create sign-in code for {c.name}</button>;

describe("the child row and consent", () => {
  test("consent needed: a badge and a Give consent link instead of the sign-in actions", () => {
    render(<ChildrenOverview items={[child({})]} isLoading={false} renderActions={signInAction} />);
    expect(screen.getByText("Consent needed")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Give consent for Maya" }).getAttribute("href")).toBe(
      "/coppa-consent?child=c1",
    );
    expect(screen.queryByRole("button", { name: /Create sign-in code/ })).toBeNull();
  });

  test("in review: says the child can sign in once it is verified", () => {
    render(
      <ChildrenOverview items={[child({ consentStatus: "pending" })]} isLoading={false} renderActions={signInAction} />,
    );
    expect(screen.getByText("Consent in review")).toBeTruthy();
    expect(screen.getByText(/Maya can sign in once it is verified/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Create sign-in code/ })).toBeNull();
  });

  test.each(["verified", "not_needed"] as const)("%s: the sign-in actions, no badge", (consentStatus) => {
    render(<ChildrenOverview items={[child({ consentStatus })]} isLoading={false} renderActions={signInAction} />);
    expect(screen.getByRole("button", { name: "Create sign-in code for Maya" })).toBeTruthy();
    expect(screen.queryByText(/Consent/)).toBeNull();
  });

  test("adding a child under 13 says consent comes next, with the link", async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <AddChildDialog parentId="u1" />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Add Child" }));
    const dialog = screen.getByRole("dialog");
    fireEvent.input(within(dialog).getByLabelText("Child's name"), { target: { value: "Maya" } });
    fireEvent.input(within(dialog).getByLabelText("Age"), { target: { value: "10" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add Child" }));
    expect(await within(dialog).findByText("Next: parental consent for Maya")).toBeTruthy();
    expect(within(dialog).getByRole("link", { name: "Give consent" }).getAttribute("href")).toBe(
      "/coppa-consent?child=c1",
    );
  });
});
