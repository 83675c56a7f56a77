import type { AdminLoginResponse } from "@shared/schemas/staff";
import { useMutation } from "@tanstack/react-query";
import { adminPublicJson } from "./admin-request";

export type AdminCredentials = { email: string; password: string };

export const adminLogin = (input: AdminCredentials) => adminPublicJson<AdminLoginResponse>("/api/admin/login", input);

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
