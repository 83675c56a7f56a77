import type { Goal, GoalCreate } from "@shared/schemas/goals";
import { apiJson } from "@/lib/api";
import { type GoalMutationOptions, useGoalMutation } from "./goal-mutation";

export const createGoal = (childId: string, input: GoalCreate) =>
  apiJson<Goal>("POST", `/api/children/${encodeURIComponent(childId)}/goals`, input);

export const useCreateGoal = (childId: string, options: GoalMutationOptions = {}) =>
  useGoalMutation(childId, (input: GoalCreate) => createGoal(childId, input), options);
