import type { SupportTicket } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { ADMIN_QUERY_ROOT } from "./get-analytics-overview";

export const ticketsQueryKey = [ADMIN_QUERY_ROOT, "tickets"] as const;

export const getTickets = () => adminJson<SupportTicket[]>("GET", "/api/admin/tickets?limit=10");

export const getTicketsQueryOptions = () => queryOptions({ queryKey: ticketsQueryKey, queryFn: getTickets });

export function useTickets() {
  return useQuery(getTicketsQueryOptions());
}
