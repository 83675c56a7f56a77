import { adsAndInAppPurchases } from "./ads-and-in-app-purchases";
import { borrowing } from "./borrowing";
import { checkingAReceipt } from "./checking-a-receipt";
import { comparingPrices } from "./comparing-prices";
import { earningMoney } from "./earning-money";
import { giving } from "./giving";
import { howInterestWorks } from "./how-interest-works";
import { makingAMonthLast } from "./making-a-month-last";
import { needsAndWants } from "./needs-and-wants";
import { safeShoppingAndScams } from "./safe-shopping-and-scams";
import { savingForAGoal } from "./saving-for-a-goal";
import type { Lesson } from "./types";
import { whatThingsReallyCost } from "./what-things-really-cost";

export * from "./types";

/**
 * Every lesson, in the order children see them listed. The order is part of the product: append new
 * lessons at the end, and never reuse or rename an id (progress is stored under it).
 */
export const LESSONS: readonly Lesson[] = [
  needsAndWants,
  makingAMonthLast,
  comparingPrices,
  savingForAGoal,
  earningMoney,
  whatThingsReallyCost,
  howInterestWorks,
  adsAndInAppPurchases,
  safeShoppingAndScams,
  giving,
  borrowing,
  checkingAReceipt,
];

const BY_ID = new Map(LESSONS.map((lesson) => [lesson.id, lesson]));

/** The lesson with this id, or undefined for an unknown one (the routes answer 404). */
export const lessonById = (id: string): Lesson | undefined => BY_ID.get(id);
