import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { users } from "./users";

/** Staff accounts for the admin area; separate from parents, who never reach `/api/admin/*`. */
export const admins = pgTable(
  "admins",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("admins_email_unique").on(t.email)],
);

export const supportTicketNumberSeq = pgSequence("support_ticket_number_seq", { startWith: 1001 });

/**
 * A parent's request for help. `ticketNumber` is the readable reference shown to both sides
 * ("PW-1001"), drawn from its own sequence so concurrent tickets never share one.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: id(),
    ticketNumber: text("ticket_number").notNull().default(sql`'PW-' || nextval('support_ticket_number_seq')::text`),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    description: text("description").notNull(),
    priority: text("priority").notNull(),
    /** open, in_progress (assigned or answered) or closed. */
    status: text("status").notNull().default("open"),
    assignedAdminId: uuid("assigned_admin_id").references(() => admins.id, { onDelete: "set null" }),
    /** Set when an automation opened the ticket. */
    executionId: uuid("execution_id"),
    closedAt: timestamp("closed_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("support_tickets_number_unique").on(t.ticketNumber),
    index("support_tickets_user_idx").on(t.userId),
    index("support_tickets_created_idx").on(t.createdAt),
  ],
);

/** The conversation on a ticket: staff replies (adminId set) and the parent's own messages. */
export const ticketReplies = pgTable(
  "ticket_replies",
  {
    id: id(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    adminId: uuid("admin_id").references(() => admins.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_replies_ticket_idx").on(t.ticketId, t.createdAt)],
);

export type WorkflowStep =
  | { kind: "send_email"; template: string }
  | { kind: "wait"; hours: number }
  | { kind: "create_ticket"; subject: string; description: string; priority: "urgent" | "high" | "medium" | "low" };

/** An automation: what starts it (`triggerEvent`) and the steps it takes for one user. */
export const workflows = pgTable(
  "workflows",
  {
    id: id(),
    /** Stable name code refers to ("onboarding", "payment-recovery"). */
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    triggerEvent: text("trigger_event").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    steps: jsonb("steps").$type<WorkflowStep[]>().notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("workflows_key_unique").on(t.key)],
);

/**
 * One run of a workflow for one user. The background worker advances `currentStep`; `status` is
 * running (a step is being done), waiting (until `resumeAt`), completed or failed (`error` says why).
 */
export const workflowExecutions = pgTable(
  "workflow_executions",
  {
    id: id(),
    workflowId: uuid("workflow_id")
      .notNull()
      .references(() => workflows.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("running"),
    currentStep: integer("current_step").notNull().default(0),
    resumeAt: timestamp("resume_at", { withTimezone: true }),
    error: text("error"),
    /** What each finished step did, in order (e-mail file or message id, ticket number, wait end). */
    log: jsonb("log").$type<{ step: number; kind: string; at: string; detail: string }[]>().notNull().default([]),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workflow_executions_started_idx").on(t.startedAt),
    index("workflow_executions_status_idx").on(t.status),
  ],
);

export type AdminRow = typeof admins.$inferSelect;
export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type TicketReplyRow = typeof ticketReplies.$inferSelect;
export type WorkflowRow = typeof workflows.$inferSelect;
export type WorkflowExecutionRow = typeof workflowExecutions.$inferSelect;
