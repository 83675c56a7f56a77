import { apiRequest } from "@/lib/api";
import { type CategoryMutationOptions, useCategoryMutation } from "./category-mutation";
import { categoriesPath } from "./get-categories";

export const deleteCategory = (childId: string, categoryId: string) =>
  apiRequest("DELETE", `${categoriesPath(childId)}/${encodeURIComponent(categoryId)}`);

export const useDeleteCategory = (childId: string, options: CategoryMutationOptions = {}) =>
  useCategoryMutation(childId, (categoryId: string) => deleteCategory(childId, categoryId), options);
