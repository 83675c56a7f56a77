import type { Chore, ChoreCreate, ChoreUpdate } from "@shared/schemas/chores";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api";

const chorePath = (choreId: string) => `/api/chores/${encodeURIComponent(choreId)}`;

export const createChore = (childId: string, input: ChoreCreate) =>
  apiJson<Chore>("POST", `/api/children/${encodeURIComponent(childId)}/chores`, input);
export const updateChore = (choreId: string, input: ChoreUpdate) => apiJson<Chore>("PATCH", chorePath(choreId), input);
export const deleteChore = (choreId: string) => apiRequest("DELETE", chorePath(choreId));
/** The child says it is done; the reward waits for a parent. */
export const completeChore = (choreId: string) => apiJson<Chore>("POST", `${chorePath(choreId)}/complete`);
/** The parent confirms; the reward raises the child's budget this month (decisions.md). */
export const confirmChore = (choreId: string) => apiJson<Chore>("POST", `${chorePath(choreId)}/confirm`);

/** Runs after a change succeeds, even when the refresh removes the control that started it. */
export interface ChoreMutationOptions {
  onDone?: () => void;
}

/** Chore changes reach the child's chores, budget (confirmed rewards) and badges, all under one key prefix. */
function useChoreMutation<T>(childId: string, fn: (arg: T) => Promise<unknown>, { onDone }: ChoreMutationOptions) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      onDone?.();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ["/api/children", childId] }),
        queryClient.invalidateQueries({ queryKey: ["/api/children"], exact: true }),
      ]);
    },
  });
}

export const useCreateChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, (input: ChoreCreate) => createChore(childId, input), options);
export const useUpdateChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, ({ id, ...input }: ChoreUpdate & { id: string }) => updateChore(id, input), options);
export const useDeleteChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, deleteChore, options);
export const useCompleteChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, completeChore, options);
export const useConfirmChore = (childId: string, options: ChoreMutationOptions = {}) =>
  useChoreMutation(childId, confirmChore, options);
