/*
 * The budget write path (decision 125): every write that reads and changes a family's money or counts
 * goes through this module. It takes the family locks in their one order (003), keeps the month's
 * derived figures (001), the plan's purchase count and the badges earned inside the transaction (033),
 * and runs the group commit (110) with its one prepared write (111). Services decide; this module writes.
 * Other modules import from this file only.
 */

export { earnedBadgeRows, judgeEndedMonth, reviewEndedMonth, withEndedMonthsReviewed } from "./badges";
export type { BudgetChanges } from "./budget-write";
export { writeBudgetChanges } from "./budget-write";
export { onBudgetCommit } from "./commits";
export { inChildTransaction, inFamilyTransaction, lockDueCarts } from "./family-lock";
export { changeCartBudget, changeChildBudget, changeFamilyBudget, type Decided, familyBatcher } from "./family-writes";
export { categorySpent, monthAmounts, monthlyPurchasesUsed } from "./month-figures";
export { itemAmount, MAX_AMOUNT_CENTS, namesCategories, purchaseChanges, sharesByCategory } from "./purchases";
