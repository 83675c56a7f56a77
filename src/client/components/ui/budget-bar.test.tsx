import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test } from "vitest";
import { BudgetBar } from "./budget-bar";

afterEach(cleanup);

function barClass(spentCents: number, budgetCents: number) {
  render(<BudgetBar spentCents={spentCents} budgetCents={budgetCents} label="spending" />);
  const bar = screen.getByRole("progressbar", { name: "spending" });
  return (bar.firstElementChild as HTMLElement).className;
}

describe("BudgetBar colours (spec 000 §2)", () => {
  test.each([
    [0, 5000, "bg-emerald-600"],
    [3750, 5000, "bg-emerald-600"],
    [3800, 5000, "bg-amber-500"],
    [4500, 5000, "bg-amber-500"],
    [4550, 5000, "bg-red-600"],
    [7000, 5000, "bg-red-600"],
  ])("%i of %i cents spent is %s", (spent, budget, colour) => {
    expect(barClass(spent, budget)).toContain(colour);
  });

  test("an overspent bar is full, never wider", () => {
    render(<BudgetBar spentCents={7000} budgetCents={5000} label="spending" />);
    const bar = screen.getByRole("progressbar", { name: "spending" });
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("100%");
  });
});
