import type { Execution } from "@shared/schemas/staff";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { adminJson } from "./admin-request";

export type TriggerKind = "onboarding" | "payment-recovery";

export const triggerAutomation = ({ kind, userId }: { kind: TriggerKind; userId: string }) =>
  adminJson<Execution>("POST", `/api/admin/trigger/${kind}`, { userId });

/** spec 001 §7: after a trigger the dashboard's data reloads. */
export function useTriggerAutomation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triggerAutomation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
  });
}
