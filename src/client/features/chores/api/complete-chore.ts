import type { Chore } from "@shared/schemas/chores";
import { apiJson } from "@/lib/api";
import { type ChoreMutationOptions, chorePath, useChoreMutation } from "./chore-mutation";

/** The child says it is done; the reward waits for a parent. */
export const completeChore = (choreId: string) => apiJson<Chore>("POST", `${chorePath(choreId)}/complete`);

export const useCompleteChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, completeChore, options);
