import type { AdminFamilyRow } from "@shared/schemas/admin-families";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { getAdminPage } from "./admin-page";
import { familyKeys } from "./family-query-keys";

const FAMILIES_SHOWN = 20;

/** GET /api/admin/families?email=: families newest first, those with an adult whose e-mail starts with `email`. */
export const getFamilies = (url: string) => getAdminPage<AdminFamilyRow>(url);

const firstPage = (email: string) =>
  `/api/admin/families?${new URLSearchParams({ ...(email && { email }), limit: String(FAMILIES_SHOWN) })}`;

export const getFamiliesQueryOptions = (email: string) =>
  infiniteQueryOptions({
    queryKey: familyKeys.list(email),
    queryFn: ({ pageParam }) => getFamilies(pageParam),
    initialPageParam: firstPage(email),
    getNextPageParam: (last) => last.next ?? undefined,
  });

export function useFamilies(email: string) {
  return useInfiniteQuery(getFamiliesQueryOptions(email));
}
