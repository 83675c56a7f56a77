import type { SupportTicket } from "@shared/schemas/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const replyToTicket = ({ id, message }: { id: string; message: string }) =>
  apiJson<SupportTicket>("POST", `/api/support/tickets/${id}/replies`, { message });

export function useReplyToTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToTicket,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myTickets }),
  });
}
