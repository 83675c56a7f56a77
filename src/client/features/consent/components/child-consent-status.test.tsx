import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ChildConsentCardReturn } from "./child-consent-status";

let answers: string[];
const record = (status: string) => ({ id: "k1", childId: "c1", reference: "PWC-1", status, method: "credit-card" });

beforeEach(() => {
  vi.stubGlobal("fetch", async () => {
    const status = answers.length > 1 ? answers.shift() : answers[0];
    return new Response(JSON.stringify([record(status ?? "")]), { status: 200 });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderReturn() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChildConsentCardReturn childId="c1" childName="Maya" consentId="k1" />
    </QueryClientProvider>,
  );
}

describe("back from the card check", () => {
  test("waits for Stripe's webhook, then says the child can sign in now", async () => {
    answers = ["awaiting_payment", "verified"];
    renderReturn();
    expect(await screen.findByText("Checking your card")).toBeTruthy();
    expect(await screen.findByText("Verified — Maya can sign in now.", undefined, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Family Dashboard" }).getAttribute("href")).toBe("/");
  });

  test("a check that did not verify offers to try again", async () => {
    answers = ["rejected"];
    renderReturn();
    expect(await screen.findByText("Card check not completed")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Give consent again" }).getAttribute("href")).toBe(
      "/coppa-consent?child=c1",
    );
  });
});
