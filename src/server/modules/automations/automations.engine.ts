import type { FastifyBaseLogger } from "fastify";
import type { Execution } from "../../../shared/schemas/staff";
import type { Database, Tx } from "../../db/client";
import type { WorkflowExecutionRow, WorkflowStep } from "../../db/schema";
import { conflict, isUuid, notFound } from "../../lib/http-errors";
import { findUserById } from "../auth/users.repository";
import { openTicket } from "../support/tickets.repository";
import {
  dueExecutionIds,
  type ExecutionLogEntry,
  findExecution,
  findWorkflowByKey,
  findWorkflowSteps,
  insertExecution,
  lockDueExecution,
  updateExecution,
} from "./automations.repository";
import { renderTemplate, UnknownTemplateError } from "./mail-templates";
import type { Mailer } from "./mailer";

/**
 * How long to wait before sending a failed e-mail again; its length bounds the attempts (3 in all). A mail
 * server that is down for a restart is usually back within minutes.
 */
const EMAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000];

/** How many executions one `runDue` takes on; the rest wait for the next sweep. */
const DUE_BATCH = 200;

export interface EngineOptions {
  database: Database;
  now: () => Date;
  mailer: Mailer;
  appOrigin: string | null;
  log: FastifyBaseLogger;
  /** Told when an execution starts waiting, so a job can be queued for when the wait ends. */
  onWaiting?: (id: string, resumeAt: Date) => Promise<void>;
}

/** Where an execution stands after `advance`: null when it was not due or another worker had it. */
type AdvanceResult = Pick<WorkflowExecutionRow, "status" | "resumeAt"> | null;

type StepOutcome =
  | { kind: "next"; detail: string }
  | { kind: "wait"; until: Date; detail: string }
  | { kind: "retry"; until: Date; detail: string }
  | { kind: "fail"; error: string };

