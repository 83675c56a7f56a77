import type { LoginCode } from "@shared/schemas/kid-auth";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const createLoginCode = (childId: string) =>
  apiJson<LoginCode>("POST", `/api/children/${encodeURIComponent(childId)}/login-code`);

export const useCreateLoginCode = (childId: string) => useMutation({ mutationFn: () => createLoginCode(childId) });
