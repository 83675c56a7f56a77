import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ChoreForm } from "./chore-form";

afterEach(cleanup);

function renderForm() {
  const onSubmit = vi.fn();
  render(<ChoreForm submitLabel="Add chore" pending={false} onSubmit={onSubmit} />);
  return { onSubmit };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("ChoreForm", () => {
  test("says beside each field when its text can spoof a reader, and sends nothing", () => {
    const { onSubmit } = renderForm();
    type("Chore", "Walk\u202E the dog");
    type("Reward ($)", "2.00");
    type("Details (optional)", "Twice\u200B a day");
    fireEvent.click(screen.getByRole("button", { name: "Add chore" }));
    expect(screen.getByText("Title can't contain hidden or control characters")).toBeTruthy();
    expect(screen.getByText("Description can't contain hidden or control characters")).toBeTruthy();
    expect(screen.getByLabelText("Details (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("keeps line breaks and emoji in the details", () => {
    const { onSubmit } = renderForm();
    type("Chore", "Walk the dog 🐕‍🦺");
    type("Reward ($)", "2.00");
    type("Details (optional)", "Morning\nand evening");
    fireEvent.click(screen.getByRole("button", { name: "Add chore" }));
    expect(onSubmit).toHaveBeenCalledWith({
      title: "Walk the dog 🐕‍🦺",
      reward: "2.00",
      description: "Morning\nand evening",
      dueDate: null,
    });
  });
});
