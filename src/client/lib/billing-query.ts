import type { Billing } from "@shared/schemas/billing";
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/**
 * GET /api/billing: the family's plan, its subscription's state and whether this server takes payments. Shared
 * by the billing screens and the usage nudge, which offers the trial only while the family still has it.
 */
export const billingQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.billing, queryFn: () => apiJson<Billing>("GET", "/api/billing") });
