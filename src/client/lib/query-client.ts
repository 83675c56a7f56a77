import { QueryClient } from "@tanstack/react-query";
import { getQueryFn } from "./api";

// spec 000 §7: data never goes stale, no refetch on focus, no polling unless stated, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
