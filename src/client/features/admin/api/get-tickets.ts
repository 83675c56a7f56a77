import type { SupportTicket } from "@shared/schemas/staff";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

export const getTickets = () => adminJson<SupportTicket[]>("GET", "/api/admin/tickets?limit=10");

export const getTicketsQueryOptions = () => queryOptions({ queryKey: queryKeys.admin.tickets, queryFn: getTickets });

export function useTickets() {
  return useQuery(getTicketsQueryOptions());
}
