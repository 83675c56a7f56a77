import { z } from "zod";
import "./zod-messages";
import { hasNul, IsoDateSchema, NUL_MESSAGE, RequiredTextSchema } from "./common";

/**
 * The staff area's calls (spec 001 §4, docs/product-contract.md "Staff area"): admin sign-in and setup, the admin
 * dashboard's lists, automation triggers, support tickets (opened by parents, answered by staff) and
 * the system test page's health check. The staff lists of public-form submissions answer the shapes in
 * ./public-forms. Server routes and screens both read these.
 */

const requiredText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  RequiredTextSchema(`${label} is required`, options).max(max, {
    message: `${label} must be at most ${max} characters`,
  });

export const AdminLoginSchema = z.object({
  email: requiredText("Email", 254).transform((e) => e.toLowerCase()),
  password: z
    .string({ error: "Password is required" })
    .min(1, { message: "Password is required" })
    .max(128, { message: "Password must be at most 128 characters" }),
});
export type AdminLogin = z.input<typeof AdminLoginSchema>;

export const AdminSetupSchema = z.object({
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, { message: "Email is required" })
    .pipe(
      z
        .email({ message: "Enter a valid e-mail address" })
        .max(254, { message: "Email must be at most 254 characters" }),
    )
    .transform((e) => e.toLowerCase()),
  firstName: requiredText("First name", 50),
  lastName: requiredText("Last name", 50),
  password: z
    .string({ error: "Password is required" })
    .min(8, { message: "Password must be at least 8 characters" })
    .max(128, { message: "Password must be at most 128 characters" }),
});
export type AdminSetup = z.input<typeof AdminSetupSchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminLoginResponseSchema = z.object({
  /** HS256 JWT, sent back as `Authorization: Bearer <token>`; expires within 8 hours. */
  token: z.string(),
  user: AdminUserSchema,
});
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>;

export const EXECUTION_STATUSES = ["running", "waiting", "completed", "failed"] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export const AnalyticsOverviewSchema = z.object({
  overview: z.object({
    totalUsers: z.number().int(),
    totalExecutions: z.number().int(),
    totalTickets: z.number().int(),
    executionStats: z.array(z.object({ status: z.enum(EXECUTION_STATUSES), count: z.number().int() })),
    /** What visitors have sent through the public forms (docs/product-contract.md "Public forms"), all time. */
    totalConsents: z.number().int(),
    totalDemoRequests: z.number().int(),
    totalNewsletterSubscribers: z.number().int(),
  }),
});
export type AnalyticsOverview = z.infer<typeof AnalyticsOverviewSchema>;

export const AutomationSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  triggerEvent: z.string(),
  isActive: z.boolean(),
  /** What the workflow does, in order, in words ("Send the welcome e-mail", "Wait 24 hours"). */
  steps: z.array(z.string()),
});
export type Automation = z.infer<typeof AutomationSchema>;

export const ExecutionSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  status: z.enum(EXECUTION_STATUSES),
  /** Steps done so far, and how many the workflow has. */
  currentStep: z.number().int(),
  totalSteps: z.number().int(),
  resumeAt: IsoDateSchema.nullable(),
  error: z.string().nullable(),
  startedAt: IsoDateSchema,
  completedAt: IsoDateSchema.nullable(),
});
export type Execution = z.infer<typeof ExecutionSchema>;

export const TriggerSchema = z.object({
  userId: z.string({ error: "User id is required" }).trim().min(1, { message: "User id is required" }),
});
export type Trigger = z.input<typeof TriggerSchema>;

/** `?limit=` on the admin lists: 10 when absent (the dashboard's own value), at most 100. */
const LIMIT_MESSAGE = "Limit must be a whole number from 1 to 100";
export const AdminListQuerySchema = z.object({
  // Digits only: Number() would also take "0x10", "1e2" or " 5".
  limit: z
    .string({ error: LIMIT_MESSAGE })
    .regex(/^\d{1,3}$/, { message: LIMIT_MESSAGE })
    .transform(Number)
    .pipe(z.number().min(1, { message: LIMIT_MESSAGE }).max(100, { message: LIMIT_MESSAGE }))
    .default(10),
});

/** `?q=` narrows the parent list to e-mails or names containing it, in any letter case. */
export const AdminParentListQuerySchema = AdminListQuerySchema.extend({
  q: z
    .string({ error: "Search must be text" })
    .trim()
    .max(100, { message: "Search must be at most 100 characters" })
    .refine((q) => !hasNul(q), { message: NUL_MESSAGE })
    .optional(),
});

/** A parent as staff pick one to run an automation for; `name` is the e-mail when no name is known. */
export const AdminParentSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  createdAt: IsoDateSchema,
});
export type AdminParent = z.infer<typeof AdminParentSchema>;

export const TICKET_PRIORITIES = ["urgent", "high", "medium", "low"] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const TICKET_STATUSES = ["open", "in_progress", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TicketCreateSchema = z.object({
  subject: requiredText("Subject", 120),
  description: requiredText("Description", 5000, { multiline: true }),
  priority: z.enum(TICKET_PRIORITIES, { error: "Priority must be urgent, high, medium or low" }),
});
export type TicketCreate = z.input<typeof TicketCreateSchema>;

export const TicketReplyCreateSchema = z.object({
  message: requiredText("Reply", 5000, { multiline: true }),
});
export type TicketReplyCreate = z.input<typeof TicketReplyCreateSchema>;

export const TicketReplySchema = z.object({
  id: z.string(),
  message: z.string(),
  /** The staff member who wrote it; null for the parent's own message. */
  adminName: z.string().nullable(),
  createdAt: IsoDateSchema,
});
export type TicketReply = z.infer<typeof TicketReplySchema>;

export const SupportTicketSchema = z.object({
  id: z.string(),
  ticketNumber: z.string(),
  userId: z.string(),
  /** The parent who opened it (or for whom an automation opened it). */
  creator: z.object({ email: z.string(), name: z.string() }),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(TICKET_PRIORITIES),
  status: z.enum(TICKET_STATUSES),
  assignedTo: z.object({ id: z.string(), name: z.string() }).nullable(),
  replies: z.array(TicketReplySchema),
  createdAt: IsoDateSchema,
  closedAt: IsoDateSchema.nullable(),
});
export type SupportTicket = z.infer<typeof SupportTicketSchema>;

export const HEALTH_STATUSES = ["HEALTHY", "ISSUES_FOUND", "ERROR"] as const;
export const HealthSchema = z.object({
  status: z.enum(HEALTH_STATUSES),
  tests: z.array(z.object({ name: z.string(), status: z.enum(["PASS", "FAIL"]), error: z.string().optional() })),
});
export type Health = z.infer<typeof HealthSchema>;
