import type { KidSession } from "@shared/schemas/kid-auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { getUserQueryOptions, useAskServer } from "@/lib/auth";
import { queryKeys } from "@/lib/query-keys";
import { probeSession } from "@/lib/session-hint";

/** GET /api/kid/me: the child's own session, or null when there is none. */
export const getKidMe = () => probeSession("child", () => apiJson<KidSession>("GET", "/api/kid/me"));

export const getKidMeQueryOptions = () => queryOptions({ queryKey: queryKeys.kidMe, queryFn: getKidMe });

export const useKidMe = () => useQuery(getKidMeQueryOptions());

export type Viewer = "parent" | "child" | "none";

/**
 * Who is looking at a child's screens: the parent (GET /api/auth/user answers), the child's own
 * session (GET /api/kid/me answers that child), or neither. Undefined while either probe loads. Here the
 * server answers, whatever the session hint guessed.
 */
export function useViewer(childId: string): Viewer | undefined {
  const parent = useQuery(getUserQueryOptions());
  const kid = useKidMe();
  // A probe's guess is checked only once the other has found no session, so a known viewer costs no 401.
  const parentWaits = useAskServer(
    "parent",
    queryKeys.user,
    kid.data === null,
    parent.data === null,
    parent.isFetching,
  );
  const kidWaits = useAskServer("child", queryKeys.kidMe, parent.data === null, kid.data === null, kid.isFetching);
  if (parent.isLoading || kid.isLoading || parentWaits || kidWaits) return undefined;
  if (parent.data) return "parent";
  if (kid.data?.child.id === childId) return "child";
  return "none";
}
