import type { Billing } from "@shared/schemas/billing";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";

/** What the billing screens' tests answer GET /api/billing with: a Free family on a server with Stripe. */
export const FREE_BILLING: Billing = {
  configured: true,
  plan: "free",
  status: null,
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  subscribedPlan: null,
  trialAvailable: true,
  paymentFailedAt: null,
  suspendsAt: null,
  suspended: false,
  grantedPlan: null,
  grantedUntil: null,
};

export interface Call {
  url: string;
  method: string;
  body: unknown;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** Stubs fetch with `answer` per call and records every call; `location.assign` is recorded, not followed. */
export function stubBillingApi(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const call = { url, method: init.method ?? "GET", body: init.body ? JSON.parse(init.body as string) : undefined };
    calls.push(call);
    return answer(call);
  });
  const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
  return { calls, assign };
}

export function renderWithQueries(ui: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY }, mutations: { retry: false } },
  });
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}
