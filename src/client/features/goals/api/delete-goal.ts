import { apiRequest } from "@/lib/api";
import { type GoalMutationOptions, goalPath, useGoalMutation } from "./goal-mutation";

/** Its money goes back to this month's budget. */
export const deleteGoal = (goalId: string) => apiRequest("DELETE", goalPath(goalId));

export const useDeleteGoal = (childId: string, options: GoalMutationOptions = {}) =>
  useGoalMutation(childId, deleteGoal, options);
