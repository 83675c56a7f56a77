import type { AdminFamily } from "@shared/schemas/admin-families";
import type { SubscriptionTier } from "@shared/schemas/usage";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminJson } from "./admin-request";
import { familyKeys } from "./family-query-keys";

/** PATCH /api/admin/families/{id}/plan {plan}: answers the family, its new audit entry first. */
export const setFamilyPlan = ({ id, plan }: { id: string; plan: SubscriptionTier }) =>
  adminJson<AdminFamily>("PATCH", `/api/admin/families/${encodeURIComponent(id)}/plan`, { plan });

export function useSetFamilyPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFamilyPlan,
    onSuccess: (family) => {
      queryClient.setQueryData(familyKeys.detail(family.id), family);
      // The answer is the family as it now is; the list's plan column and the staff log change too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: familyKeys.lists }),
        queryClient.invalidateQueries({ queryKey: familyKeys.audit }),
      ]);
    },
  });
}
