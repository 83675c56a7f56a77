import type { AdminSetup, AdminUser } from "@shared/schemas/staff";
import { useMutation } from "@tanstack/react-query";
import { adminPublicJson } from "./admin-request";

export const adminSetup = (input: AdminSetup) => adminPublicJson<{ user: AdminUser }>("/api/admin/setup", input);

export function useAdminSetup() {
  return useMutation({ mutationFn: adminSetup });
}
