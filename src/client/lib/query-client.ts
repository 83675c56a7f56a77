import { QueryClient } from "@tanstack/react-query";

// spec 000 §7: data never goes stale, no refetch on focus, no polling unless stated, no retries.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
