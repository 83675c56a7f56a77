import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { Spinner } from "@/components/ui/spinner";
import { redirectToLogin } from "@/features/auth/unauthorized";
import { isUnauthorizedError } from "@/lib/api";
import { useAuth } from "@/lib/auth";
import { useLiveEvents } from "@/lib/live-events";

/**
 * spec 000 §8: on a protected screen any read or write that answers 401 Unauthorized (an expired
 * session, a sign-out in another tab) sends the browser to sign in again.
 */
export function useUnauthorizedRedirect() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const queries = queryClient.getQueryCache();
    const mutations = queryClient.getMutationCache();
    if (queries.getAll().some((q) => isUnauthorizedError(q.state.error))) redirectToLogin();
    const offQueries = queries.subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && isUnauthorizedError(event.action.error)) {
        redirectToLogin();
      }
    });
    const offMutations = mutations.subscribe((event) => {
      if (event.type === "updated" && event.action.type === "error" && isUnauthorizedError(event.action.error)) {
        redirectToLogin();
      }
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [queryClient]);
}

/**
 * Renders its children for a signed-in parent, whose screens hear the family's events; anyone else gets the
 * spinner, the toast and the sign-in flow.
 */
export function RequireParent({ children }: { children: ReactNode }) {
  const { user, isLoading } = useAuth({ askServer: true });
  useUnauthorizedRedirect();
  useLiveEvents(user ? "parent" : null);
  useEffect(() => {
    if (!isLoading && !user) redirectToLogin();
  }, [isLoading, user]);
  if (!user) return <Spinner className="min-h-[60vh]" />;
  return children;
}
