import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { useToasts } from "@/hooks/use-toast";
import { closePlanChooser, usePlanChooserState } from "@/lib/plan-chooser";
import { AddChildForm, CREATE_CHILD_FAILED } from "./add-child-dialog";

interface Call {
  url: string;
  method: string;
  body: unknown;
}

let calls: Call[];
let answer: () => Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const USER = { id: "u1" };

beforeEach(() => {
  calls = [];
  answer = () => json(201, { id: "c1", name: "Emma" });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(init.body as string) : undefined });
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function ToastTitles() {
  const toasts = useToasts();
  return (
    <ul aria-label="toasts">
      {toasts.map((t) => (
        <li key={t.id}>
          {t.title}: {t.description}
        </li>
      ))}
    </ul>
  );
}

function renderForm() {
  const onCreated = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddChildForm parentId={USER.id} onCreated={onCreated} />
      <ToastTitles />
    </QueryClientProvider>,
  );
  return { onCreated };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.input(field(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole("button", { name: "Add Child" }));

async function errorBox() {
  const box = await screen.findByRole("alert");
  expect(within(box).getByText("Please fix the following errors:")).toBeTruthy();
  return within(box)
    .getAllByRole("listitem")
    .map((li) => li.textContent);
}

describe("Add Child form (spec 000 §5)", () => {
  test("starts from the spec's defaults", () => {
    renderForm();
    expect(field("Age").value).toBe("8");
    expect(field("Monthly budget ($)").value).toBe("50.00");
    expect(field("Auto-approval limit ($)").value).toBe("10.00");
    expect(screen.getByRole("radio", { name: "Purple" }).getAttribute("aria-checked")).toBe("true");
  });

  test("lists every problem in one box and sends nothing", async () => {
    renderForm();
    type("Monthly budget ($)", "12.345");
    type("Auto-approval limit ($)", "ten");
    submit();
    expect(await errorBox()).toEqual([
      "Name is required",
      "Must be a valid amount (e.g., 50.00)",
      "Must be a valid amount (e.g., 10.00)",
    ]);
    expect(calls).toEqual([]);
  });

  test.each([
    ["Monthly budget ($)", "", "Monthly budget is required"],
    ["Monthly budget ($)", "-5", "Must be a valid amount (e.g., 50.00)"],
    ["Age", "2", "Age must be at least 3"],
    ["Age", "19", "Age must be under 18"],
    ["Age", "", "Age must be a number"],
    ["Auto-approval limit ($)", "60.00", "Auto-approval limit cannot exceed the monthly budget"],
    ["Child's name", "Emma\u202Egnp.exe", "Name can't contain hidden or control characters"],
  ])("%s %j is refused with %s", async (label, value, message) => {
    renderForm();
    type("Child's name", "Emma");
    type(label, value);
    submit();
    expect(await errorBox()).toContain(message);
    expect(calls).toEqual([]);
  });

  test("a valid form posts the child with the chosen colour and reports success", async () => {
    const { onCreated } = renderForm();
    type("Child's name", "  Emma ");
    type("Age", "9");
    fireEvent.click(screen.getByRole("radio", { name: "Green" }));
    submit();
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(calls).toEqual([
      {
        url: "/api/children",
        method: "POST",
        body: {
          name: "Emma",
          age: 9,
          profileColor: "#10B981",
          monthlyBudget: "50.00",
          autoApprovalLimit: "10.00",
          parentId: "u1",
        },
      },
    ]);
    expect(screen.getByLabelText("toasts").textContent).toContain("Child profile created successfully!");
  });

  test("a refusal shows the server's message in an Error toast and keeps the dialog open", async () => {
    answer = () =>
      json(403, { message: "Your Free plan allows 1 active child. Upgrade to the Family Plan to add more." });
    const { onCreated } = renderForm();
    type("Child's name", "Mia");
    submit();
    await waitFor(() => expect(screen.getByLabelText("toasts").textContent).toContain("Upgrade to the Family Plan"));
    expect(screen.getByLabelText("toasts").textContent).toContain("Error");
    expect(onCreated).not.toHaveBeenCalled();
  });

  test("the plan's child limit offers Upgrade, which opens the plan chooser", async () => {
    answer = () =>
      json(403, { message: "Your Free plan allows 1 active child. Upgrade to the Family Plan to add more." });
    closePlanChooser();
    function ChooserState() {
      return <output aria-label="chooser">{usePlanChooserState().open ? "open" : "closed"}</output>;
    }
    render(<ChooserState />);
    renderForm();
    type("Child's name", "Mia");
    submit();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("allows 1 active child");
    fireEvent.click(within(alert).getByRole("button", { name: "Upgrade" }));
    expect(screen.getByLabelText("chooser").textContent).toBe("open");
  });

  test("an unreadable failure falls back to the spec's text", async () => {
    answer = () => new Response("<html>gateway</html>", { status: 502 });
    renderForm();
    type("Child's name", "Mia");
    submit();
    await waitFor(() => expect(screen.getByLabelText("toasts").textContent).toContain(CREATE_CHILD_FAILED));
  });

  test("field messages from the server join the error box", async () => {
    answer = () =>
      json(400, {
        message: "Validation failed",
        errors: [{ field: "name", message: "Name must be at most 50 characters" }],
      });
    renderForm();
    type("Child's name", "Mia");
    submit();
    expect(await errorBox()).toEqual(["Name must be at most 50 characters"]);
  });
});
