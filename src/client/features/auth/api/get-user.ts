import type { User } from "@shared/schemas/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { getQueryFn } from "@/lib/api";

export const userQueryKey = ["/api/auth/user"] as const;

export const getUserQueryOptions = () =>
  queryOptions({ queryKey: userQueryKey, queryFn: getQueryFn<User>({ on401: "returnNull" }) });

/** spec 000 §3: signed in when the auth-user call returns data; a failure means signed out. */
export function useAuth() {
  const { data, isLoading } = useQuery(getUserQueryOptions());
  return { user: data ?? null, isLoading, isAuthenticated: !!data };
}
