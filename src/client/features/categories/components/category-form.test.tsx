import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, test, vi } from "vitest";
import { ApiRequestError } from "@/lib/api";
import { CategoryForm, type CategoryValues } from "./category-form";

afterEach(cleanup);

function renderForm(onSubmit = vi.fn(async (_: CategoryValues): Promise<unknown> => undefined)) {
  render(<CategoryForm submitLabel="Add category" pending={false} onSubmit={onSubmit} onCancel={() => {}} />);
  return { onSubmit };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const add = () => fireEvent.click(screen.getByRole("button", { name: "Add category" }));

describe("CategoryForm", () => {
  test("sends the name, the limit without its $ (empty is no limit) and the ask-first switch", async () => {
    const { onSubmit } = renderForm();
    type("Category", "Games");
    fireEvent.click(screen.getByRole("switch", { name: "Always ask me first" }));
    add();
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: "Games", monthlyLimit: "0.00", isRestricted: true }),
    );
    type("Monthly limit ($)", "$ 20.00");
    add();
    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenLastCalledWith({ name: "Games", monthlyLimit: "20.00", isRestricted: true }),
    );
  });

  test("the shared schema's messages land on their fields before anything is sent", async () => {
    const { onSubmit } = renderForm();
    type("Monthly limit ($)", "twenty");
    add();
    const name = await screen.findByText("Name is required");
    expect(screen.getByLabelText("Category").getAttribute("aria-describedby")).toBe(name.id);
    const limit = screen.getByText("Must be a valid amount (e.g., 20.00)");
    expect(screen.getByLabelText("Monthly limit ($)").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Monthly limit ($)").getAttribute("aria-describedby")).toBe(limit.id);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("a 400's field messages land on their fields", async () => {
    const refusal = new ApiRequestError(
      400,
      JSON.stringify({ message: "Validation failed", errors: [{ field: "name", message: "Name is already used" }] }),
    );
    renderForm(vi.fn(async () => Promise.reject(refusal)));
    type("Category", "Games");
    add();
    const message = await screen.findByText("Name is already used");
    const name = screen.getByLabelText("Category");
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe(message.id);
  });
});
