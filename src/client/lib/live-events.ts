import { isLiveEventType, LIVE_EVENT_TYPES, type LiveEvent } from "@shared/schemas/events";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "./query-keys";

/**
 * docs/product-contract.md "Hearing at once" and docs/decisions/131: a signed-in screen keeps one
 * `GET /api/events` stream open and, for each event, refetches exactly the cached reads that show what
 * the event names. Reads never go stale on their own (query-client.ts) and nothing polls: this is how a
 * parent's dashboard learns of a cart the child sent from another device.
 */

/** The cached reads an event changes: each is refetched on its own, never what merely shares its prefix. */
export function staleKeys(event: LiveEvent): QueryKey[] {
  switch (event.type) {
    case "cart.submitted":
    case "cart.decided":
    case "cart.expired": {
      const { childId, status } = event.data;
      const lists = [queryKeys.pendingCarts, queryKeys.childCarts(childId)];
      // An approval moves the month's figures: the child's spending, its categories', the plan's count.
      if (status !== "approved") return lists;
      return [
        ...lists,
        queryKeys.children,
        queryKeys.child(childId),
        queryKeys.childCategories(childId),
        queryKeys.usage,
      ];
    }
    case "cart.completed":
      return [queryKeys.childCarts(event.data.childId)];
    case "chore.updated": {
      const { childId } = event.data;
      // A confirmed chore's reward raises the month's budget that the child's figures show.
      return [queryKeys.childChores(childId), queryKeys.children, queryKeys.child(childId)];
    }
    case "badge.earned":
      return [queryKeys.childAchievements(event.data.childId)];
    case "child.updated":
      return [queryKeys.children, queryKeys.child(event.data.childId)];
    case "budget.warning":
      return [queryKeys.child(event.data.childId)];
    // A goal's money moves the month's budget left, so the child's figures are refetched with its goals.
    case "goal.updated":
      return [queryKeys.child(event.data.childId), queryKeys.children];
    // The child's lesson list shows the new one as it unlocks.
    case "lesson.unlocked":
      return [queryKeys.childLessons(event.data.childId)];
  }
}

/** The event a message carries, or null for one this client cannot read. */
export function toLiveEvent(type: string, id: string, data: string): LiveEvent | null {
  if (!isLiveEventType(type)) return null;
  try {
    const parsed = JSON.parse(data) as { childId?: unknown };
    return typeof parsed?.childId === "string" ? ({ id: Number(id), type, data: parsed } as LiveEvent) : null;
  } catch {
    return null;
  }
}

/**
 * The last event id this page heard, kept across streams: a screen that closes its stream and a next one
 * that opens another (a change of page) ask the server to replay what came in between. EventSource sends
 * Last-Event-ID itself only when it reconnects on its own.
 */
let lastEventId: string | null = null;

/**
 * Opens the stream and refetches what each event changes. EventSource reconnects by itself after a
 * network error; `onRefused` is called when it gives up instead (the server answered other than 200:
 * 401 once signed out, 429 with too many tabs open). Answers the function that closes it.
 */
export function connectLiveEvents(queryClient: QueryClient, handlers: { onOpen(): void; onRefused(): void }) {
  const url = lastEventId === null ? "/api/events" : `/api/events?lastEventId=${encodeURIComponent(lastEventId)}`;
  const source = new EventSource(url);
  const heard = (message: MessageEvent<string>) => {
    if (message.lastEventId) lastEventId = message.lastEventId;
    const event = toLiveEvent(message.type, message.lastEventId, message.data);
    if (!event) return;
    for (const queryKey of staleKeys(event)) void queryClient.invalidateQueries({ queryKey, exact: true });
  };
  for (const type of LIVE_EVENT_TYPES) source.addEventListener(type, heard);
  source.onopen = () => handlers.onOpen();
  source.onerror = () => {
    if (source.readyState === EventSource.CLOSED) handlers.onRefused();
  };
  return () => source.close();
}

/** After a refusal, the next try waits this long, doubling up to the last. */
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60_000;

/**
 * Keeps one stream open while `viewer` names a signed-in session: the parent's, or the child's own; none
 * for `null` (signed out, or not known yet), and it closes on sign-out. When the server refuses it, the
 * session is asked for again (a 401 there signs the screen out, and this closes) and the stream tried
 * again later.
 */
export function useLiveEvents(viewer: "parent" | "child" | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!viewer) return;
    let close = () => {};
    let retry: ReturnType<typeof setTimeout> | undefined;
    let waitMs = FIRST_RETRY_MS;
    const open = () => {
      close = connectLiveEvents(queryClient, {
        onOpen: () => {
          waitMs = FIRST_RETRY_MS;
        },
        onRefused: () => {
          const session = viewer === "parent" ? queryKeys.user : queryKeys.kidMe;
          void queryClient.invalidateQueries({ queryKey: session, exact: true });
          retry = setTimeout(open, waitMs);
          waitMs = Math.min(waitMs * 2, LAST_RETRY_MS);
        },
      });
    };
    open();
    return () => {
      clearTimeout(retry);
      close();
    };
  }, [viewer, queryClient]);
}
