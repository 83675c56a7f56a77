import type { SupportTicket, TicketCreate } from "@shared/schemas/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const createTicket = (input: TicketCreate) => apiJson<SupportTicket>("POST", "/api/support/tickets", input);

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myTickets }),
  });
}
