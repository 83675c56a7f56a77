import type { SupportTicket } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getMyTickets = () => apiJson<SupportTicket[]>("GET", "/api/support/tickets");

export const getMyTicketsQueryOptions = () => queryOptions({ queryKey: queryKeys.myTickets, queryFn: getMyTickets });

export function useMyTickets() {
  return useQuery(getMyTicketsQueryOptions());
}
