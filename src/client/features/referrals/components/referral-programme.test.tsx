import type { Referrals } from "@shared/schemas/referrals";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ReferralProgramme } from "./referral-programme";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));
const openAuthDialog = vi.fn();
vi.mock("@/lib/auth-dialog", () => ({ openAuthDialog: (...args: unknown[]) => openAuthDialog(...args) }));
let signedIn = false;
vi.mock("@/lib/auth", () => ({ useAuth: () => ({ isAuthenticated: signedIn, isLoading: false, user: null }) }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const REFERRALS: Referrals = {
  code: "ABCD2345",
  link: "https://pocketwise.test/r/ABCD2345",
  count: 1,
  tiers: [
    { referrals: 1, reward: "1 month free", unlocked: true },
    { referrals: 3, reward: "Premium features", unlocked: false },
    { referrals: 5, reward: "6 months free plus a debit card", unlocked: false },
    { referrals: 10, reward: "1 year free plus a coaching session", unlocked: false },
  ],
  referralsToNext: 2,
  percentToNext: 33,
  rewards: [{ tier: 1, kind: "plan_time", grantedAt: "2026-11-20T10:00:00.000Z" }],
};

let sent: { method: string; url: string; body: unknown }[];
let inviteAnswer: () => Response;

beforeEach(() => {
  sent = [];
  signedIn = false;
  toast.mockReset();
  openAuthDialog.mockReset();
  inviteAnswer = () => json(202, { message: "Invitation sent to friend@example.com." });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    sent.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : null });
    if (url === "/api/referrals") return json(200, REFERRALS);
    if (url === "/api/referrals/invite") return inviteAnswer();
    return json(404, { message: "Not found" });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, "", "/");
});

function renderProgramme() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ReferralProgramme />
    </QueryClientProvider>,
  );
}

const invites = () => sent.filter((r) => r.url === "/api/referrals/invite");

describe("ReferralProgramme for a visitor", () => {
  test("explains the programme and its tiers with no progress and no server call", () => {
    renderProgramme();
    expect(screen.getByText("Share it with families you know")).toBeTruthy();
    const tiers = within(screen.getByRole("list", { name: "Reward tiers" }));
    expect(tiers.getByText("1 month free")).toBeTruthy();
    expect(tiers.getByText("When 10 families join")).toBeTruthy();
    expect(screen.queryByText(/joined with your link/)).toBeNull();
    expect(screen.queryByText("Locked")).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Sign up to get your link" }));
    expect(openAuthDialog).toHaveBeenCalledWith("signup");
    expect(sent).toEqual([]);
  });

  test("opens sign-up for a friend arriving through a link, and cleans the address", () => {
    window.history.replaceState(null, "", "/?signup=1#referral");
    renderProgramme();
    expect(openAuthDialog).toHaveBeenCalledWith("signup");
    expect(window.location.search).toBe("");
    expect(window.location.hash).toBe("#referral");
  });
});

describe("ReferralProgramme for a signed-in parent", () => {
  beforeEach(() => {
    signedIn = true;
  });

  test("shows the real link, count, unlocked tiers and granted rewards", async () => {
    renderProgramme();
    expect(await screen.findByText("1 family joined with your link")).toBeTruthy();
    expect(screen.getByText("2 more for premium features")).toBeTruthy();
    expect((screen.getByLabelText("Your invite link") as HTMLInputElement).value).toBe(REFERRALS.link);
    const first = screen.getByText("1 month free").closest("li") as HTMLElement;
    expect(within(first).getByText("Unlocked")).toBeTruthy();
    expect(within(first).getByText(/^Granted .* as plan time$/)).toBeTruthy();
    expect(screen.getAllByText("Locked")).toHaveLength(3);
  });

  test("sends an invitation and shows the server's words", async () => {
    renderProgramme();
    const box = (await screen.findByLabelText("Invite a friend by e-mail")) as HTMLInputElement;
    fireEvent.change(box, { target: { value: "friend@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: "Invitation sent",
        description: "Invitation sent to friend@example.com.",
      }),
    );
    expect(invites().map((r) => r.body)).toEqual([{ email: "friend@example.com" }]);
    await waitFor(() => expect(box.value).toBe(""));
  });

  test("does nothing when the box is empty, and shows a refusal in the server's words", async () => {
    renderProgramme();
    const box = (await screen.findByLabelText("Invite a friend by e-mail")) as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(invites()).toEqual([]);
    expect(toast).not.toHaveBeenCalled();

    const refusal = "This address was sent an invitation in the last 7 days. You can invite it again next week.";
    inviteAnswer = () => json(429, { message: refusal });
    fireEvent.change(box, { target: { value: "friend@example.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: "destructive",
        title: "Invitation not sent",
        description: refusal,
      }),
    );
  });

  test("puts the contract's message beside a malformed address without sending it", async () => {
    renderProgramme();
    const box = await screen.findByLabelText("Invite a friend by e-mail");
    fireEvent.change(box, { target: { value: "not an address" } });
    fireEvent.click(screen.getByRole("button", { name: "Invite" }));
    expect(await screen.findByText("Enter a valid e-mail address")).toBeTruthy();
    expect(invites()).toEqual([]);
  });
});
