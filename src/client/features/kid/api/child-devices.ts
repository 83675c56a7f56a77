import type { ChildDevice } from "@shared/schemas/kid-auth";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

const devicesPath = (childId: string) => `/api/children/${encodeURIComponent(childId)}/devices`;

export const childDevicesQueryOptions = (childId: string) =>
  queryOptions({
    queryKey: queryKeys.childDevices(childId),
    queryFn: () => apiJson<ChildDevice[]>("GET", devicesPath(childId)),
  });

export const useChildDevices = (childId: string) => useQuery(childDevicesQueryOptions(childId));

/** Signs the child out on one device at once; the list is read again whatever the answer. */
export function useForgetChildDevice(childId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deviceId: string) =>
      apiJson<void>("DELETE", `${devicesPath(childId)}/${encodeURIComponent(deviceId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.childDevices(childId) }),
  });
}