export function createEngine({ database, now, mailer, appOrigin, log: logger, onWaiting }: EngineOptions) {
  const { db } = database;

  /** docs/product-contract.md "Staff area": a trigger needs a real parent and an active workflow. */
  async function trigger(workflowKey: string, userId: string): Promise<Execution> {
    const parent = isUuid(userId) ? await findUserById(db, userId) : null;
    if (!parent) throw notFound("User not found");
    const workflow = await findWorkflowByKey(db, workflowKey);
    if (!workflow) throw notFound("Automation not found");
    if (!workflow.isActive) throw conflict("This automation is turned off");
    const row = await insertExecution(db, { workflowId: workflow.id, userId: parent.id, now: now() });
    const execution = await findExecution(db, row.id);
    if (!execution) throw new Error("execution vanished after insert");
    return execution;
  }

  /** Does the steps that are due now, one transaction per step, until the execution waits, ends or fails. */
  async function advance(id: string): Promise<AdvanceResult> {
    let result: AdvanceResult = null;
    for (;;) {
      const step = await db.transaction((tx) => advanceOneStep(tx, id));
      if (!step) return result;
      result = step;
      if (step.status === "waiting" && step.resumeAt) await onWaiting?.(id, step.resumeAt);
      if (step.status !== "running") return result;
    }
  }

  async function advanceOneStep(tx: Tx, id: string): Promise<AdvanceResult> {
    const at = now();
    const execution = await lockDueExecution(tx, id, at);
    if (!execution) return null;
    const steps = await findWorkflowSteps(tx, execution.workflowId);
    const index = execution.currentStep;
    const step = steps[index];
    const log = [...execution.log];
    const base = { currentStep: index, resumeAt: null, error: null, completedAt: null, updatedAt: at, log };

    if (!step) {
      // Only reached when a wait was the last step, or the workflow lost steps since this run began.
      await updateExecution(tx, id, { ...base, status: "completed", completedAt: at });
      return { status: "completed", resumeAt: null };
    }

    const outcome = await runStep(tx, execution, step, index, at);
    const entry = (detail: string, kind: string = step.kind): ExecutionLogEntry => ({
      step: index,
      kind,
      at: at.toISOString(),
      detail,
    });
    switch (outcome.kind) {
      case "next": {
        log.push(entry(outcome.detail));
        const done = index + 1 >= steps.length;
        await updateExecution(tx, id, {
          ...base,
          status: done ? "completed" : "running",
          currentStep: index + 1,
          completedAt: done ? at : null,
        });
        return { status: done ? "completed" : "running", resumeAt: null };
      }
      case "wait":
        log.push(entry(outcome.detail));
        await updateExecution(tx, id, { ...base, status: "waiting", currentStep: index + 1, resumeAt: outcome.until });
        return { status: "waiting", resumeAt: outcome.until };
      case "retry":
        // The step stays current: when the wait is over the same e-mail is tried again.
        log.push(entry(outcome.detail, "retry"));
        await updateExecution(tx, id, { ...base, status: "waiting", resumeAt: outcome.until });
        return { status: "waiting", resumeAt: outcome.until };
      case "fail":
        log.push(entry(outcome.error));
        await updateExecution(tx, id, { ...base, status: "failed", error: outcome.error });
        logger.warn({ executionId: id, step: index, error: outcome.error }, "automation step failed");
        return { status: "failed", resumeAt: null };
    }
  }

  async function runStep(
    tx: Tx,
    execution: WorkflowExecutionRow,
    step: WorkflowStep,
    index: number,
    at: Date,
  ): Promise<StepOutcome> {
    switch (step.kind) {
      case "send_email":
        return sendEmail(tx, execution, step.template, index, at);
      case "wait": {
        const until = new Date(at.getTime() + step.hours * 3_600_000);
        return { kind: "wait", until, detail: `Waiting ${step.hours} hours, until ${until.toISOString()}` };
      }
      case "create_ticket":
        try {
          // A savepoint, so a failed insert leaves the transaction usable for recording the failure.
          const ticket = await tx.transaction((sp) =>
            openTicket(
              sp,
              {
                userId: execution.userId,
                subject: step.subject,
                description: step.description,
                priority: step.priority,
                executionId: execution.id,
              },
              at,
            ),
          );
          return { kind: "next", detail: `Opened support ticket ${ticket.ticketNumber}` };
        } catch (err) {
          return { kind: "fail", error: `Could not open the support ticket: ${reason(err)}` };
        }
      default:
        return { kind: "fail", error: `Unknown step "${(step as { kind: string }).kind}"` };
    }
  }

  async function sendEmail(
    tx: Tx,
    execution: WorkflowExecutionRow,
    template: string,
    index: number,
    at: Date,
  ): Promise<StepOutcome> {
    const parent = await findUserById(tx, execution.userId);
    if (!parent) return { kind: "fail", error: "The parent's account no longer exists" };
    let content: ReturnType<typeof renderTemplate>;
    try {
      content = renderTemplate(template, { firstName: parent.firstName, appOrigin });
    } catch (err) {
      if (err instanceof UnknownTemplateError) return { kind: "fail", error: err.message };
      throw err;
    }
    try {
      const detail = await mailer.send({ to: parent.email, date: at, ...content });
      return { kind: "next", detail: `Sent the ${template} e-mail to ${parent.email}, ${detail}` };
    } catch (err) {
      const failures = execution.log.filter((e) => e.step === index && e.kind === "retry").length;
      const attempts = failures + 1;
      const delay = EMAIL_RETRY_DELAYS_MS[failures];
      if (delay === undefined) {
        return {
          kind: "fail",
          error: `Could not send the ${template} e-mail after ${attempts} attempts: ${reason(err)}`,
        };
      }
      const until = new Date(at.getTime() + delay);
      return {
        kind: "retry",
        until,
        detail: `Attempt ${attempts} to send the ${template} e-mail failed (${reason(err)}); trying again at ${until.toISOString()}`,
      };
    }
  }

  /** Advances every execution that is due now; answers how many took a step. */
  async function runDue(): Promise<number> {
    const ids = await dueExecutionIds(db, now(), DUE_BATCH);
    let advanced = 0;
    for (const id of ids) {
      try {
        if (await advance(id)) advanced += 1;
      } catch (err) {
        // One execution the database refuses must not hold up the others; the next sweep tries it again.
        logger.error({ err, executionId: id }, "could not advance automation");
      }
    }
    return advanced;
  }

  return { trigger, advance, runDue };
}

const reason = (err: unknown) => (err instanceof Error ? err.message : String(err));
