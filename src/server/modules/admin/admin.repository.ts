import { and, asc, count, sql } from "drizzle-orm";
import {
  type AdminParent,
  type AnalyticsOverview,
  type Automation,
  EXECUTION_STATUSES,
} from "../../../shared/schemas/staff";
import type { Executor } from "../../db/client";
import {
  consents,
  demoRequests,
  fullName,
  newsletterSubscribers,
  supportTickets,
  users,
  workflowExecutions,
  workflows,
} from "../../db/schema";
import { newestFirst, olderThan, type Page } from "../../lib/paging";
import { startsWithPattern } from "../../lib/starts-with";
import { parentName } from "../auth/users.repository";
import { describeSteps } from "./workflow-steps";

/** Newest first, `limit + 1` rows for the next-page check (docs/decisions/164). */
export async function listParents(db: Executor, query: Page & { q?: string }): Promise<AdminParent[]> {
  const pattern = query.q ? startsWithPattern(query.q) : null;
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        pattern
          ? sql`(lower(${users.email}) like ${pattern} or lower(${fullName(users.firstName, users.lastName)}) like ${pattern}
              or lower(${users.lastName}) like ${pattern})`
          : undefined,
        olderThan(users, query.cursor),
      ),
    )
    .orderBy(...newestFirst(users))
    .limit(query.limit + 1);
  return rows.map((u) => ({ id: u.id, email: u.email, name: parentName(u), createdAt: u.createdAt.toISOString() }));
}

/** Every status appears, with 0 when no execution has it, so the dashboard's figures never miss a row. */
export async function analyticsOverview(db: Executor): Promise<AnalyticsOverview> {
  const [[parents], [tickets], [consentCount], [demoCount], [subscriberCount], byStatus] = await Promise.all([
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(supportTickets),
    db.select({ n: count() }).from(consents),
    db.select({ n: count() }).from(demoRequests),
    db.select({ n: count() }).from(newsletterSubscribers),
    db
      .select({ status: workflowExecutions.status, n: count() })
      .from(workflowExecutions)
      .groupBy(workflowExecutions.status),
  ]);
  const counts = new Map(byStatus.map((r) => [r.status, r.n]));
  const executionStats = EXECUTION_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));
  return {
    overview: {
      totalUsers: parents?.n ?? 0,
      totalExecutions: byStatus.reduce((sum, r) => sum + r.n, 0),
      totalTickets: tickets?.n ?? 0,
      executionStats,
      totalConsents: consentCount?.n ?? 0,
      totalDemoRequests: demoCount?.n ?? 0,
      totalNewsletterSubscribers: subscriberCount?.n ?? 0,
    },
  };
}

export async function listAutomations(db: Executor): Promise<Automation[]> {
  const rows = await db.select().from(workflows).orderBy(asc(workflows.name), asc(workflows.key));
  return rows.map((w) => ({
    id: w.id,
    key: w.key,
    name: w.name,
    description: w.description,
    category: w.category,
    triggerEvent: w.triggerEvent,
    isActive: w.isActive,
    steps: describeSteps(w.steps),
  }));
}
