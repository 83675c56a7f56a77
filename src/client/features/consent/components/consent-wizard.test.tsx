import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ConsentWizard } from "./consent-wizard";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

let calls: { url: string; method: string; body: unknown }[];
let answer: () => Promise<Response>;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  calls = [];
  toast.mockReset();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? "GET", body: JSON.parse(String(init.body)) });
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWizard() {
  const onCompleted = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ConsentWizard onCompleted={onCompleted} />
    </QueryClientProvider>,
  );
  return onCompleted;
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const type = (id: string, value: string) => {
  const input = document.getElementById(id);
  if (!input) throw new Error(`no #${id}`);
  fireEvent.change(input, { target: { value } });
};
const cont = () => fireEvent.click(button("Continue"));

function fillParent({ method }: { method?: string } = {}) {
  type("fullName", "Jordan Lee");
  fireEvent.click(screen.getByRole("radio", { name: "Parent" }));
  type("email", "jordan@example.com");
  type("phone", "555-123-4567");
  if (method) fireEvent.click(screen.getByRole("radio", { name: new RegExp(`^${method}`) }));
}

function tickRequired() {
  for (const name of [/^Data collection/, /^Educational content/, /^Payment and shopping partners/]) {
    fireEvent.click(screen.getByRole("checkbox", { name }));
  }
}

describe("ConsentWizard", () => {
  test("step 1 allows Continue only for ages 8-16 and names the path the age takes", () => {
    renderWizard();
    expect(screen.getByText("Step 1 of 4")).toBeTruthy();
    expect(button("Continue").disabled).toBe(true);
    for (const age of ["7", "17", ""]) {
      type("childAge", age);
      expect(button("Continue").disabled).toBe(true);
    }
    type("childAge", "12");
    expect(screen.getByText("COPPA Compliance Required")).toBeTruthy();
    expect(button("Continue").disabled).toBe(false);
    type("childAge", "13");
    expect(screen.queryByText("COPPA Compliance Required")).toBeNull();
    expect(screen.getByText("Parental Supervision Recommended")).toBeTruthy();
  });

  test("the notice follows any typed age, even one outside 8-16", () => {
    renderWizard();
    type("childAge", "5");
    expect(screen.getByText("COPPA Compliance Required")).toBeTruthy();
    expect(screen.getByText("Enter an age from 8 to 16")).toBeTruthy();
    expect(button("Continue").disabled).toBe(true);
    type("childAge", "17");
    expect(screen.getByText("Parental Supervision Recommended")).toBeTruthy();
    expect(button("Continue").disabled).toBe(true);
    type("childAge", "");
    expect(screen.queryByText("COPPA Compliance Required")).toBeNull();
    expect(screen.queryByText("Parental Supervision Recommended")).toBeNull();
  });

  test("under 13 the parent must choose a verification method before step 3", () => {
    renderWizard();
    type("childAge", "9");
    cont();
    expect(screen.getByText("Step 2 of 4")).toBeTruthy();
    fillParent();
    expect(button("Continue").disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /Government ID/ }));
    expect(button("Continue").disabled).toBe(false);
  });

  test("13 and over skips the identity check", () => {
    renderWizard();
    type("childAge", "15");
    cont();
    expect(screen.queryByRole("radio", { name: /Credit card verification/ })).toBeNull();
    fillParent();
    expect(button("Continue").disabled).toBe(false);
  });

  test("step 3 needs the three required consents; marketing stays optional", async () => {
    renderWizard();
    type("childAge", "14");
    cont();
    fillParent();
    cont();
    expect(screen.getByText("Step 3 of 4")).toBeTruthy();
    expect(button("Continue").disabled).toBe(true);
    tickRequired();
    expect(button("Continue").disabled).toBe(false);
    fireEvent.click(screen.getByRole("checkbox", { name: /^Data collection/ }));
    expect(button("Continue").disabled).toBe(true);
    expect(await screen.findByText("Consent to data collection is required")).toBeTruthy();
  });

  test("completing posts the consent once the agreement is ticked", async () => {
    const stored = { id: "c1", childAge: 10, fullName: "Jordan Lee", email: "jordan@example.com" };
    answer = async () => json(201, stored);
    const onCompleted = renderWizard();
    type("childAge", "10");
    cont();
    fillParent({ method: "Credit card verification" });
    cont();
    tickRequired();
    cont();
    expect(screen.getByText("Step 4 of 4")).toBeTruthy();
    expect(screen.getByText(/typically within 24-48 hours/)).toBeTruthy();
    expect(button("Complete Consent Process").disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /I confirm that I am the parent/ }));
    await act(async () => {
      fireEvent.click(button("Complete Consent Process"));
    });
    expect(calls).toEqual([
      {
        url: "/api/consents",
        method: "POST",
        body: {
          childAge: 10,
          fullName: "Jordan Lee",
          email: "jordan@example.com",
          phone: "555-123-4567",
          relationship: "parent",
          verificationMethod: "credit-card",
          dataCollection: true,
          educational: true,
          thirdParty: true,
          marketing: false,
        },
      },
    ]);
    expect(onCompleted).toHaveBeenCalledWith(stored);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: "Consent Received" }));
  });

  test("a refused consent shows the server's messages and keeps every answer", async () => {
    answer = async () =>
      json(400, {
        message: "Enter a valid e-mail address",
        errors: [{ field: "email", message: "Enter a valid e-mail address" }],
      });
    const onCompleted = renderWizard();
    type("childAge", "14");
    cont();
    fillParent();
    cont();
    tickRequired();
    cont();
    fireEvent.click(screen.getByRole("checkbox", { name: /I confirm that I am the parent/ }));
    await act(async () => {
      fireEvent.click(button("Complete Consent Process"));
    });
    expect(screen.getByRole("alert").textContent).toContain("Enter a valid e-mail address");
    expect(onCompleted).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ variant: "destructive" }));
    fireEvent.click(button("Back"));
    expect((document.getElementById("consent-dataCollection") as HTMLButtonElement).dataset.state).toBe("checked");
    fireEvent.click(button("Back"));
    expect((document.getElementById("fullName") as HTMLInputElement).value).toBe("Jordan Lee");
    // The server's message also waits on the box it names.
    const email = document.getElementById("email") as HTMLInputElement;
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe("email-error");
    expect(document.getElementById("email-error")?.textContent).toBe("Enter a valid e-mail address");
  });

  test("a box left empty or wrong shows the shared schema's message once the parent leaves it", async () => {
    renderWizard();
    type("childAge", "14");
    cont();
    const name = document.getElementById("fullName") as HTMLInputElement;
    expect(screen.queryByText("Full legal name is required")).toBeNull();
    fireEvent.blur(name);
    expect(await screen.findByText("Full legal name is required")).toBeTruthy();
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(name.getAttribute("aria-describedby")).toBe("fullName-error");
    type("email", "jordan@example");
    fireEvent.blur(document.getElementById("email") as HTMLElement);
    expect(await screen.findByText("Enter a valid e-mail address")).toBeTruthy();
    // Once left, a box follows what is typed.
    type("fullName", "Jordan Lee");
    await waitFor(() => expect(screen.queryByText("Full legal name is required")).toBeNull());
    expect(name.getAttribute("aria-invalid")).toBeNull();
  });
});
