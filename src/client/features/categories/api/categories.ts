import type { Category, CategoryCreate, CategoryUpdate } from "@shared/schemas/categories";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest } from "@/lib/api";

export const categoriesQueryKey = (childId: string) => ["/api/children", childId, "categories"] as const;

const base = (childId: string) => `/api/children/${encodeURIComponent(childId)}/categories`;

export const getCategories = (childId: string) => apiJson<Category[]>("GET", base(childId));
export const createCategory = (childId: string, input: CategoryCreate) =>
  apiJson<Category>("POST", base(childId), input);
export const updateCategory = (childId: string, categoryId: string, input: CategoryUpdate) =>
  apiJson<Category>("PATCH", `${base(childId)}/${encodeURIComponent(categoryId)}`, input);
export const deleteCategory = (childId: string, categoryId: string) =>
  apiRequest("DELETE", `${base(childId)}/${encodeURIComponent(categoryId)}`);

export const getCategoriesQueryOptions = (childId: string) =>
  queryOptions({ queryKey: categoriesQueryKey(childId), queryFn: () => getCategories(childId) });

export const useCategories = (childId: string) => useQuery(getCategoriesQueryOptions(childId));

/** Runs after a change succeeds, even when the refresh removes the control that started it. */
export interface CategoryMutationOptions {
  onDone?: () => void;
}

function useCategoryMutation<T>(
  childId: string,
  fn: (arg: T) => Promise<unknown>,
  { onDone }: CategoryMutationOptions,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      onDone?.();
      return queryClient.invalidateQueries({ queryKey: categoriesQueryKey(childId) });
    },
  });
}

export const useCreateCategory = (childId: string, options: CategoryMutationOptions = {}) =>
  useCategoryMutation(childId, (input: CategoryCreate) => createCategory(childId, input), options);
export const useUpdateCategory = (childId: string, options: CategoryMutationOptions = {}) =>
  useCategoryMutation(
    childId,
    ({ id, ...input }: CategoryUpdate & { id: string }) => updateCategory(childId, id, input),
    options,
  );
export const useDeleteCategory = (childId: string, options: CategoryMutationOptions = {}) =>
  useCategoryMutation(childId, (categoryId: string) => deleteCategory(childId, categoryId), options);
