import type { Child, ChildCreate } from "@shared/schemas/children";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** spec 000 §7 sends a parentId; the server ignores it and uses the session (docs/product-contract.md "Ownership and roles"). */
export type CreateChildInput = ChildCreate & { parentId?: string };

export const createChild = (input: CreateChildInput) => apiJson<Child>("POST", "/api/children", input);

export function useCreateChild() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChild,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.children }),
  });
}
