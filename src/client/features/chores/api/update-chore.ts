import type { Chore, ChoreUpdate } from "@shared/schemas/chores";
import { apiJson } from "@/lib/api";
import { type ChoreMutationOptions, chorePath, useChoreMutation } from "./chore-mutation";

export const updateChore = (choreId: string, input: ChoreUpdate) => apiJson<Chore>("PATCH", chorePath(choreId), input);

export const useUpdateChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, ({ id, ...input }: ChoreUpdate & { id: string }) => updateChore(id, input), options);
