import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import { KidSigninForm } from "./kid-signin-form";

let calls: { url: string; body: string | undefined }[];
let answer: () => Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    calls.push({ url, body: init.body as string | undefined });
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(returnTo?: string) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const location = memoryLocation({ path: "/kid", record: true });
  render(
    <QueryClientProvider client={client}>
      <Router hook={location.hook}>
        <KidSigninForm returnTo={returnTo} />
      </Router>
    </QueryClientProvider>,
  );
  return location;
}

const code = () => screen.getByLabelText("Your sign-in code") as HTMLInputElement;
const type = (value: string) => fireEvent.change(code(), { target: { value } });
const go = () => fireEvent.click(screen.getByRole("button", { name: "Let's go!" }));

describe("KidSigninForm", () => {
  test("a code too short is refused beside the box, keeping the hint, and nothing is sent", async () => {
    renderForm();
    type("abc");
    expect(code().value).toBe("ABC");
    go();
    const message = await screen.findByText("Your code has 8 letters and numbers.");
    expect(code().getAttribute("aria-invalid")).toBe("true");
    const hint = screen.getByText(/It works once, for 15 minutes/);
    expect(code().getAttribute("aria-describedby")).toBe(`${hint.id} ${message.id}`);
    expect(calls).toEqual([]);
    // Editing the code takes the message away.
    type("abcd");
    expect(screen.queryByText("Your code has 8 letters and numbers.")).toBeNull();
    expect(code().getAttribute("aria-describedby")).toBe(hint.id);
  });

  test("an empty box says the shared contract's message", async () => {
    renderForm();
    go();
    expect(await screen.findByText("Enter your code")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  test("a 400's field message lands on the code", async () => {
    answer = async () =>
      json(400, {
        message: "Validation failed",
        errors: [{ field: "code", message: "A sign-in code has 8 characters" }],
      });
    renderForm();
    type("abcd-2345");
    go();
    const message = await screen.findByText("A sign-in code has 8 characters");
    expect(code().getAttribute("aria-invalid")).toBe("true");
    expect(code().getAttribute("aria-describedby")).toContain(message.id);
    expect(calls).toEqual([{ url: "/api/kid/login", body: JSON.stringify({ code: "ABCD2345" }) }]);
  });

  test('"Keep me signed in on this device" asks the server to remember this browser', async () => {
    answer = async () => json(200, { child: { id: "c1" } });
    const location = renderForm();
    type("abcd2345");
    fireEvent.click(screen.getByRole("checkbox", { name: /Keep me signed in on this device/ }));
    go();
    await vi.waitFor(() => expect(location.history).toContain("/child/c1"));
    expect(calls).toEqual([{ url: "/api/kid/login", body: JSON.stringify({ code: "ABCD2345", remember: true }) }]);
  });

  test("a wrong code says it didn't work; a right one opens the child's dashboard", async () => {
    answer = async () => json(401, { message: "That code is not valid" });
    const location = renderForm();
    type("WRONG234");
    go();
    expect(await screen.findByText(/^That code didn't work\./)).toBeTruthy();
    expect(code().getAttribute("aria-invalid")).toBe("true");

    answer = async () =>
      json(200, {
        child: { id: "c1" },
      });
    type("abcd2345");
    go();
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe("/child/c1"));
  });

  test("a sign-in comes back to the page of this site that sent the child, never another site", async () => {
    answer = async () => json(200, { child: { id: "c1" } });
    let location = renderForm("/checkout/cs-1");
    type("abcd2345");
    go();
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe("/checkout/cs-1"));
    cleanup();
    location = renderForm("//evil.example/x");
    type("abcd2345");
    go();
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe("/child/c1"));
  });
});
