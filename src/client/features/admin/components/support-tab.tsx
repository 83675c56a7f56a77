import { zodResolver } from "@hookform/resolvers/zod";
import { type SupportTicket, type TicketReplyCreate, TicketReplyCreateSchema } from "@shared/schemas/staff";
import { CheckCircle2, MessageSquare, UserCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { isAdminSessionError } from "../api/admin-request";
import { useAssignTicket } from "../api/assign-ticket";
import { useCloseTicket } from "../api/close-ticket";
import { useReplyToTicket } from "../api/reply-to-ticket";
import { LoadFailed } from "./overview-tab";
import { formatDateTime, PriorityBadge, TicketStatusBadge } from "./status-badges";

/** A 409 on a closed ticket says why; other failures get one plain line. */
function actionFailed(error: unknown) {
  if (isAdminSessionError(error)) return;
  const description = clientErrorMessage(error, "Failed to update ticket");
  toast({ title: "Error", description, variant: "destructive" });
}

export function SupportTab({ tickets }: { tickets: SupportTicket[] | undefined }) {
  if (tickets === undefined) return <LoadFailed what="support tickets" />;
  if (tickets.length === 0) {
    return (
      <p className="rounded-lg bg-white p-4 text-sm text-slate-700">
        No support tickets yet. Parents open them from Help & support in their Parent Center.
      </p>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4">
      {tickets.map((t) => (
        <li key={t.id}>
          <TicketCard ticket={t} />
        </li>
      ))}
    </ul>
  );
}

function TicketCard({ ticket }: { ticket: SupportTicket }) {
  const [replying, setReplying] = useState(false);
  const assign = useAssignTicket();
  const close = useCloseTicket();
  const closed = ticket.status === "closed";
  const titleId = `ticket-${ticket.id}`;

  const onAssign = async () => {
    try {
      await assign.mutateAsync(ticket.id);
      toast({ title: "Ticket Assigned", description: `${ticket.ticketNumber} is now assigned to you.` });
    } catch (error) {
      actionFailed(error);
    }
  };
  const onClose = async () => {
    try {
      await close.mutateAsync(ticket.id);
      setReplying(false);
      toast({ title: "Ticket Closed", description: `${ticket.ticketNumber} is closed.` });
    } catch (error) {
      actionFailed(error);
    }
  };

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
          <div className="min-w-0">
            <p className="font-mono text-xs font-semibold text-slate-600">{ticket.ticketNumber}</p>
            <h3 id={titleId} className="text-lg font-semibold text-slate-900">
              {ticket.subject}
            </h3>
            <p className="truncate text-sm text-slate-600">
              {ticket.creator.name} · {ticket.creator.email} · {formatDateTime(ticket.createdAt)}
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <PriorityBadge priority={ticket.priority} />
            <TicketStatusBadge status={ticket.status} />
          </div>
        </div>
      </CardHeader>
      <CardContent>
        <p className="whitespace-pre-line text-sm text-slate-800">{ticket.description}</p>
        <p className="mt-3 text-sm text-slate-600">
          {ticket.assignedTo ? `Assigned to ${ticket.assignedTo.name}` : "Not assigned yet"}
        </p>
        {ticket.replies.length > 0 && (
          <section aria-label={`Replies on ${ticket.ticketNumber}`} className="mt-4">
            <ol className="grid gap-2">
              {ticket.replies.map((r) => (
                <li key={r.id} className="rounded-lg bg-slate-50 p-3 text-sm">
                  <p className="font-medium text-slate-900">
                    {r.adminName ?? ticket.creator.name}{" "}
                    <span className="font-normal text-slate-600">· {formatDateTime(r.createdAt)}</span>
                  </p>
                  <p className="mt-1 whitespace-pre-line text-slate-800">{r.message}</p>
                </li>
              ))}
            </ol>
          </section>
        )}
        {replying && !closed ? (
          <ReplyForm ticket={ticket} onDone={() => setReplying(false)} />
        ) : (
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Button variant="outline" size="sm" disabled={closed || assign.isPending} onClick={onAssign}>
              <UserCheck aria-hidden /> Assign to Me
            </Button>
            <Button variant="outline" size="sm" disabled={closed} onClick={() => setReplying(true)}>
              <MessageSquare aria-hidden /> Reply
            </Button>
            <Button variant="outline" size="sm" disabled={closed || close.isPending} onClick={onClose}>
              <CheckCircle2 aria-hidden /> Close
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ReplyForm({ ticket, onDone }: { ticket: SupportTicket; onDone: () => void }) {
  const reply = useReplyToTicket();
  const id = `reply-${ticket.id}`;
  const form = useForm<TicketReplyCreate, unknown, z.output<typeof TicketReplyCreateSchema>>({
    resolver: zodResolver(TicketReplyCreateSchema),
    defaultValues: { message: "" },
  });
  const error = form.formState.errors.message?.message;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await reply.mutateAsync({ id: ticket.id, reply: values });
      toast({ title: "Reply Sent", description: `Your reply was added to ${ticket.ticketNumber}.` });
      onDone();
    } catch (err) {
      actionFailed(err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 grid gap-3">
      <FormField id={id} label={`Reply to ${ticket.creator.name}`} error={error}>
        {/* The reply box opens on request, so focus belongs in it. */}
        <Textarea id={id} rows={4} autoFocus {...form.register("message")} {...describedBy(id, { error })} />
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Sending..." : "Send reply"}
        </Button>
      </div>
    </form>
  );
}
