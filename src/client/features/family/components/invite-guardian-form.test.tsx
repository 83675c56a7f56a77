import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { InviteGuardianForm } from "./invite-guardian-form";

const toast = vi.fn();
vi.mock("@/hooks/use-toast", () => ({ toast: (...args: unknown[]) => toast(...args) }));

let sent: { url: string; body: unknown }[];
let answers: Array<() => Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  sent = [];
  answers = [];
  toast.mockReset();
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    sent.push({ url, body: JSON.parse(String(init.body)) });
    return (answers.shift() ?? (() => json(500, { message: "no answer prepared" })))();
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <InviteGuardianForm />
    </QueryClientProvider>,
  );
}

const email = () => screen.getByLabelText("Their e-mail") as HTMLInputElement;
const limit = () => screen.getByLabelText("Approval limit ($, optional)") as HTMLInputElement;
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
const invitation = (body: Record<string, unknown> = {}) =>
  json(201, {
    id: "i1",
    email: "gabe@example.com",
    approvalLimit: null,
    expiresAt: "2026-12-01T10:00:00.000Z",
    ...body,
  });

describe("InviteGuardianForm", () => {
  test("the shared contract's messages stand beside their fields, and nothing is sent", async () => {
    renderForm();
    fireEvent.change(email(), { target: { value: "not an address" } });
    fireEvent.change(limit(), { target: { value: "twenty" } });
    send();
    expect(await screen.findByText("Enter a valid e-mail address")).toBeTruthy();
    expect(screen.getByText("The approval limit must be an amount like 25.00")).toBeTruthy();
    expect(email().getAttribute("aria-invalid")).toBe("true");
    expect(email().getAttribute("aria-describedby")).toBe("invite-email-error");
    expect(sent).toEqual([]);
  });

  test("an empty limit invites with no limit; the address is sent as the server keeps it", async () => {
    renderForm();
    fireEvent.change(email(), { target: { value: "Gabe@Example.com" } });
    answers.push(() => invitation());
    send();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: "Invitation sent",
          description: "We e-mailed gabe@example.com a link to join your family. It works for 7 days.",
        }),
      ),
    );
    expect(sent).toEqual([{ url: "/api/family/guardians", body: { email: "gabe@example.com", approvalLimit: null } }]);
    // Ready for the next invitation.
    await waitFor(() => expect(email().value).toBe(""));
  });

  test("a limit typed with a dollar sign is the same amount", async () => {
    renderForm();
    fireEvent.change(email(), { target: { value: "gabe@example.com" } });
    fireEvent.change(limit(), { target: { value: " $20.00 " } });
    answers.push(() => invitation({ approvalLimit: "20.00" }));
    send();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ email: "gabe@example.com", approvalLimit: "20.00" });
  });

  test("the server's field errors and its 409 land on the fields, not in a toast", async () => {
    renderForm();
    fireEvent.change(email(), { target: { value: "gabe@example.com" } });
    fireEvent.change(limit(), { target: { value: "12" } });
    answers.push(() =>
      json(400, {
        message: "Validation failed",
        errors: [{ field: "approvalLimit", message: "The approval limit must be an amount like 25.00" }],
      }),
    );
    send();
    expect(await screen.findByText("The approval limit must be an amount like 25.00")).toBeTruthy();

    answers.push(() => json(409, { message: "gabe@example.com is already a guardian of this family" }));
    send();
    expect(await screen.findByText("gabe@example.com is already a guardian of this family")).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();
  });

  test("a refusal without fields is told in the server's words; a server fault in the form's own", async () => {
    renderForm();
    fireEvent.change(email(), { target: { value: "gabe@example.com" } });
    answers.push(() => json(403, { message: "Only the family's owner can invite guardians" }));
    send();
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          variant: "destructive",
          description: "Only the family's owner can invite guardians",
        }),
      ),
    );
    answers.push(() => json(503, { message: "Service Unavailable" }));
    send();
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(
        expect.objectContaining({ description: "Failed to send the invitation. Please try again." }),
      ),
    );
  });
});
