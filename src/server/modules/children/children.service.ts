import type { FastifyInstance, FastifyRequest } from "fastify";
import { consentStatusAfterAgeChange, consentStatusForNewChild, maySignIn } from "../../../shared/rules/consent-status";
import { parseCents } from "../../../shared/rules/money";
import { canAddActiveChild, childLimitMessage } from "../../../shared/rules/plans";
import { type ChildCreate, type ChildUpdate, LIMIT_OVER_BUDGET_MESSAGE } from "../../../shared/schemas/children";
import type { Db } from "../../db/client";
import type { ChildRow } from "../../db/schema";
import { endChildSignIns } from "../../lib/child-sign-ins";
import { codedError, HttpError, notFound } from "../../lib/http-errors";
import { monthKey } from "../../lib/month";
import { assertActorMaySee, familyOf, requireActor } from "../../plugins/auth";
import { changeChildBudget, inFamilyTransaction, reviewEndedMonth, withEndedMonthsReviewed } from "../budget/budget";
import { type EventInsert, publishEvent } from "../events/events";
import { countActiveChildren, deleteChild, findFamilyChild, insertChild } from "./children.repository";

// kid-auth reads the month-end review from here; it belongs to the budget module (decision 125).

export const CHILD_NOT_FOUND = "Child not found";

/** docs/product-contract.md "Hearing at once": a child made, changed or deleted is heard by the family and the child. */
const childUpdated = (child: ChildRow): EventInsert => ({
  type: "child.updated",
  familyId: child.parentId,
  childId: child.id,
  data: { childId: child.id },
});

/** Deletes the child and all their data (the cascade); false when a racing deletion did it first. */
export function deleteFamilyChild(db: Db, child: ChildRow) {
  return db.transaction(async (tx) => {
    if (!(await deleteChild(tx, child.id))) return false;
    await publishEvent(tx, childUpdated(child));
    return true;
  });
}

type ParsedCreate = Required<
  Omit<{ [K in keyof ChildCreate]: Exclude<ChildCreate[K], undefined> }, "autoApprovalLimit">
> & {
  age: number;
  autoApprovalLimit?: string;
};

const DEFAULT_AUTO_APPROVAL_LIMIT = 1000;

/** Creates a child under the plan's limit; the parent row lock makes concurrent creates count correctly. */
export async function createChild(app: FastifyInstance, parentId: string, input: ParsedCreate) {
  return inFamilyTransaction(app, parentId, async (tx, user) => {
    if (!canAddActiveChild(user.subscriptionTier, await countActiveChildren(tx, parentId))) {
      throw codedError(403, "child_limit", childLimitMessage(user.subscriptionTier));
    }
    const now = app.now();
    const row = await insertChild(tx, {
      parentId,
      name: input.name,
      age: input.age,
      consentStatus: consentStatusForNewChild(input.age),
      profileColor: input.profileColor.toUpperCase(),
      monthlyBudget: parseCents(input.monthlyBudget),
      autoApprovalLimit:
        input.autoApprovalLimit !== undefined
          ? parseCents(input.autoApprovalLimit)
          : Math.min(DEFAULT_AUTO_APPROVAL_LIMIT, parseCents(input.monthlyBudget)),
      // The month the child joins is not a whole month, so it never counts for month-end badges.
      reviewedMonth: monthKey(now),
      createdAt: now,
      updatedAt: now,
    });
    await publishEvent(tx, childUpdated(row));
    return row;
  });
}

type ParsedUpdate = Omit<ChildUpdate, "age"> & { age?: number };

/**
 * Saves any subset of a child's settings. Runs under the family lock and the child's row lock (the
 * budget module's) so a budget change never interleaves with an approval that reads the budget.
 */
export async function updateChildSettings(
  app: FastifyInstance,
  parentId: string,
  childId: string,
  input: ParsedUpdate,
) {
  return changeChildBudget(app, parentId, childId, CHILD_NOT_FOUND, async (tx, { user, child: locked }) => {
    const now = app.now();
    // Last month is judged against last month's budget, before this change replaces it.
    const child = await reviewEndedMonth(tx, locked, now);

    const monthlyBudget = input.monthlyBudget !== undefined ? parseCents(input.monthlyBudget) : child.monthlyBudget;
    const autoApprovalLimit =
      input.autoApprovalLimit !== undefined ? parseCents(input.autoApprovalLimit) : child.autoApprovalLimit;
    if (autoApprovalLimit > monthlyBudget) {
      throw new HttpError(400, LIMIT_OVER_BUDGET_MESSAGE, [
        { field: "autoApprovalLimit", message: LIMIT_OVER_BUDGET_MESSAGE },
      ]);
    }
    if (input.isActive === true && !child.isActive) {
      if (!canAddActiveChild(user.subscriptionTier, await countActiveChildren(tx, parentId))) {
        throw codedError(403, "child_limit", childLimitMessage(user.subscriptionTier));
      }
    }

    const { monthlyBudget: _b, autoApprovalLimit: _l, ...rest } = input;
    const consentStatus =
      input.age !== undefined ? consentStatusAfterAgeChange(child.consentStatus, input.age) : child.consentStatus;
    // A child who now needs consent (their age was lowered under 13) is signed out everywhere until a parent gives it.
    if (maySignIn(child.consentStatus) && !maySignIn(consentStatus)) await endChildSignIns(tx, child.id);
    const updated: ChildRow = {
      ...child,
      ...definedOnly(rest),
      ...(rest.profileColor ? { profileColor: rest.profileColor.toUpperCase() } : {}),
      monthlyBudget,
      autoApprovalLimit,
      consentStatus,
      updatedAt: now,
    };
    return { result: updated, changes: { childSettings: [updated], events: [childUpdated(updated)] } };
  });
}

/** The child the request may read: the owning parent's (404 otherwise), or a child session's own (403 otherwise). */
export async function findVisibleChild(app: FastifyInstance, req: FastifyRequest, childId: string) {
  const actor = requireActor(req);
  assertActorMaySee(actor, childId);
  const parentId = familyOf(actor);
  const child = await findFamilyChild(app.database.db, parentId, childId);
  if (!child) throw notFound(CHILD_NOT_FOUND);
  const [reviewed] = await withEndedMonthsReviewed(app, parentId, [child]);
  if (!reviewed) throw notFound(CHILD_NOT_FOUND);
  return reviewed;
}

/** The fields a partial update names; an absent field keeps the child's value. */
const definedOnly = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
