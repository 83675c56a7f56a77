import type { Page } from "playwright-core";
import { ADMIN_TOKEN_KEY } from "../../src/client/features/admin/lib/admin-token";
import { baseUrl } from "./browser";

/** The one staff account of the run; the first journey creates it through the setup form. */
export const STAFF = {
  email: "ada.staff@example.com",
  password: "staff-password-123",
  firstName: "Ada",
  lastName: "Lovelace",
} as const;

let token: string | null = null;

async function post(path: string, body: unknown) {
  return fetch(`${baseUrl()}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Sends a public form as a visitor's browser would, for journeys where staff read what arrived. */
export async function submitPublicForm(
  path: "/api/consents" | "/api/demo-requests" | "/api/newsletter",
  body: unknown,
) {
  const res = await post(path, body);
  if (res.status !== 201) throw new Error(`${path} answered ${res.status} ${await res.text()}`);
}

/**
 * A staff token, signed in once per file because admin sign-in is rate-limited. Creates the admin when a
 * journey runs on its own (the setup journey did not run first).
 */
export async function staffToken(): Promise<string> {
  if (token) return token;
  let res = await post("/api/admin/login", { email: STAFF.email, password: STAFF.password });
  if (res.status === 401) {
    await post("/api/admin/setup", STAFF);
    res = await post("/api/admin/login", { email: STAFF.email, password: STAFF.password });
  }
  if (!res.ok) throw new Error(`admin login failed: ${res.status} ${await res.text()}`);
  token = ((await res.json()) as { token: string }).token;
  return token;
}

/** Puts the staff token where the dashboard looks for it, then opens the dashboard. */
export async function openStaffDashboard(page: Page) {
  const value = await staffToken();
  await page.goto("/admin/login");
  await page.evaluate(([key, t]) => window.localStorage.setItem(key, t), [ADMIN_TOKEN_KEY, value] as const);
  await page.goto("/admin/dashboard");
  await page.getByText("Success rate").first().waitFor({ state: "visible" });
}
