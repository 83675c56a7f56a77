import type { PushSubscriptionCreate, PushSubscriptionRecord } from "@shared/schemas/push";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

/** POST /api/push/subscriptions: this device's subscription becomes the signed-in adult's. */
export const createPushSubscription = (input: PushSubscriptionCreate) =>
  apiJson<PushSubscriptionRecord>("POST", "/api/push/subscriptions", input);

export const useCreatePushSubscription = () => useMutation({ mutationFn: createPushSubscription });
