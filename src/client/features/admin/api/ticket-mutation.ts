import type { SupportTicket } from "@shared/schemas/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";

export const ticketUrl = (id: string, action: string) => `/api/admin/tickets/${encodeURIComponent(id)}/${action}`;

/** A staff change to a ticket refreshes the support tab's list. */
export function useTicketMutation<V>(mutationFn: (v: V) => Promise<SupportTicket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.tickets }),
  });
}
