/**
 * The store's server talking to Pocketwise (docs/merchants.md). The API key stays on the server: a
 * browser never sees it, only the hosted checkout's url.
 */
export interface PocketwiseApi {
  createCheckoutSession(
    body: {
      items: { name: string; price: string; quantity: number; url?: string; imageUrl?: string }[];
      reference: string;
      successUrl: string;
      cancelUrl: string;
    },
    idempotencyKey: string,
  ): Promise<{ id: string; url: string; status: string; expiresAt: string }>;
  getCheckoutSession(id: string): Promise<{ id: string; status: string; reference: string; cartId: string | null }>;
  completeCheckoutSession(id: string, orderNumber: string): Promise<{ id: string; status: string }>;
}

export class PocketwiseError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`Pocketwise answered ${status}: ${body}`);
  }
}

export function pocketwiseApi(baseUrl: string, apiKey: string): PocketwiseApi {
  async function call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${baseUrl}/api/merchant/v1${path}`, {
      method,
      headers: {
        authorization: `Bearer ${apiKey}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) throw new PocketwiseError(res.status, text);
    return JSON.parse(text) as T;
  }
  return {
    // The same Idempotency-Key with the same body answers the same session, so a retry after a lost
    // answer does not open a second one.
    createCheckoutSession: (body, idempotencyKey) =>
      call("POST", "/checkout-sessions", body, { "idempotency-key": idempotencyKey }),
    getCheckoutSession: (id) => call("GET", `/checkout-sessions/${encodeURIComponent(id)}`),
    completeCheckoutSession: (id, orderNumber) =>
      call("POST", `/checkout-sessions/${encodeURIComponent(id)}/complete`, { orderNumber }),
  };
}
