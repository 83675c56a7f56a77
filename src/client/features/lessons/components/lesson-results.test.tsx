import type { LessonSummary } from "@shared/schemas/lessons";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ChildLessons } from "./child-lessons";
import { LessonResults } from "./lesson-results";

const lesson = (over: Partial<LessonSummary> & Pick<LessonSummary, "id" | "title">): LessonSummary => ({
  minutes: 2,
  status: "locked",
  unlockedBy: "first_decline",
  unlockedAt: null,
  completedAt: null,
  ...over,
});

const LESSONS: LessonSummary[] = [
  lesson({
    id: "needs-and-wants",
    title: "Needs and wants",
    status: "completed",
    unlockedAt: "2026-06-02T10:00:00.000Z",
    completedAt: "2026-06-02T10:05:00.000Z",
    score: { correct: 2, total: 3 },
  }),
  lesson({ id: "making-a-month-last", title: "Making a month last", unlockedBy: "budget_75" }),
  lesson({
    id: "ads-and-in-app-purchases",
    title: "Ads and in-app purchases",
    status: "completed",
    unlockedBy: "welcome",
    unlockedAt: "2026-06-01T10:00:00.000Z",
    completedAt: "2026-06-09T10:00:00.000Z",
    score: { correct: 3, total: 3 },
  }),
  lesson({
    id: "comparing-prices",
    title: "Comparing prices",
    status: "available",
    unlockedBy: "first_suggestion",
    unlockedAt: "2026-06-03T10:00:00.000Z",
    score: { correct: 1, total: 3 },
  }),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(ui: React.ReactNode, answer: () => Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: string) => answer());
  vi.stubGlobal("fetch", fetch);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
  return fetch;
}
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200 });

describe("LessonResults (a guardian's view)", () => {
  it("lists only the finished lessons, newest first, with the best score and the day it was passed", async () => {
    renderWith(<LessonResults childId="k1" childName="Maya" />, () => json(LESSONS));
    const card = await screen.findByRole("region", { name: "Lessons" });
    await within(card).findByText("2 of 4 done");
    const rows = within(card).getAllByRole("listitem");
    expect(rows.map((row) => row.querySelector("p")?.textContent)).toEqual([
      "Ads and in-app purchases",
      "Needs and wants",
    ]);
    expect(rows[1]?.textContent).toContain("2 of 3 right");
    expect(rows[1]?.textContent).toMatch(/passed Jun 2, 2026/);
    expect(within(card).queryByText("Comparing prices")).toBeNull();
  });

  it("says when nothing is finished yet", async () => {
    renderWith(<LessonResults childId="k1" childName="Maya" />, () => json([LESSONS[1]]));
    expect(
      await screen.findByText(/No lessons finished yet. New ones open as Maya shops, saves and earns./),
    ).toBeTruthy();
  });
});

describe("ChildLessons (the child's dashboard card)", () => {
  it("lists the child's lessons from the server and opens one", async () => {
    const onOpen = vi.fn();
    const fetch = renderWith(<ChildLessons childId="k1" onOpen={onOpen} />, () => json(LESSONS));
    (await screen.findByRole("button", { name: "Start: Comparing prices" })).click();
    expect(onOpen).toHaveBeenCalledWith("comparing-prices");
    expect(screen.getByText("2 of 4 done")).toBeTruthy();
    expect(String(fetch.mock.calls[0]?.[0])).toBe("/api/children/k1/lessons");
  });

  it("offers to try again when the list does not load", async () => {
    let fail = true;
    renderWith(<ChildLessons childId="k1" onOpen={() => {}} />, () =>
      fail ? new Response('{"message":"Oops"}', { status: 500 }) : json(LESSONS),
    );
    const retry = await screen.findByRole("button", { name: "Try again" });
    fail = false;
    retry.click();
    expect(await screen.findByRole("button", { name: "Start: Comparing prices" })).toBeTruthy();
  });
});
