import type { Consent, ConsentCreate } from "@shared/schemas/public-forms";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";

export const createConsent = (data: ConsentCreate) => apiJson<Consent>("POST", "/api/consents", data);

export function useCreateConsent() {
  return useMutation({ mutationFn: createConsent });
}
