import type { PendingCart } from "@shared/schemas/carts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getLinkedPage } from "@/lib/link-pages";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/carts/pending: a page at a time, newest first; "Show more" follows the Link header (docs/decisions/164). */
export const getPendingCartsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.pendingCarts,
    queryFn: ({ pageParam }) => getLinkedPage<PendingCart>(pageParam),
    initialPageParam: "/api/carts/pending",
    getNextPageParam: (last) => last.next ?? undefined,
    select: (data) => data.pages.flatMap((p) => p.items),
  });

export function usePendingCarts() {
  return useInfiniteQuery(getPendingCartsQueryOptions());
}
