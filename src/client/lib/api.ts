/** spec 000 §7 and §8: any non-OK answer becomes an error whose message is "status: body". */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
  }

  /** The server's `error` or `message` field when the body is JSON (spec 000 §8). */
  get serverMessage(): string | null {
    try {
      const body = JSON.parse(this.bodyText) as { error?: unknown; message?: unknown };
      if (typeof body.error === "string") return body.error;
      if (typeof body.message === "string") return body.message;
    } catch {}
    return null;
  }

  /** The server's stable `code` for refusals a screen acts on (over_budget, already_decided, …), if any. */
  get code(): string | null {
    try {
      const body = JSON.parse(this.bodyText) as { code?: unknown };
      return typeof body.code === "string" ? body.code : null;
    } catch {
      return null;
    }
  }

  /** Field messages of a 400, keyed by field. */
  get fieldErrors(): Record<string, string> {
    try {
      const body = JSON.parse(this.bodyText) as { errors?: { field: string; message: string }[] };
      return Object.fromEntries((body.errors ?? []).map((e) => [e.field, e.message]));
    } catch {
      return {};
    }
  }
}

/**
 * What to tell a person about a failed call: the server's own message for a 4xx (it is written for people and
 * says what to fix), `fallback` for a 5xx, a network failure or an answer without a message.
 */
export function clientErrorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiRequestError && error.status < 500 && error.serverMessage) || fallback;
}

export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}

async function throwIfNotOk(res: Response) {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiRequestError(res.status, text);
  }
}

/** Every request sends cookies; a JSON body is sent only when a payload is given. */
export async function apiRequest(
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  url: string,
  data?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const res = await fetch(url, {
    method,
    headers: data !== undefined ? { "Content-Type": "application/json", ...headers } : headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(res);
  return res;
}

/** apiRequest, then the JSON body (or null for 204). */
export async function apiJson<T>(method: Parameters<typeof apiRequest>[0], url: string, data?: unknown): Promise<T> {
  const res = await apiRequest(method, url, data);
  return (res.status === 204 ? null : await res.json()) as T;
}
