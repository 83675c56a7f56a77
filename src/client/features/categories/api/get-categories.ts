import type { Category } from "@shared/schemas/categories";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

export const categoriesPath = (childId: string) => `/api/children/${encodeURIComponent(childId)}/categories`;

/** GET /api/children/:id/categories: the child's spending categories (the owning parent or the child's session). */
export const getCategories = (childId: string) => apiJson<Category[]>("GET", categoriesPath(childId));

export const getCategoriesQueryOptions = (childId: string) =>
  queryOptions({ queryKey: queryKeys.childCategories(childId), queryFn: () => getCategories(childId) });

export const useCategories = (childId: string) => useQuery(getCategoriesQueryOptions(childId));
