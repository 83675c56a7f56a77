import type { SupportTicket } from "@shared/schemas/staff";
import { adminJson } from "./admin-request";
import { ticketUrl, useTicketMutation } from "./ticket-mutation";

export const closeTicket = (id: string) => adminJson<SupportTicket>("POST", ticketUrl(id, "close"));

export const useCloseTicket = () => useTicketMutation(closeTicket);
