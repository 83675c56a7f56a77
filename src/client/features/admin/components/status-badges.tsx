import type { ExecutionStatus, TicketPriority, TicketStatus } from "@shared/schemas/staff";
import { Badge } from "@/components/ui/badge";

type Variant = "default" | "pending" | "approved" | "declined" | "completed" | "neutral";

const EXECUTION: Record<ExecutionStatus, { label: string; variant: Variant }> = {
  completed: { label: "Completed", variant: "approved" },
  failed: { label: "Failed", variant: "declined" },
  running: { label: "Running", variant: "completed" },
  waiting: { label: "Waiting", variant: "pending" },
};

const TICKET_STATUS: Record<TicketStatus, { label: string; variant: Variant }> = {
  open: { label: "Open", variant: "pending" },
  in_progress: { label: "In progress", variant: "completed" },
  closed: { label: "Closed", variant: "neutral" },
};

const PRIORITY: Record<TicketPriority, { label: string; variant: Variant }> = {
  urgent: { label: "Urgent", variant: "declined" },
  high: { label: "High", variant: "pending" },
  medium: { label: "Medium", variant: "default" },
  low: { label: "Low", variant: "neutral" },
};

export const executionStatusLabel = (status: ExecutionStatus) => EXECUTION[status].label;

export function ExecutionStatusBadge({ status }: { status: ExecutionStatus }) {
  return <Badge variant={EXECUTION[status].variant}>{EXECUTION[status].label}</Badge>;
}

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return <Badge variant={TICKET_STATUS[status].variant}>{TICKET_STATUS[status].label}</Badge>;
}

export function PriorityBadge({ priority }: { priority: TicketPriority }) {
  return <Badge variant={PRIORITY[priority].variant}>{PRIORITY[priority].label} priority</Badge>;
}

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
