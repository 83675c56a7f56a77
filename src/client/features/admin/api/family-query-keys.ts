import { queryKeys } from "@/lib/query-keys";

/** Under the staff area's key, so signing out clears them with the rest of the dashboard's data. */
export const familyKeys = {
  all: [...queryKeys.admin.all, "families"] as const,
  lists: [...queryKeys.admin.all, "families", "list"] as const,
  list: (email: string) => [...queryKeys.admin.all, "families", "list", email] as const,
  detail: (id: string) => [...queryKeys.admin.all, "families", "detail", id] as const,
  audit: [...queryKeys.admin.all, "families", "audit"] as const,
};
