import type { User } from "@shared/schemas/auth";
import type { KidSession } from "@shared/schemas/kid-auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api";

export const kidMeQueryKey = ["/api/kid/me"] as const;

export const getKidMeQueryOptions = () =>
  queryOptions({ queryKey: kidMeQueryKey, queryFn: getQueryFn<KidSession>({ on401: "returnNull" }) });

export const useKidMe = () => useQuery(getKidMeQueryOptions());

export type Viewer = "parent" | "child" | "none";

/**
 * Who is looking at a child's screens: the parent (GET /api/auth/user answers), the child's own
 * session (GET /api/kid/me answers that child), or neither. Undefined while either probe loads.
 */
export function useViewer(childId: string): Viewer | undefined {
  const parent = useQuery({ queryKey: ["/api/auth/user"], queryFn: getQueryFn<User>({ on401: "returnNull" }) });
  const kid = useKidMe();
  if (parent.isLoading || kid.isLoading) return undefined;
  if (parent.data) return "parent";
  if (kid.data?.child.id === childId) return "child";
  return "none";
}
