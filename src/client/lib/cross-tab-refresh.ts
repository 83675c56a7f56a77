import type { Query, QueryClient } from "@tanstack/react-query";

const CHANNEL = "pocketwise:changes";

/**
 * Settings and a child's dashboard open in tabs of their own (spec 000 §2), and data never goes stale on
 * its own (§7): without a word between tabs, the Family Dashboard would show yesterday's budget after the
 * settings tab saved and closed. Each successful write tells the other tabs of this site to refetch.
 * Returns a function that stops listening.
 */
export function shareChangesAcrossTabs(queryClient: QueryClient): () => void {
  if (typeof BroadcastChannel === "undefined") return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = () => {
    void refetchListsFirst(queryClient);
  };
  const unsubscribe = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === "updated" && event.action.type === "success") channel.postMessage("changed");
  });
  return () => {
    unsubscribe();
    channel.close();
  };
}

const isList = (query: Query) => query.queryKey.length === 1;

/**
 * Lists (["/api/children"]) first, then what hangs off one item (["/api/children", id, "chores"]): by then
 * the screen has dropped a child that another tab deleted, so nothing asks for what no longer exists.
 */
async function refetchListsFirst(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ predicate: isList });
  await new Promise((resolve) => setTimeout(resolve, 0));
  await queryClient.invalidateQueries({ predicate: (query) => !isList(query) });
}
