import { zodResolver } from "@hookform/resolvers/zod";
import {
  type SupportTicket,
  TICKET_PRIORITIES,
  type TicketCreate,
  TicketCreateSchema,
  TicketReplyCreateSchema,
  type TicketStatus,
} from "@shared/schemas/staff";
import { LifeBuoy } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { cn } from "@/lib/cn";
import { HELP_SECTION } from "@/lib/sections";
import { useCreateTicket } from "../api/create-ticket";
import { useMyTickets } from "../api/get-my-tickets";
import { useReplyToTicket } from "../api/reply-to-ticket";

const PRIORITY_LABELS: Record<(typeof TICKET_PRIORITIES)[number], string> = {
  urgent: "Urgent: something is wrong right now",
  high: "High",
  medium: "Medium",
  low: "Low",
};

const STATUS: Record<TicketStatus, { label: string; variant: "pending" | "completed" | "neutral" }> = {
  open: { label: "Open", variant: "pending" },
  in_progress: { label: "In progress", variant: "completed" },
  closed: { label: "Closed", variant: "neutral" },
};

const DEFAULTS: TicketCreate = { subject: "", description: "", priority: "medium" };
const CREATE_FAILED = "Failed to send your request. Please try again.";
const REPLY_FAILED = "Failed to send your reply. Please try again.";

function TicketForm() {
  const create = useCreateTicket();
  const form = useForm<TicketCreate, unknown, z.output<typeof TicketCreateSchema>>({
    resolver: zodResolver(TicketCreateSchema),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const ticket = await create.mutateAsync(values);
      toast({
        title: "Request Sent",
        description: `Your ticket ${ticket.ticketNumber} is open. Our team will reply here.`,
      });
      form.reset(DEFAULTS);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          if (field in DEFAULTS) form.setError(field as keyof TicketCreate, { type: "server", message });
        }
      }
      const description = clientErrorMessage(error, CREATE_FAILED);
      toast({ title: "Error", description, variant: "destructive" });
    }
  });

  const err = (name: keyof TicketCreate) => errors[name]?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Ask for help">
      <FormField id="ticket-subject" label="Subject" error={err("subject")}>
        <Input
          id="ticket-subject"
          autoComplete="off"
          placeholder="e.g. A cart is stuck waiting"
          {...form.register("subject")}
          {...describedBy("ticket-subject", { error: err("subject") })}
        />
      </FormField>
      <FormField id="ticket-description" label="What happened?" error={err("description")}>
        <Textarea
          id="ticket-description"
          rows={4}
          {...form.register("description")}
          {...describedBy("ticket-description", { error: err("description") })}
        />
      </FormField>
      <FormField id="ticket-priority" label="Priority" error={err("priority")}>
        <NativeSelect
          id="ticket-priority"
          {...form.register("priority")}
          {...describedBy("ticket-priority", { error: err("priority") })}
        >
          {TICKET_PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="sm:justify-self-end">
        {isSubmitting ? "Sending..." : "Send to support"}
      </Button>
    </form>
  );
}

function ReplyForm({ ticket }: { ticket: SupportTicket }) {
  const reply = useReplyToTicket();
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | undefined>();
  const id = `reply-${ticket.id}`;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = TicketReplyCreateSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    reply.mutate(
      { id: ticket.id, message: parsed.data.message },
      {
        onSuccess: () => {
          setMessage("");
          toast({ title: "Reply Sent", description: `Your reply was added to ${ticket.ticketNumber}.` });
        },
        onError: (err) => {
          const description = clientErrorMessage(err, REPLY_FAILED);
          toast({ title: "Error", description, variant: "destructive" });
        },
      },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 grid gap-2" aria-label={`Reply to ${ticket.ticketNumber}`}>
      <FormField id={id} label="Add a reply" error={error}>
        <Textarea
          id={id}
          rows={2}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          {...describedBy(id, { error })}
        />
      </FormField>
      <Button type="submit" variant="outline" size="sm" disabled={reply.isPending} className="sm:justify-self-end">
        {reply.isPending ? "Sending..." : "Send reply"}
      </Button>
    </form>
  );
}

function TicketItem({ ticket }: { ticket: SupportTicket }) {
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-xs font-semibold text-slate-600">{ticket.ticketNumber}</p>
          <h4 className="font-semibold text-slate-900">{ticket.subject}</h4>
        </div>
        <Badge variant={STATUS[ticket.status].variant}>{STATUS[ticket.status].label}</Badge>
      </div>
      {ticket.replies.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No reply yet.</p>
      ) : (
        <ol className="mt-3 grid gap-2" aria-label={`Replies to ${ticket.ticketNumber}`}>
          {ticket.replies.map((r) => (
            <li key={r.id} className={cn("rounded-lg p-3 text-sm", r.adminName ? "bg-brand-50" : "bg-slate-50")}>
              <p className="font-medium text-slate-900">
                {r.adminName ?? "You"}
                {r.adminName && <span className="font-normal text-slate-600"> from Pocketwise support</span>}
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-800">{r.message}</p>
            </li>
          ))}
        </ol>
      )}
      {ticket.status !== "closed" && <ReplyForm ticket={ticket} />}
    </li>
  );
}

/** The parents' help area: open a support ticket and follow the team's replies. */
export function HelpSupportCard() {
  const tickets = useMyTickets();
  return (
    <Card id={HELP_SECTION.id} aria-labelledby="help-title" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="help-title" className="flex items-center gap-2">
          <LifeBuoy className="h-5 w-5 text-brand-700" aria-hidden /> Help & support
        </CardTitle>
        <CardDescription>Tell us what is going on and a member of our team will reply here.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <TicketForm />
        <section aria-labelledby="my-tickets-title" className="border-t border-slate-200 pt-5">
          <h3 id="my-tickets-title" className="font-semibold text-slate-900">
            Your requests
          </h3>
          {tickets.isLoading ? (
            <Spinner label="Loading your requests" className="py-6" />
          ) : tickets.isError ? (
            <p className="mt-2 text-sm text-slate-700">Could not load your requests. Reload the page to try again.</p>
          ) : tickets.data?.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">You have not asked us anything yet.</p>
          ) : (
            <ul className="mt-3 grid grid-cols-1 gap-3">
              {tickets.data?.map((t) => (
                <TicketItem key={t.id} ticket={t} />
              ))}
            </ul>
          )}
        </section>
      </CardContent>
    </Card>
  );
}
