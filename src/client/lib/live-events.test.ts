import type { LiveEvent } from "@shared/schemas/events";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, test, vi } from "vitest";
import { connectLiveEvents, staleKeys, toLiveEvent } from "./live-events";
import { queryKeys } from "./query-keys";

const childId = "c1";
const cart = (status: string) => ({ cartId: "k1", childId, status });
const spending = [queryKeys.children, queryKeys.child(childId), queryKeys.childCategories(childId), queryKeys.usage];
const cartLists = [queryKeys.pendingCarts, queryKeys.childCarts(childId)];

describe("staleKeys: what each event makes the screens refetch", () => {
  test.each([
    ["cart.submitted", cart("pending"), cartLists],
    ["cart.submitted", cart("approved"), [...cartLists, ...spending]],
    ["cart.decided", cart("approved"), [...cartLists, ...spending]],
    ["cart.decided", cart("declined"), cartLists],
    ["cart.expired", cart("declined"), cartLists],
    ["cart.completed", cart("completed"), [queryKeys.childCarts(childId)]],
    [
      "chore.updated",
      { choreId: "h1", childId },
      [queryKeys.childChores(childId), queryKeys.children, queryKeys.child(childId)],
    ],
    ["badge.earned", { childId, type: "first_cart" }, [queryKeys.childAchievements(childId)]],
    ["child.updated", { childId }, [queryKeys.children, queryKeys.child(childId)]],
    ["budget.warning", { childId, percent: 75 }, [queryKeys.child(childId)]],
    ["lesson.unlocked", { childId, lessonId: "l1" }, [queryKeys.childLessons(childId)]],
    ["goal.updated", { childId, goalId: "g1" }, [queryKeys.child(childId), queryKeys.children]],
  ])("%s %j", (type, data, keys) => {
    expect(staleKeys({ id: 1, type, data } as LiveEvent)).toEqual(keys);
  });
});

describe("toLiveEvent", () => {
  test.each([
    ["cart.submitted", JSON.stringify(cart("pending")), true],
    ["message", JSON.stringify(cart("pending")), false],
    ["cart.submitted", "not json", false],
    ["cart.submitted", JSON.stringify({ cartId: "k1" }), false],
    ["cart.submitted", "null", false],
  ])("%s %s reads: %s", (type, data, readable) => {
    expect(toLiveEvent(type, "7", data) !== null).toBe(readable);
  });
});

/** A stand-in for the browser's EventSource: the tests play the server's part. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private listeners = new Map<string, ((message: MessageEvent<string>) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (message: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, id: string, data: unknown) {
    const message = new MessageEvent(type, { data: JSON.stringify(data), lastEventId: id });
    for (const listener of this.listeners.get(type) ?? []) listener(message as MessageEvent<string>);
  }
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

describe("connectLiveEvents", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeEventSource.opened = [];
  });

  test("refetches exactly the reads an event names, and a later stream resumes after the last id heard", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const queryClient = new QueryClient();
    for (const key of [queryKeys.pendingCarts, queryKeys.child(childId), queryKeys.childChores(childId)]) {
      queryClient.setQueryData(key, []);
    }
    const handlers = { onOpen: vi.fn(), onRefused: vi.fn() };
    const close = connectLiveEvents(queryClient, handlers);
    const source = FakeEventSource.opened[0]!;
    expect(source.url).toBe("/api/events");
    source.emit("cart.submitted", "41", cart("pending"));
    const invalidated = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(invalidated(queryKeys.pendingCarts)).toBe(true);
    // The child's own read shares its key's prefix with its carts, and is left alone.
    expect(invalidated(queryKeys.child(childId))).toBe(false);
    expect(invalidated(queryKeys.childChores(childId))).toBe(false);
    close();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);

    connectLiveEvents(queryClient, handlers);
    expect(FakeEventSource.opened[1]!.url).toBe("/api/events?lastEventId=41");
  });

  test("tells its caller when the server refuses the stream, not when the network drops it", () => {
    vi.stubGlobal("EventSource", FakeEventSource);
    const handlers = { onOpen: vi.fn(), onRefused: vi.fn() };
    connectLiveEvents(new QueryClient(), handlers);
    const source = FakeEventSource.opened[0]!;
    source.onopen?.();
    expect(handlers.onOpen).toHaveBeenCalledOnce();
    // A dropped connection: EventSource is reconnecting by itself.
    source.readyState = FakeEventSource.CONNECTING;
    source.onerror?.();
    expect(handlers.onRefused).not.toHaveBeenCalled();
    source.refuse();
    expect(handlers.onRefused).toHaveBeenCalledOnce();
  });
});
