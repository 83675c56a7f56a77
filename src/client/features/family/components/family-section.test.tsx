import type { Family } from "@shared/schemas/family";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { FamilySection } from "./family-section";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });

const family: Family = {
  id: "f1",
  approvalWindowHours: 48,
  guardians: [
    {
      id: "g1",
      firstName: "Gabe",
      lastName: "Rivera",
      email: "gabe@example.com",
      role: "guardian",
      approvalLimit: "20.00",
    },
    {
      id: "o1",
      firstName: "Olivia",
      lastName: "Rivera",
      email: "olivia@example.com",
      role: "owner",
      approvalLimit: null,
    },
  ],
  invitations: [{ id: "i1", email: "grandma@example.com", approvalLimit: null, expiresAt: "2026-12-01T10:00:00.000Z" }],
};

let calls: { call: string; body: unknown }[];
let answers: Record<string, () => Response>;

beforeEach(() => {
  calls = [];
  answers = { "GET /api/family": () => json(200, family) };
  toast.mockReset();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const call = `${init.method} ${url}`;
    calls.push({ call, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return (answers[call] ?? (() => json(500, { message: "no answer prepared" })))();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderSection(currentUserId: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FamilySection currentUserId={currentUserId} />
    </QueryClientProvider>,
  );
}

const guardianRows = async () =>
  within(await screen.findByRole("list", { name: "Guardians" })).getAllByRole("listitem");

describe("FamilySection", () => {
  test("the owner comes first and manages the others: limits, removal after a confirmation, invitations", async () => {
    renderSection("o1");
    const [first, second] = await guardianRows();
    expect(first?.textContent).toContain("Olivia Rivera(you)Owner");
    expect(first?.textContent).toContain("Can approve any amount");
    expect(second?.textContent).toContain("Can approve up to $20.00");
    expect(within(first as HTMLElement).queryByRole("button")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Change limit for Gabe Rivera" }));
    const limit = screen.getByLabelText("Gabe Rivera's approval limit ($)");
    fireEvent.change(limit, { target: { value: "12.5" } });
    answers["PATCH /api/family/guardians/g1"] = () =>
      json(200, {
        ...family,
        guardians: family.guardians.map((g) => (g.id === "g1" ? { ...g, approvalLimit: "12.50" } : g)),
      });
    fireEvent.click(screen.getByRole("button", { name: "Save limit" }));
    expect(await screen.findByText("Can approve up to $12.50")).toBeTruthy();
    expect(calls.at(-1)?.body).toEqual({ approvalLimit: "12.5" });

    fireEvent.click(screen.getByRole("button", { name: "Remove Gabe Rivera" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain("Remove Gabe Rivera from your family?");
    expect(calls.some((c) => c.call.startsWith("DELETE"))).toBe(false);
    answers["DELETE /api/family/guardians/g1"] = () => json(204, null);
    fireEvent.click(within(confirm).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Guardian removed" })));
    expect(calls.map((c) => c.call)).toContain("DELETE /api/family/guardians/g1");

    expect(screen.getByText("grandma@example.com")).toBeTruthy();
    answers["DELETE /api/family/invitations/i1"] = () => json(204, null);
    fireEvent.click(screen.getByRole("button", { name: "Withdraw the invitation to grandma@example.com" }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Invitation withdrawn" })));
    expect(screen.getByRole("form", { name: "Invite a guardian" })).toBeTruthy();
  });

  test("a guardian sees the family read-only, with a plain note, and may still set the approval window", async () => {
    renderSection("g1");
    await guardianRows();
    expect(screen.queryByRole("button", { name: /Remove|Change limit|Withdraw/ })).toBeNull();
    expect(screen.queryByRole("form", { name: "Invite a guardian" })).toBeNull();
    expect(screen.queryByText("grandma@example.com")).toBeNull();
    expect(
      screen.getByText(
        "Only the family's owner, Olivia Rivera, can invite or remove guardians and set approval limits.",
      ),
    ).toBeTruthy();

    const hours = screen.getByLabelText("Hours to decide");
    fireEvent.change(hours, { target: { value: "200" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("The approval window must be a whole number of hours from 1 to 168")).toBeTruthy();
    answers["PATCH /api/family"] = () => json(200, { ...family, approvalWindowHours: 24 });
    fireEvent.change(hours, { target: { value: "24" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ description: "New requests wait 24 hours for an answer." }),
      ),
    );
    expect(calls.at(-1)?.body).toEqual({ approvalWindowHours: 24 });
  });
});
