import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";

/** DELETE /api/push/subscriptions: the server stops sending to this device. */
export const deletePushSubscription = (endpoint: string) =>
  apiRequest("DELETE", "/api/push/subscriptions", { endpoint });

export const useDeletePushSubscription = () => useMutation({ mutationFn: deletePushSubscription });
