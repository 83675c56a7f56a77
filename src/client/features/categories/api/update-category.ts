import type { Category, CategoryUpdate } from "@shared/schemas/categories";
import { apiJson } from "@/lib/api";
import { type CategoryMutationOptions, useCategoryMutation } from "./category-mutation";
import { categoriesPath } from "./get-categories";

export const updateCategory = (childId: string, categoryId: string, input: CategoryUpdate) =>
  apiJson<Category>("PATCH", `${categoriesPath(childId)}/${encodeURIComponent(categoryId)}`, input);

export const useUpdateCategory = (childId: string, options: CategoryMutationOptions = {}) =>
  useCategoryMutation(
    childId,
    ({ id, ...input }: CategoryUpdate & { id: string }) => updateCategory(childId, id, input),
    options,
  );
