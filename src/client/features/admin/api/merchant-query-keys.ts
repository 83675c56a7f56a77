import { queryKeys } from "@/lib/query-keys";

/** Under the staff area's key, so signing out clears them with the rest of the dashboard's data. */
export const merchantKeys = {
  all: [...queryKeys.admin.all, "merchants"] as const,
  deliveries: (merchantId: string) => [...queryKeys.admin.all, "merchants", merchantId, "deliveries"] as const,
};
