import type { Usage } from "@shared/schemas/usage";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { UsageNudge } from "./usage-nudge";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));
const openPlanChooser = vi.fn();
vi.mock("@/lib/plan-chooser", () => ({ openPlanChooser: (...args: unknown[]) => openPlanChooser(...args) }));

const parent = { id: "u1", email: "p@example.com", firstName: "Pat", lastName: "Lee", profileImageUrl: null };
const usage = (over: Partial<Usage>): Usage => ({
  tier: "free",
  currentUsage: 0,
  limit: 5,
  hasSeenNudge: false,
  nudgeCount: 0,
  ...over,
});

interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

let calls: Call[];
let current: Usage;
let failWrites: boolean;
let trialAvailable: boolean | null;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

beforeEach(() => {
  calls = [];
  failWrites = false;
  trialAvailable = null;
  toast.mockReset();
  window.history.replaceState(null, "", "/");
  // A parent signed in on this browser: the server's session hint lets the signed-in check ask it.
  document.cookie = "pw_signed_in=parent; path=/";
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, headers: (init.headers ?? {}) as Record<string, string>, body: init.body });
    if (url === "/api/auth/user") return json(200, { ...parent, subscriptionTier: current.tier });
    if (url === "/api/usage") return json(200, current);
    if (url === "/api/billing" && trialAvailable !== null) return json(200, { plan: "free", trialAvailable });
    if (failWrites) return json(500, { message: "Internal Server Error" });
    if (url === "/api/usage/dismiss-nudge") {
      current = { ...current, hasSeenNudge: true, nudgeCount: current.nudgeCount + 1 };
      return json(200, current);
    }
    if (url === "/api/usage/upgrade-click") return json(200, current);
    return json(404, { message: "Not found" });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderNudge() {
  const client = new QueryClient({
    defaultOptions: {
      queries: { staleTime: Number.POSITIVE_INFINITY, retry: false },
      mutations: { retry: false },
    },
  });
  return render(
    <QueryClientProvider client={client}>
      <UsageNudge />
    </QueryClientProvider>,
  );
}

const writes = () => calls.filter((c) => c.method === "POST");

describe("UsageNudge (spec 000 §4)", () => {
  test("soft nudge at 3 of 5: Maybe Later records a dismissal with a JSON content type and no body, then hides", async () => {
    current = usage({ currentUsage: 3 });
    renderNudge();
    expect(await screen.findByRole("dialog")).toHaveProperty("dataset.nudge", "soft");
    expect(screen.getByText("3 of 5")).toBeTruthy();
    expect(screen.getByText(/Try it free for 14 days\./)).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Maybe Later" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(writes()).toHaveLength(1));
    const [dismiss] = writes();
    expect(dismiss?.url).toBe("/api/usage/dismiss-nudge");
    expect(dismiss?.headers["Content-Type"]).toBe("application/json");
    expect(dismiss?.body).toBeUndefined();
    // The usage record is read again after the dismissal.
    await waitFor(() => expect(calls.filter((c) => c.url === "/api/usage").length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("a family that already had its trial is not promised one", async () => {
    trialAvailable = false;
    current = usage({ currentUsage: 3 });
    renderNudge();
    await screen.findByRole("dialog");
    await waitFor(() => expect(screen.getByRole("button", { name: "See plans" })).toBeTruthy());
    expect(screen.queryByText(/Try it free/)).toBeNull();
  });

  test("hard nudge at 4 of 5 offers Maybe Later; closing with the X also records a dismissal", async () => {
    current = usage({ currentUsage: 4, hasSeenNudge: true, nudgeCount: 1 });
    renderNudge();
    expect(await screen.findByRole("dialog")).toHaveProperty("dataset.nudge", "hard");
    expect(screen.getByText("Almost out of free purchases")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Maybe Later" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(writes().map((c) => c.url)).toEqual(["/api/usage/dismiss-nudge"]));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  test("limit reached has no Maybe Later; upgrade records the click and opens the plan chooser", async () => {
    current = usage({ currentUsage: 5, hasSeenNudge: true, nudgeCount: 4 });
    renderNudge();
    expect(await screen.findByRole("dialog")).toHaveProperty("dataset.nudge", "limit_reached");
    expect(screen.queryByRole("button", { name: "Maybe Later" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Upgrade to keep approving" }));
    await waitFor(() => expect(openPlanChooser).toHaveBeenCalledWith("family"));
    const [click] = writes();
    expect(click?.url).toBe("/api/usage/upgrade-click");
    expect(click?.headers["Content-Type"]).toBe("application/json");
    expect(click?.body).toBeUndefined();
  });

  test.each([
    ["under 60 percent", usage({ currentUsage: 2 })],
    ["a soft nudge already seen", usage({ currentUsage: 3, hasSeenNudge: true, nudgeCount: 1 })],
    ["a paid plan", usage({ tier: "family", currentUsage: 40, limit: null })],
  ])("shows nothing for %s", async (_name, record) => {
    current = record;
    renderNudge();
    await waitFor(() => expect(calls.some((c) => c.url === "/api/usage")).toBe(true));
    await act(async () => {});
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  test("failures show the spec's texts as destructive toasts", async () => {
    current = usage({ currentUsage: 4 });
    failWrites = true;
    renderNudge();
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Maybe Later" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ variant: "destructive", description: "Failed to dismiss nudge" }),
      ),
    );
  });

  test("an upgrade-click failure says so and stays on the page", async () => {
    window.history.replaceState(null, "", "/");
    current = usage({ currentUsage: 5 });
    failWrites = true;
    renderNudge();
    await screen.findByRole("dialog");
    fireEvent.click(screen.getByRole("button", { name: "Upgrade to keep approving" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ variant: "destructive", description: "Failed to record upgrade click" }),
      ),
    );
    expect(window.location.pathname).toBe("/");
  });
});
