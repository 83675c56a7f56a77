import type { CartSummary } from "./asks";
import type { CartBody } from "./cart-body";

/**
 * The Pocketwise API as the extension calls it: `Authorization: Bearer {token}` from the service worker
 * (spec "Asking from the store"), with messages a child can act on. Bodies are read as text and parsed
 * here, so a proxy's HTML error page becomes a sentence, not a crash.
 */

export interface SignIn {
  server: string;
  token: string;
  childId: string;
  childName: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export type Fetch = typeof fetch;

/** "https://pocketwise.example" from what was typed: http(s) only, no user name, no path; null otherwise. */
export function serverOrigin(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.length > 2048) return null;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `https://${trimmed}`);
  } catch {
    return null;
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) return null;
  return url.origin;
}

/** The host permission the extension needs to call `origin` (declared optional, asked for at sign-in). */
export const originPattern = (origin: string) => `${origin}/*`;

async function call<T>(
  fetchFn: Fetch,
  server: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
) {
  let res: Response;
  try {
    res = await fetchFn(`${server}${path}`, {
      method,
      headers: {
        Accept: "application/json",
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
      redirect: "error",
    });
  } catch {
    throw new ApiError(0, `Pocketwise could not reach ${server}. Check the address and your internet.`);
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) {
    const message = (parsed as { message?: unknown } | null)?.message;
    throw new ApiError(
      res.status,
      typeof message === "string" && message.length <= 300 ? message : "Something went wrong. Try again in a minute.",
    );
  }
  return parsed as T;
}

interface ChildAnswer {
  token: string;
  child: { id: string; name: string };
}

export async function signInWithCode(
  fetchFn: Fetch,
  server: string,
  code: string,
  deviceName: string,
): Promise<SignIn> {
  const answer = await call<ChildAnswer>(fetchFn, server, null, "POST", "/api/kid/login", {
    code,
    device: "extension",
    deviceName,
  });
  if (typeof answer?.token !== "string" || typeof answer.child?.id !== "string") {
    throw new ApiError(502, `${server} did not answer like Pocketwise. Check the address.`);
  }
  return { server, token: answer.token, childId: answer.child.id, childName: String(answer.child.name ?? "") };
}

export const sendCart = (fetchFn: Fetch, s: SignIn, body: CartBody) =>
  call<CartSummary>(fetchFn, s.server, s.token, "POST", `/api/children/${encodeURIComponent(s.childId)}/carts`, body);

/** The child's latest carts, newest first: enough to cover every ask the extension keeps. */
export const listCarts = (fetchFn: Fetch, s: SignIn) =>
  call<CartSummary[]>(
    fetchFn,
    s.server,
    s.token,
    "GET",
    `/api/children/${encodeURIComponent(s.childId)}/carts?limit=50`,
  );

/** Opens the live event stream; the caller reads its body. */
export async function openEvents(fetchFn: Fetch, s: SignIn, signal: AbortSignal): Promise<Response> {
  return fetchFn(`${s.server}/api/events`, {
    headers: { Accept: "text/event-stream", Authorization: `Bearer ${s.token}` },
    credentials: "omit",
    signal,
  });
}
