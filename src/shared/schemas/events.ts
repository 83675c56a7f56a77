import type { BadgeType } from "../rules/badges";
import type { CartStatus } from "./carts";

/**
 * docs/product-contract.md "Hearing at once": the names `GET /api/events` sends, fixed by the contract.
 * Each event's data names the record and carries only ids and small fields (docs/decisions/131): a
 * screen refetches what it shows, so an event never has to carry the record itself.
 */
export const LIVE_EVENT_TYPES = [
  "cart.submitted",
  "cart.decided",
  "cart.expired",
  "cart.completed",
  "chore.updated",
  "badge.earned",
  "child.updated",
  "budget.warning",
  "lesson.unlocked",
  "goal.updated",
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

type CartEventData = { cartId: string; childId: string; status: CartStatus };

/** The `data` of each event, by its name. */
export interface LiveEventData {
  "cart.submitted": CartEventData;
  "cart.decided": CartEventData;
  "cart.expired": CartEventData;
  "cart.completed": CartEventData;
  "chore.updated": { choreId: string; childId: string };
  "badge.earned": { childId: string; type: BadgeType };
  /** Also sent when the child is created or deleted. */
  "child.updated": { childId: string };
  /** A child's spending this month passed this share of the month's budget. */
  "budget.warning": { childId: string; percent: BudgetWarningPercent };
  "lesson.unlocked": { childId: string; lessonId: string };
  "goal.updated": { childId: string; goalId: string };
}

/** docs/product-contract.md "Hearing at once": Budget Warnings at 75% and 90% of the month's budget. */
export const BUDGET_WARNING_PERCENTS = [75, 90] as const;
export type BudgetWarningPercent = (typeof BUDGET_WARNING_PERCENTS)[number];

/** One event as a stream delivers it: the SSE id, the event name and its data. */
export type LiveEvent = { [K in LiveEventType]: { id: number; type: K; data: LiveEventData[K] } }[LiveEventType];

export const isLiveEventType = (name: string): name is LiveEventType =>
  (LIVE_EVENT_TYPES as readonly string[]).includes(name);
