import type { Goal, GoalContributionCreate } from "@shared/schemas/goals";
import { apiJson } from "@/lib/api";
import { type GoalMutationOptions, goalPath, useGoalMutation } from "./goal-mutation";

/** The child's money from this month's budget left, or (`source: "match"`) a guardian's own. */
export const addToGoal = (goalId: string, input: GoalContributionCreate) =>
  apiJson<Goal>("POST", `${goalPath(goalId)}/contributions`, input);

export const useAddToGoal = (childId: string, options: GoalMutationOptions = {}) =>
  useGoalMutation(
    childId,
    ({ goalId, ...input }: GoalContributionCreate & { goalId: string }) => addToGoal(goalId, input),
    options,
  );
