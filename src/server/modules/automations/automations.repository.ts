import { and, asc, eq, lte, or, sql } from "drizzle-orm";
import type { Execution, ExecutionStatus } from "../../../shared/schemas/staff";
import type { Executor } from "../../db/client";
import { users, type WorkflowExecutionRow, workflowExecutions, workflows } from "../../db/schema";
import { orderedBy, pastCursor } from "../../lib/paging";

export type ExecutionLogEntry = WorkflowExecutionRow["log"][number];

/** Running executions have a step to do now; waiting ones once their wait is over. */
const isDue = (now: Date) =>
  or(
    eq(workflowExecutions.status, "running"),
    and(eq(workflowExecutions.status, "waiting"), lte(workflowExecutions.resumeAt, now)),
  );

export async function findWorkflowByKey(db: Executor, key: string) {
  const [row] = await db.select().from(workflows).where(eq(workflows.key, key));
  return row ?? null;
}

export async function findWorkflowSteps(db: Executor, workflowId: string) {
  const [row] = await db.select({ steps: workflows.steps }).from(workflows).where(eq(workflows.id, workflowId));
  return row?.steps ?? [];
}

export async function insertExecution(db: Executor, values: { workflowId: string; userId: string; now: Date }) {
  const [row] = await db
    .insert(workflowExecutions)
    .values({
      workflowId: values.workflowId,
      userId: values.userId,
      status: "running",
      currentStep: 0,
      startedAt: values.now,
      updatedAt: values.now,
    })
    .returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function dueExecutionIds(db: Executor, now: Date, limit: number) {
  const rows = await db
    .select({ id: workflowExecutions.id })
    .from(workflowExecutions)
    .where(isDue(now))
    .orderBy(asc(workflowExecutions.startedAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The execution, locked for this transaction, if it is due; null when it is not due or another worker holds
 * it (SKIP LOCKED: that worker is doing the step, so this one must not).
 */
export async function lockDueExecution(tx: Executor, id: string, now: Date) {
  const [row] = await tx
    .select()
    .from(workflowExecutions)
    .where(and(eq(workflowExecutions.id, id), isDue(now)))
    .for("update", { skipLocked: true });
  return row ?? null;
}

export async function updateExecution(
  tx: Executor,
  id: string,
  values: {
    status: ExecutionStatus;
    currentStep: number;
    resumeAt: Date | null;
    error: string | null;
    log: ExecutionLogEntry[];
    completedAt: Date | null;
    updatedAt: Date;
  },
) {
  await tx.update(workflowExecutions).set(values).where(eq(workflowExecutions.id, id));
}

/** Runs as staff see them, newest first: with the workflow's name and length and the parent's e-mail. */
/** Newest started first; the staff list reads `limit + 1` rows for its next-page check (docs/decisions/164). */
export async function listExecutions(
  db: Executor,
  filter: { limit: number; id?: string; cursor?: string },
): Promise<Execution[]> {
  const rows = await db
    .select({
      execution: workflowExecutions,
      workflowName: workflows.name,
      steps: workflows.steps,
      userEmail: users.email,
    })
    .from(workflowExecutions)
    .innerJoin(workflows, eq(workflows.id, workflowExecutions.workflowId))
    .innerJoin(users, eq(users.id, workflowExecutions.userId))
    .where(
      and(
        filter.id ? eq(workflowExecutions.id, filter.id) : undefined,
        pastCursor(workflowExecutions, workflowExecutions.startedAt, filter.cursor),
      ),
    )
    .orderBy(...orderedBy(workflowExecutions, workflowExecutions.startedAt))
    .limit(filter.limit);
  return rows.map(({ execution: e, workflowName, steps, userEmail }) => ({
    id: e.id,
    workflowId: e.workflowId,
    workflowName,
    userId: e.userId,
    userEmail,
    status: e.status as ExecutionStatus,
    currentStep: e.currentStep,
    totalSteps: steps.length,
    resumeAt: e.resumeAt?.toISOString() ?? null,
    error: e.error,
    startedAt: e.startedAt.toISOString(),
    completedAt: e.completedAt?.toISOString() ?? null,
  }));
}

export async function findExecution(db: Executor, id: string): Promise<Execution | null> {
  const [execution] = await listExecutions(db, { id, limit: 1 });
  return execution ?? null;
}

/** Starts every active workflow `event` triggers for the user; answers the executions' ids. */
export async function insertExecutionsForEvent(db: Executor, values: { event: string; userId: string; now: Date }) {
  const triggered = await db
    .select({ id: workflows.id })
    .from(workflows)
    .where(and(eq(workflows.triggerEvent, values.event), eq(workflows.isActive, true)));
  if (!triggered.length) return [];
  const started = await db
    .insert(workflowExecutions)
    .values(
      triggered.map((w) => ({
        workflowId: w.id,
        userId: values.userId,
        status: "running" as const,
        currentStep: 0,
        startedAt: values.now,
        updatedAt: values.now,
      })),
    )
    .returning({ id: workflowExecutions.id });
  return started.map((r) => r.id);
}

/**
 * Ends a user's unfinished runs of the workflows `event` starts, because what they answer is over (a payment
 * went through: no reminder, no suspension notice). Each gets a log entry saying why; answers how many.
 */
export async function completeExecutionsForEvent(
  db: Executor,
  values: { event: string; userId: string; now: Date; reason: string },
) {
  const stopped = await db
    .update(workflowExecutions)
    .set({
      status: "completed",
      resumeAt: null,
      completedAt: values.now,
      updatedAt: values.now,
      log: sql`${workflowExecutions.log} || jsonb_build_array(jsonb_build_object('step', ${workflowExecutions.currentStep}, 'kind', 'stopped', 'at', ${values.now.toISOString()}::text, 'detail', ${values.reason}::text))`,
    })
    .where(
      and(
        eq(workflowExecutions.userId, values.userId),
        or(eq(workflowExecutions.status, "running"), eq(workflowExecutions.status, "waiting")),
        sql`${workflowExecutions.workflowId} in (select ${workflows.id} from ${workflows} where ${workflows.triggerEvent} = ${values.event})`,
      ),
    )
    .returning({ id: workflowExecutions.id });
  return stopped.length;
}
