import type { Chore } from "@shared/schemas/chores";
import { apiJson } from "@/lib/api";
import { type ChoreMutationOptions, chorePath, useChoreMutation } from "./chore-mutation";

/** The parent confirms; the reward raises the child's budget this month (docs/product-contract.md "Chores, badges, categories"). */
export const confirmChore = (choreId: string) => apiJson<Chore>("POST", `${chorePath(choreId)}/confirm`);

export const useConfirmChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, confirmChore, options);
