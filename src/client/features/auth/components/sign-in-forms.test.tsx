import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { LogInForm, SignUpForm } from "./sign-in-forms";

let answer: () => Response;
let sent: unknown[];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  sent = [];
  vi.stubGlobal("fetch", async (_url: string, init: RequestInit = {}) => {
    sent.push(JSON.parse(init.body as string));
    return answer();
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(form: "signup" | "login") {
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      {form === "signup" ? <SignUpForm onDone={onDone} /> : <LogInForm onDone={onDone} />}
    </QueryClientProvider>,
  );
  return onDone;
}

const type = (label: string, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe("sign-in form", () => {
  test("a wrong password shows the server's 401 message and stays put", async () => {
    answer = () => json(401, { message: "Invalid email or password" });
    const onDone = renderForm("login");
    type("E-mail", "p@example.com");
    type("Password", "nope-nope");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Invalid email or password");
    expect(onDone).not.toHaveBeenCalled();
  });

  test("too many attempts shows the 429 message", async () => {
    answer = () => json(429, { message: "Too many failed sign-in attempts." });
    renderForm("login");
    type("E-mail", "p@example.com");
    type("Password", "nope-nope");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Too many failed sign-in attempts.");
  });

  test("empty fields are refused before anything is sent", async () => {
    renderForm("login");
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByText("E-mail is required");
    expect(screen.getByText("Password is required")).toBeTruthy();
    expect(sent).toEqual([]);
  });
});

describe("sign-up form", () => {
  function fill() {
    type("First name", "Pat");
    type("Last name", "Lee");
    type("E-mail", "Pat@Example.com");
    type("Password", "long-enough-1");
  }

  test("sends the account and reports success", async () => {
    answer = () => json(201, { id: "u1", email: "pat@example.com" });
    const onDone = renderForm("signup");
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([{ firstName: "Pat", lastName: "Lee", email: "pat@example.com", password: "long-enough-1" }]);
  });

  test("a taken e-mail is shown on the e-mail field", async () => {
    answer = () => json(409, { message: "An account with this e-mail already exists" });
    renderForm("signup");
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await screen.findByText("An account with this e-mail already exists");
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
  });

  test("server field messages land on their fields", async () => {
    answer = () =>
      json(400, {
        message: "Invalid",
        errors: [{ field: "password", message: "Password must be at most 128 characters" }],
      });
    renderForm("signup");
    fill();
    fireEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await screen.findByText("Password must be at most 128 characters");
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
  });
});
