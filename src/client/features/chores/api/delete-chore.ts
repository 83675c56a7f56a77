import { apiRequest } from "@/lib/api";
import { type ChoreMutationOptions, chorePath, useChoreMutation } from "./chore-mutation";

export const deleteChore = (choreId: string) => apiRequest("DELETE", chorePath(choreId));

export const useDeleteChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, deleteChore, options);
