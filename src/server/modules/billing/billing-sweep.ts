import type { FastifyInstance } from "fastify";
import { SUSPEND_AFTER_DAYS } from "../../../shared/schemas/billing";
import { familiesDueForReview } from "./billing.repository";
import { changeBilling } from "./billing.service";
import { suspensionIsDue } from "./plan-state";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The legal pages' rule: after 7 days of failed payment the family has the Free plan's limits until it pays.
 * State, not a timer: every instance looks now and then, and each family is judged again under its lock, so
 * a restart loses nothing and two instances never suspend twice. Granted plan time that has ended is
 * cleared the same way. Answers how many families changed.
 */
export async function suspendDueFamilies(app: FastifyInstance): Promise<number> {
  const now = app.now();
  const due = await familiesDueForReview(app.database.db, now, new Date(now.getTime() - SUSPEND_AFTER_DAYS * DAY_MS));
  let changed = 0;
  for (const familyId of due) {
    try {
      const { before, after } = await changeBilling(app, familyId, (row) => {
        const patch: Record<string, unknown> = {};
        if (suspensionIsDue(row, now)) patch.suspendedAt = now;
        if (row.grantedPlan && row.grantedUntil && row.grantedUntil <= now) {
          patch.grantedPlan = null;
          patch.grantedUntil = null;
        }
        return { patch: Object.keys(patch).length ? patch : null };
      });
      if (before !== after) changed += 1;
    } catch (err) {
      app.log.error({ err, familyId }, "could not review a family's billing");
    }
  }
  return changed;
}
