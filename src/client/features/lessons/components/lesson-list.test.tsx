import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LessonList, type LessonListItem } from "./lesson-list";

afterEach(cleanup);

const lessons: LessonListItem[] = [
  { id: "needs-and-wants", title: "Needs and wants", minutes: 2, status: "completed" },
  { id: "making-a-month-last", title: "Making a month last", minutes: 3, status: "locked", unlockedBy: "budget_75" },
  { id: "comparing-prices", title: "Comparing prices", minutes: 3, status: "available" },
  { id: "giving", title: "Giving", minutes: 2, status: "completed" },
  { id: "borrowing", title: "Borrowing", minutes: 3, status: "available" },
];

describe("LessonList", () => {
  it("says how many lessons are done", () => {
    render(<LessonList lessons={lessons} onOpen={() => {}} />);
    expect(screen.getByText("2 of 5 done")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "2 of 5 lessons done" }).getAttribute("aria-valuenow")).toBe("40");
  });

  it("lists lessons to read first, then done ones, then locked ones, each group in its own order", () => {
    render(<LessonList lessons={lessons} onOpen={() => {}} />);
    const titles = screen.getAllByRole("listitem").map((item) => item.querySelector("p")?.textContent);
    expect(titles).toEqual(["Comparing prices", "Borrowing", "Needs and wants", "Giving", "Making a month last"]);
  });

  it.each([
    ["Comparing prices", "New", "Start: Comparing prices"],
    ["Needs and wants", "Done", "Read again: Needs and wants"],
  ])("opens %s (%s) with its button", (title, label, button) => {
    const onOpen = vi.fn();
    render(<LessonList lessons={lessons} onOpen={onOpen} />);
    const row = screen.getByText(title).closest("li")!;
    expect(within(row).getByText(label)).toBeTruthy();
    expect(within(row).getByText(/\d min/)).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: button }));
    expect(onOpen).toHaveBeenCalledWith(lessons.find((lesson) => lesson.title === title)!.id);
  });

  it("shows a locked lesson without a button, with what opens it", () => {
    render(<LessonList lessons={lessons} onOpen={() => {}} />);
    const row = screen.getByText("Making a month last").closest("li")!;
    expect(within(row).getByText("Locked")).toBeTruthy();
    expect(within(row).getByText("Opens when you have used three quarters of a month's budget.")).toBeTruthy();
    expect(within(row).queryByRole("button")).toBeNull();
  });

  it("keeps the locked lessons behind one line that says how many there are", () => {
    render(<LessonList lessons={lessons} onOpen={() => {}} />);
    const summary = screen.getByText("1 more lesson opens as you shop, save and earn");
    expect(summary.closest("details")?.textContent).toContain("Making a month last");
    expect(summary.closest("details")?.textContent).not.toContain("Comparing prices");
  });

  it("has a calm empty state", () => {
    render(<LessonList lessons={[]} onOpen={() => {}} />);
    expect(screen.getByText("0 of 0 done")).toBeTruthy();
    expect(screen.getByText("No lessons yet.")).toBeTruthy();
  });
});
