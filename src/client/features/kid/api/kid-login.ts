import type { KidSession } from "@shared/schemas/kid-auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** Codes are shown in capitals and may be typed with spaces or dashes; the server gets the 8 characters. */
export const normalizeCode = (raw: string) => raw.replace(/[^0-9a-z]/gi, "").toUpperCase();

/** `remember`: stay signed in on this browser for 30 days, renewed by use (docs/decisions/147). */
export const kidLogin = ({ code, remember }: { code: string; remember?: boolean }) =>
  apiJson<KidSession>("POST", "/api/kid/login", { code: normalizeCode(code), ...(remember && { remember: true }) });

export function useKidLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kidLogin,
    // A new session replaces whoever was signed in on this device.
    onSuccess: (session) => {
      queryClient.clear();
      queryClient.setQueryData(queryKeys.kidMe, session);
    },
  });
}
