import {
  type Account,
  CURRENT_PASSWORD_WRONG,
  EMAIL_CHANGE_TOKEN_INVALID,
  NO_PASSWORD_EMAIL,
  NO_PASSWORD_PASSWORD,
} from "@shared/schemas/account";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { AccountSection } from "./account-section";
import { ConfirmEmailChange } from "./confirm-email-change";
import { SignOutEverywhereButton } from "./sign-out-everywhere-button";

const ACCOUNT: Account = {
  firstName: "Pat",
  lastName: "Lee",
  email: "pat@example.com",
  hasPassword: true,
  signsInWithProvider: false,
  pendingEmail: null,
};

type Sent = { method: string; url: string; body: unknown };
let sent: Sent[];
/** The answer to each request but GET /api/account, which answers `account`. */
let answer: (request: Sent) => Response;
let account: Account;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

beforeEach(() => {
  sent = [];
  account = ACCOUNT;
  answer = () => new Response(null, { status: 204 });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? "GET";
    if (method === "GET" && url === "/api/account") return json(200, account);
    const request = { method, url, body: init.body ? JSON.parse(init.body as string) : undefined };
    sent.push(request);
    return answer(request);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {ui}
    </QueryClientProvider>,
  );

const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.input(within(scope).getByLabelText(label), { target: { value } });
const form = (name: string) => screen.getByRole("form", { name });

describe("the name form", () => {
  test("sends the trimmed names", async () => {
    answer = () => json(200, { ...ACCOUNT, firstName: "Sam" });
    wrap(<AccountSection id="account" />);
    const name = await screen.findByRole("form", { name: "Your name" });
    expect((within(name).getByLabelText("First name") as HTMLInputElement).value).toBe("Pat");
    type("First name", "  Sam ", name);
    fireEvent.click(within(name).getByRole("button", { name: "Save name" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ method: "PATCH", url: "/api/account", body: { firstName: "Sam", lastName: "Lee" } });
  });

  test("refuses an empty name before sending", async () => {
    wrap(<AccountSection id="account" />);
    const name = await screen.findByRole("form", { name: "Your name" });
    type("Last name", " ", name);
    fireEvent.click(within(name).getByRole("button", { name: "Save name" }));
    await within(name).findByText("Last name is required");
    expect(sent).toEqual([]);
  });
});

describe("the e-mail form", () => {
  test("shows the pending address once the link is sent", async () => {
    answer = () =>
      json(202, { ...ACCOUNT, pendingEmail: { email: "new@example.com", expiresAt: "2026-11-25T09:00:00.000Z" } });
    wrap(<AccountSection id="account" />);
    await screen.findByRole("form", { name: "Change your e-mail" });
    const email = form("Change your e-mail");
    type("New e-mail", "New@Example.com", email);
    type("Current password", "my password", email);
    fireEvent.click(within(email).getByRole("button", { name: "Send confirmation link" }));
    const status = await screen.findByText("Check your new inbox");
    expect(status.parentElement?.textContent).toContain("new@example.com");
    expect(sent[0]).toEqual({
      method: "POST",
      url: "/api/account/email",
      body: { email: "new@example.com", password: "my password" },
    });
  });

  test("puts the server's message on the password field", async () => {
    answer = () =>
      json(400, { message: CURRENT_PASSWORD_WRONG, errors: [{ field: "password", message: CURRENT_PASSWORD_WRONG }] });
    wrap(<AccountSection id="account" />);
    await screen.findByRole("form", { name: "Change your e-mail" });
    const email = form("Change your e-mail");
    type("New e-mail", "new@example.com", email);
    type("Current password", "wrong", email);
    fireEvent.click(within(email).getByRole("button", { name: "Send confirmation link" }));
    expect(await within(email).findByText(CURRENT_PASSWORD_WRONG)).toBeTruthy();
    expect(within(email).getByLabelText("Current password").getAttribute("aria-invalid")).toBe("true");
  });

  test("an account without a password is told why it has no e-mail or password form", async () => {
    account = { ...ACCOUNT, hasPassword: false, signsInWithProvider: true };
    wrap(<AccountSection id="account" />);
    expect(await screen.findByText(NO_PASSWORD_EMAIL)).toBeTruthy();
    expect(screen.getByText(NO_PASSWORD_PASSWORD)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Change your e-mail" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Change your password" })).toBeNull();
    expect(screen.getByRole("form", { name: "Your name" })).toBeTruthy();
  });
});

describe("the password form", () => {
  const fill = (next: string, confirm: string) => {
    const password = form("Change your password");
    type("Current password", "old password", password);
    type("New password", next, password);
    type("Confirm new password", confirm, password);
    fireEvent.click(within(password).getByRole("button", { name: "Change password" }));
    return password;
  };

  test("refuses a short or mistyped new password before sending", async () => {
    wrap(<AccountSection id="account" />);
    await screen.findByRole("form", { name: "Change your password" });
    const password = fill("short", "shorter");
    expect(await within(password).findByText("Password must be at least 8 characters")).toBeTruthy();
    expect(within(password).getByText("The passwords do not match")).toBeTruthy();
    expect(sent).toEqual([]);
  });

  test("sends the current and new password, then empties the form", async () => {
    wrap(<AccountSection id="account" />);
    await screen.findByRole("form", { name: "Change your password" });
    const password = fill("a new password", "a new password");
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: "POST",
          url: "/api/account/password",
          body: { currentPassword: "old password", newPassword: "a new password" },
        },
      ]),
    );
    await waitFor(() => expect((within(password).getByLabelText("New password") as HTMLInputElement).value).toBe(""));
  });

  test("shows a throttled attempt's message", async () => {
    answer = () => json(429, { message: "Too many wrong passwords. Try again in 15 minutes." });
    wrap(<AccountSection id="account" />);
    await screen.findByRole("form", { name: "Change your password" });
    const password = fill("a new password", "a new password");
    expect((await within(password).findByRole("alert")).textContent).toBe(
      "Too many wrong passwords. Try again in 15 minutes.",
    );
  });
});

describe("sign out everywhere", () => {
  test("asks first, and signs out only once confirmed", async () => {
    const onSignedOut = vi.fn();
    wrap(<SignOutEverywhereButton onSignedOut={onSignedOut} />);
    fireEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    fireEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Sign out everywhere" }),
    );
    await waitFor(() => expect(onSignedOut).toHaveBeenCalled());
    expect(sent).toEqual([{ method: "POST", url: "/api/account/sign-out-everywhere", body: undefined }]);
  });
});

describe("the confirm-email page's content", () => {
  test("posts the token once and shows the new address", async () => {
    answer = () => json(200, { email: "new@example.com" });
    wrap(<ConfirmEmailChange token="abc" />);
    expect((await screen.findByText("new@example.com")).parentElement?.textContent).toBe(
      "Your e-mail is now new@example.com",
    );
    expect(sent).toEqual([{ method: "POST", url: "/api/account/email/confirm", body: { token: "abc" } }]);
  });

  test("shows why a used link does not work", async () => {
    answer = () =>
      json(400, {
        message: EMAIL_CHANGE_TOKEN_INVALID,
        errors: [{ field: "token", message: EMAIL_CHANGE_TOKEN_INVALID }],
      });
    wrap(<ConfirmEmailChange token="used" />);
    expect((await screen.findByRole("alert")).textContent).toBe(EMAIL_CHANGE_TOKEN_INVALID);
  });
});
