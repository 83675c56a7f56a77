import type { Chore, ChoreCreate } from "@shared/schemas/chores";
import { apiJson } from "@/lib/api";
import { type ChoreMutationOptions, useChoreMutation } from "./chore-mutation";

export const createChore = (childId: string, input: ChoreCreate) =>
  apiJson<Chore>("POST", `/api/children/${encodeURIComponent(childId)}/chores`, input);

export const useCreateChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, (input: ChoreCreate) => createChore(childId, input), options);
