import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { JoinFamily } from "./join-family";

let answers: Record<string, () => Response>;
let calls: string[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const open = (extra: Record<string, unknown> = {}) =>
  json(200, {
    invitedBy: "Olivia Rivera",
    email: "gabe@example.com",
    approvalLimit: "20.00",
    expiresAt: "2026-12-01T10:00:00.000Z",
    status: "open",
    ...extra,
  });

beforeEach(() => {
  calls = [];
  answers = {};
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const call = `${init.method} ${url}`;
    calls.push(call);
    return (answers[call] ?? (() => json(500, { message: "no answer prepared" })))();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const GET = "GET /api/family/invitations/tok";
const ACCEPT = "POST /api/family/invitations/tok/accept";

function renderJoin(user: { email: string } | null, onJoined = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <JoinFamily
        token="tok"
        user={user}
        userLoading={false}
        signInUrl={(mode) => `/api/login?mode=${mode}&returnTo=%2Fjoin%2Ftok`}
        onJoined={onJoined}
      />
    </QueryClientProvider>,
  );
  return onJoined;
}

describe("JoinFamily", () => {
  test("a visitor sees who invited them, the address and the limit, and ways in that come back here", async () => {
    answers[GET] = () => open();
    renderJoin(null);
    expect(await screen.findByRole("heading", { name: "Join Olivia Rivera's family on Pocketwise" })).toBeTruthy();
    expect(screen.getAllByText("gabe@example.com").length).toBeGreaterThan(0);
    expect(screen.getByText("Up to $20.00")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Create an account" }).getAttribute("href")).toBe(
      "/api/login?mode=signup&returnTo=%2Fjoin%2Ftok",
    );
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/api/login?mode=login&returnTo=%2Fjoin%2Ftok",
    );
  });

  test("the invited adult joins; a refusal is told in the server's words", async () => {
    answers[GET] = () => open({ approvalLimit: null });
    answers[ACCEPT] = () =>
      json(409, {
        message:
          "Your account already has its own family with children or guardians. Use another account to join this family.",
      });
    const onJoined = renderJoin({ email: "Gabe@example.com" });
    expect(await screen.findByText("Any amount")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Join the family" }));
    expect((await screen.findByRole("alert")).textContent).toContain("already has its own family");
    expect(onJoined).not.toHaveBeenCalled();

    answers[ACCEPT] = () => json(200, { id: "f1", approvalWindowHours: 48, guardians: [], invitations: [] });
    fireEvent.click(screen.getByRole("button", { name: "Join the family" }));
    await waitFor(() => expect(onJoined).toHaveBeenCalled());
  });

  test("signed in with another address, the page says so before anything is sent", async () => {
    answers[GET] = () => open();
    renderJoin({ email: "olivia@example.com" });
    expect((await screen.findByRole("alert")).textContent).toContain(
      "This invitation was sent to gabe@example.com, but you are signed in as olivia@example.com.",
    );
    expect(screen.queryByRole("button", { name: "Join the family" })).toBeNull();
    expect(calls).toEqual([GET]);
  });

  test.each([
    ["expired", () => open({ status: "expired" }), "This invitation has expired"],
    ["used", () => open({ status: "accepted" }), "This invitation has already been used"],
    ["unknown", () => json(404, { message: "This invitation link is not valid" }), "This invitation link is not valid"],
  ])("an %s link says what happened", async (_case, answer, heading) => {
    answers[GET] = answer;
    renderJoin(null);
    expect(await screen.findByRole("heading", { name: heading })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Create an account" })).toBeNull();
  });
});
