import type { Category, CategoryCreate } from "@shared/schemas/categories";
import { apiJson } from "@/lib/api";
import { type CategoryMutationOptions, useCategoryMutation } from "./category-mutation";
import { categoriesPath } from "./get-categories";

export const createCategory = (childId: string, input: CategoryCreate) =>
  apiJson<Category>("POST", categoriesPath(childId), input);

export const useCreateCategory = (childId: string, options: CategoryMutationOptions = {}) =>
  useCategoryMutation(childId, (input: CategoryCreate) => createCategory(childId, input), options);
