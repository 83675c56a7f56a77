import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { ChildConsentWizard } from "./child-consent-wizard";

vi.mock("@/hooks/use-toast", () => ({ toast: vi.fn() }));

let calls: { url: string; method: string; body: unknown }[];
let answer: () => Response;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    calls.push({ url, method: init.method ?? "GET", body: init.body ? JSON.parse(String(init.body)) : undefined });
    return answer();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CHILD = { id: "c1", name: "Maya", age: 10 };

function renderWizard(cardUnavailable?: string) {
  const onRecorded = vi.fn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChildConsentWizard
        child={CHILD}
        parent={{ fullName: "Sam Rivera", email: "sam@example.com" }}
        cardUnavailable={cardUnavailable}
        onRecorded={onRecorded}
      />
    </QueryClientProvider>,
  );
  return onRecorded;
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const cont = () => fireEvent.click(button("Continue"));
const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLElement, { target: { value } });

describe("ChildConsentWizard", () => {
  test("shows the child instead of asking the age, and prefills the parent", () => {
    renderWizard();
    expect(screen.getByText("Maya")).toBeTruthy();
    expect(screen.getByText("10")).toBeTruthy();
    expect(document.getElementById("childAge")).toBeNull();
    cont();
    expect((document.getElementById("fullName") as HTMLInputElement).value).toBe("Sam Rivera");
    expect((document.getElementById("email") as HTMLInputElement).value).toBe("sam@example.com");
  });

  test("the card check is off, saying why, when the server takes no payments", () => {
    renderWizard("Not available here: this Pocketwise takes no card payments.");
    cont();
    const card = screen.getByRole("radio", { name: /Credit card verification/ }) as HTMLInputElement;
    expect(card.disabled).toBe(true);
    expect(screen.getByText(/takes no card payments/)).toBeTruthy();
  });

  test("a reviewed method needs a signature; third parties are a separate, optional choice", async () => {
    const consent = { id: "k1", reference: "PW-1", status: "pending", email: "sam@example.com" };
    answer = () => json(201, { consent, checkoutUrl: null });
    const onRecorded = renderWizard();
    cont();
    fireEvent.click(screen.getByRole("radio", { name: "Parent" }));
    type("phone", "555-123-4567");
    expect(button("Continue").disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: /^Government ID/ }));
    cont();
    expect(screen.getByText("Disclosure to third parties (optional)")).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: /^Data collection/ }));
    fireEvent.click(screen.getByRole("checkbox", { name: /^Educational content/ }));
    expect(button("Continue").disabled).toBe(false);
    cont();
    expect(screen.getByText(/typically within 24-48 hours/)).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: /I confirm that I am the parent/ }));
    expect(button("Complete Consent Process").disabled).toBe(true);
    type("signature", "Sam Rivera");
    await act(async () => {
      fireEvent.click(button("Complete Consent Process"));
    });
    expect(calls).toEqual([
      {
        url: "/api/children/c1/consent",
        method: "POST",
        body: {
          fullName: "Sam Rivera",
          email: "sam@example.com",
          phone: "555-123-4567",
          relationship: "parent",
          verificationMethod: "government-id",
          signature: "Sam Rivera",
          dataCollection: true,
          educational: true,
          thirdParty: false,
          marketing: false,
        },
      },
    ]);
    expect(onRecorded).toHaveBeenCalledWith(consent);
  });
});
