import type { Category } from "@shared/schemas/categories";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiRequestError, apiJson } from "@/lib/api";

export const childCategoriesQueryKey = (childId: string) => ["/api/children", childId, "categories"] as const;

/** The categories an item can be filed under; a session that may not read them sees none. */
export const getChildCategories = async (childId: string): Promise<Category[]> => {
  try {
    return await apiJson<Category[]>("GET", `/api/children/${encodeURIComponent(childId)}/categories`);
  } catch (err) {
    if (err instanceof ApiRequestError && (err.status === 403 || err.status === 404)) return [];
    throw err;
  }
};

export const getChildCategoriesQueryOptions = (childId: string) =>
  queryOptions({ queryKey: childCategoriesQueryKey(childId), queryFn: () => getChildCategories(childId) });

export const useChildCategories = (childId: string) => useQuery(getChildCategoriesQueryOptions(childId));
