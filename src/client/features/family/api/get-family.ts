import type { Family } from "@shared/schemas/family";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const getFamily = () => apiJson<Family>("GET", "/api/family");

export const getFamilyQueryOptions = () => queryOptions({ queryKey: queryKeys.family, queryFn: getFamily });

export function useFamily() {
  return useQuery(getFamilyQueryOptions());
}
