import type { User } from "@shared/schemas/auth";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiJson } from "./api";
import { queryKeys } from "./query-keys";
import { askServerNext, probeSession, wasGuessed } from "./session-hint";

/**
 * GET /api/auth/user, the signed-in parent (null when signed out). Shared by the app shell, the header, the
 * nudge and the child dashboard's viewer check, so it lives here rather than in one feature.
 */
export const getUser = () => probeSession("parent", () => apiJson<User>("GET", "/api/auth/user"));

export const getUserQueryOptions = () => queryOptions({ queryKey: queryKeys.user, queryFn: getUser });

/**
 * spec 000 §3: signed in when the auth-user call returns data; a failure means signed out. With `askServer`
 * (protected screens) a null the session hint guessed is asked again, and counts as loading until answered.
 */
export function useAuth({ askServer = false }: { askServer?: boolean } = {}) {
  const { data, isLoading, isFetching } = useQuery(getUserQueryOptions());
  const waiting = useAskServer("parent", queryKeys.user, askServer, data === null, isFetching);
  return { user: data ?? null, isLoading: isLoading || waiting, isAuthenticated: !!data };
}

/**
 * When a screen must have the server's word on a session probe and the cache holds the hint's guess, asks the
 * server; true while that answer is outstanding.
 */
export function useAskServer(
  kind: "parent" | "child",
  queryKey: readonly unknown[],
  enabled: boolean,
  isNull: boolean,
  isFetching: boolean,
): boolean {
  const queryClient = useQueryClient();
  const unasked = enabled && isNull && !isFetching && wasGuessed(kind);
  useEffect(() => {
    if (!unasked) return;
    askServerNext(kind);
    void queryClient.refetchQueries({ queryKey, exact: true });
  }, [unasked, kind, queryKey, queryClient]);
  return enabled && isNull && (unasked || isFetching);
}
