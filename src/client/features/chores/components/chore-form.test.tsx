import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiRequestError } from "@/lib/api";
import { ChoreForm, type ChoreFormValues } from "./chore-form";

afterEach(cleanup);

function renderForm(onSubmit = vi.fn(async (_: ChoreFormValues): Promise<unknown> => undefined)) {
  render(<ChoreForm submitLabel="Add chore" pending={false} onSubmit={onSubmit} />);
  return { onSubmit };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const add = () => fireEvent.click(screen.getByRole("button", { name: "Add chore" }));

describe("ChoreForm", () => {
  test("says beside each field when its text can spoof a reader, and sends nothing", async () => {
    const { onSubmit } = renderForm();
    type("Chore", "Walk\u202E the dog");
    type("Reward ($)", "2.00");
    type("Details (optional)", "Twice\u200B a day");
    add();
    expect(await screen.findByText("Title can't contain hidden or control characters")).toBeTruthy();
    expect(screen.getByText("Description can't contain hidden or control characters")).toBeTruthy();
    expect(screen.getByLabelText("Details (optional)").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("keeps line breaks and emoji in the details", async () => {
    const { onSubmit } = renderForm();
    type("Chore", "Walk the dog 🐕‍🦺");
    type("Reward ($)", "2.00");
    type("Details (optional)", "Morning\nand evening");
    add();
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        title: "Walk the dog 🐕‍🦺",
        reward: "2.00",
        description: "Morning\nand evening",
        dueDate: null,
      }),
    );
  });

  test("the shared schema's messages land on their fields before anything is sent", async () => {
    const { onSubmit } = renderForm();
    type("Reward ($)", "lots");
    add();
    const title = await screen.findByText("Title is required");
    expect(screen.getByLabelText("Chore").getAttribute("aria-describedby")).toBe(title.id);
    const reward = screen.getByText("Must be a valid amount (e.g., 5.00)");
    expect(screen.getByLabelText("Reward ($)").getAttribute("aria-describedby")).toBe(reward.id);
    expect(screen.getByLabelText("Reward ($)").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("a 400's field messages land on their fields", async () => {
    const refusal = new ApiRequestError(
      400,
      JSON.stringify({
        message: "Validation failed",
        errors: [{ field: "dueDate", message: "Due date must be in the years 2000 to 9999" }],
      }),
    );
    renderForm(vi.fn(async () => Promise.reject(refusal)));
    type("Chore", "Walk the dog");
    type("Reward ($)", "$ 2.00");
    type("Due date (optional)", "2030-01-01");
    add();
    const message = await screen.findByText("Due date must be in the years 2000 to 9999");
    const due = screen.getByLabelText("Due date (optional)");
    expect(due.getAttribute("aria-invalid")).toBe("true");
    expect(due.getAttribute("aria-describedby")).toBe(message.id);
  });
});
