import type { SupportTicket } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const myTicketsQueryKey = ["/api/support/tickets"] as const;

export const getMyTickets = () => apiJson<SupportTicket[]>("GET", "/api/support/tickets");

export const getMyTicketsQueryOptions = () => queryOptions({ queryKey: myTicketsQueryKey, queryFn: getMyTickets });

export function useMyTickets() {
  return useQuery(getMyTicketsQueryOptions());
}
