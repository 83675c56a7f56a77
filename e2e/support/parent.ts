import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";

export interface ParentAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function newParentAccount(firstName = "Jordan", lastName = "Rivera"): ParentAccount {
  return {
    email: `parent-${randomUUID().slice(0, 8)}@example.com`,
    password: "correct-horse-battery",
    firstName,
    lastName,
  };
}

/** Calls the API from inside the page, so the session cookie lands in the page's browser context. */
export async function apiFromPage<T = unknown>(
  page: Page,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, {
        method,
        credentials: "include",
        headers: body === undefined ? {} : { "Content-Type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  );
}

/** Signs a new parent up through the API (the sign-up screen has its own journey) and opens `path`. */
export async function signUpParentViaApi(page: Page, path = "/", account = newParentAccount()) {
  await page.goto("/signin");
  const res = await apiFromPage(page, "POST", "/api/auth/signup", account);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  await page.goto(path);
  return account;
}

export interface CreatedChild {
  id: string;
  name: string;
}

export async function createChildViaApi(page: Page, child: Record<string, unknown>): Promise<CreatedChild> {
  const res = await apiFromPage<CreatedChild>(page, "POST", "/api/children", child);
  if (res.status !== 201) throw new Error(`create child failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
