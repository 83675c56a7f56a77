import type { Cart } from "@shared/schemas/carts";
import type { Goal } from "@shared/schemas/goals";
import { apiJson } from "@/lib/api";
import { type GoalMutationOptions, goalPath, useGoalMutation } from "./goal-mutation";

/** A reached goal's money goes back to the budget and an ordinary cart asks for it. */
export const askToBuyGoal = (goalId: string) => apiJson<{ goal: Goal; cart: Cart }>("POST", `${goalPath(goalId)}/cart`);

export const useAskToBuyGoal = (childId: string, options: GoalMutationOptions = {}) =>
  useGoalMutation(childId, askToBuyGoal, options);
