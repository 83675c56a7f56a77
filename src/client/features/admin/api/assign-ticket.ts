import type { SupportTicket } from "@shared/schemas/staff";
import { adminJson } from "./admin-request";
import { ticketUrl, useTicketMutation } from "./ticket-mutation";

export const assignTicket = (id: string) => adminJson<SupportTicket>("POST", ticketUrl(id, "assign"));

export const useAssignTicket = () => useTicketMutation(assignTicket);
