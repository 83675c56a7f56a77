import type { SupportTicket, TicketReplyCreate } from "@shared/schemas/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { ticketsQueryKey } from "./get-tickets";

const ticketUrl = (id: string, action: string) => `/api/admin/tickets/${encodeURIComponent(id)}/${action}`;

export const assignTicket = (id: string) => adminJson<SupportTicket>("POST", ticketUrl(id, "assign"));
export const replyToTicket = ({ id, reply }: { id: string; reply: TicketReplyCreate }) =>
  adminJson<SupportTicket>("POST", ticketUrl(id, "replies"), reply);
export const closeTicket = (id: string) => adminJson<SupportTicket>("POST", ticketUrl(id, "close"));

function useTicketMutation<V>(mutationFn: (v: V) => Promise<SupportTicket>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey }),
  });
}

export const useAssignTicket = () => useTicketMutation(assignTicket);
export const useReplyToTicket = () => useTicketMutation(replyToTicket);
export const useCloseTicket = () => useTicketMutation(closeTicket);
