import type { SupportTicket, TicketReplyCreate } from "@shared/schemas/staff";
import { adminJson } from "./admin-request";
import { ticketUrl, useTicketMutation } from "./ticket-mutation";

export const replyToTicket = ({ id, reply }: { id: string; reply: TicketReplyCreate }) =>
  adminJson<SupportTicket>("POST", ticketUrl(id, "replies"), reply);

export const useReplyToTicket = () => useTicketMutation(replyToTicket);
