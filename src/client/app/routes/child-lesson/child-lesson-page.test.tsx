import { lessonById } from "@shared/lessons";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route, Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import ChildLessonPage from "./child-lesson-page";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(path: string, answer: (url: string, init?: RequestInit) => Response | Promise<Response>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => answer(String(url), init));
  vi.stubGlobal("fetch", fetch);
  const location = memoryLocation({ path, record: true });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <Route path="/child/:childId/lessons/:lessonId" component={ChildLessonPage} />
      </Router>
    </QueryClientProvider>,
  );
  return { fetch, location };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const needs = lessonById("needs-and-wants");
if (!needs) throw new Error("the Needs and wants lesson is missing");

describe("the lesson page (/child/{id}/lessons/{lessonId})", () => {
  it("opens the lesson from the app's own content when the network is down", async () => {
    renderPage("/child/k1/lessons/needs-and-wants", () => Promise.reject(new TypeError("Failed to fetch")));
    expect(await screen.findByRole("heading", { name: "Needs and wants" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: needs.screens[0]?.title })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /^Next/ }));
    expect(screen.getByRole("heading", { name: needs.screens[1]?.title })).toBeTruthy();
  });

  it("sends the answers, shows the score and the badge, and goes back to the dashboard", async () => {
    const { fetch, location } = renderPage("/child/k1/lessons/needs-and-wants", (url) =>
      url.endsWith("/complete")
        ? json({ correct: 3, total: 3, passed: true, badges: ["Quick Learner"] })
        : url.endsWith("/lessons")
          ? json([])
          : json({ id: "k1", name: "Maya", age: 12 }),
    );
    await screen.findByRole("heading", { name: needs.screens[0]?.title });
    for (const _screen of needs.screens)
      fireEvent.click(screen.getByRole("button", { name: /^(Next|On to the questions)/ }));
    for (const [index, question] of needs.questions.entries()) {
      fireEvent.click(screen.getByRole("radio", { name: question.choices[question.answer] }));
      fireEvent.click(
        screen.getByRole("button", { name: index === needs.questions.length - 1 ? "Check my answers" : /^Next/ }),
      );
    }
    expect(await screen.findByText("You earned the Quick Learner badge!")).toBeTruthy();
    const sent = fetch.mock.calls.find(([url]) => String(url).endsWith("/complete"));
    expect(String(sent?.[0])).toBe("/api/children/k1/lessons/needs-and-wants/complete");
    expect(JSON.parse(String(sent?.[1]?.body))).toEqual({ answers: needs.questions.map((q) => q.answer) });
    fireEvent.click(screen.getByRole("button", { name: "Back to my lessons" }));
    expect(location.history?.at(-1)).toBe("/child/k1");
  });

  it("tells the child how a locked lesson opens instead of showing it", async () => {
    renderPage("/child/k1/lessons/needs-and-wants", (url) =>
      url.endsWith("/lessons")
        ? json([
            {
              id: "needs-and-wants",
              title: "Needs and wants",
              minutes: 2,
              status: "locked",
              unlockedBy: "first_decline",
              unlockedAt: null,
              completedAt: null,
            },
          ])
        : json({ id: "k1", name: "Maya", age: 12 }),
    );
    expect(await screen.findByRole("heading", { name: "Needs and wants is still locked" })).toBeTruthy();
    expect(screen.getByText("Opens the first time a cart gets a no.", { exact: false })).toBeTruthy();
  });

  it("says so for a lesson that does not exist", async () => {
    renderPage("/child/k1/lessons/no-such-lesson", () => json({ id: "k1", name: "Maya", age: 12 }));
    expect(await screen.findByRole("heading", { name: "Lesson not found" })).toBeTruthy();
  });
});
