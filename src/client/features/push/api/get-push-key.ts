import type { PushKey } from "@shared/schemas/push";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/push/key: the key a subscription on this device must be made with. */
export const getPushKey = () => apiJson<PushKey>("GET", "/api/push/key");

// The key changes only when the server's operator replaces it, which ends every subscription anyway.
export const getPushKeyQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.pushKey, queryFn: getPushKey, staleTime: Number.POSITIVE_INFINITY });

/** `enabled: false` where the browser has no Push API: it would have no use for the key. */
export const usePushKey = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getPushKeyQueryOptions(), enabled });
