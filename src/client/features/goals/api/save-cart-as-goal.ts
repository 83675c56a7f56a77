import type { Goal } from "@shared/schemas/goals";
import { apiJson } from "@/lib/api";
import { type GoalMutationOptions, useGoalMutation } from "./goal-mutation";

/** POST /api/carts/:id/goal: a declined cart becomes a goal (again: the goal it already became). */
export const saveCartAsGoal = (cartId: string) =>
  apiJson<Goal>("POST", `/api/carts/${encodeURIComponent(cartId)}/goal`);

export const useSaveCartAsGoal = (childId: string, options: GoalMutationOptions = {}) =>
  useGoalMutation(childId, saveCartAsGoal, options);
