import { afterEach, describe, expect, it, vi } from "vitest";
import type { Ask } from "./asks";
import type { Chrome, MessageSender } from "./chrome";
import type { Stored } from "./stored";
import { createWorker, POLL_ALARM, SIGNED_OUT_NOTICE } from "./worker";

const ORIGIN = "chrome-extension://pocketwise-id/";
const POPUP: MessageSender = { id: "pocketwise-id", url: `${ORIGIN}popup.html` };
const signIn = { server: "https://pocketwise.example", token: "pwc_x", childId: "c1", childName: "Maya" };
const cart = (status: string, id = "k1") => ({
  id,
  retailer: "Toy Barn",
  total: "12.50",
  status,
  decisionNote: null,
  items: [{ name: "Kite", quantity: 1 }],
});
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** A stubbed chrome whose storage, alarms and badge are plain objects the test reads back. */
function fakeChrome(initial: Stored = {}) {
  let store: Record<string, unknown> = { ...initial };
  const alarms = new Set<string>();
  const badge = { text: "", color: "", title: "" };
  const chrome = {
    runtime: { id: "pocketwise-id", getURL: (p: string) => `${ORIGIN}${p}` },
    storage: {
      local: {
        get: async (keys: string[]) => Object.fromEntries(keys.filter((k) => k in store).map((k) => [k, store[k]])),
        set: async (items: Record<string, unknown>) => {
          store = { ...store, ...items };
        },
        remove: async (keys: string[]) => {
          store = Object.fromEntries(Object.entries(store).filter(([k]) => !keys.includes(k)));
        },
      },
    },
    alarms: {
      create: vi.fn(async (name: string) => {
        alarms.add(name);
      }),
      get: async (name: string) => (alarms.has(name) ? { name } : undefined),
      clear: async (name: string) => alarms.delete(name),
    },
    action: {
      setBadgeText: async ({ text }: { text: string }) => {
        badge.text = text;
      },
      setBadgeBackgroundColor: async ({ color }: { color: string }) => {
        badge.color = color;
      },
      setTitle: async ({ title }: { title: string }) => {
        badge.title = title;
      },
      openPopup: vi.fn(async () => {
        throw new Error("Could not find an active browser window.");
      }),
    },
    tabs: { create: vi.fn(async () => ({})) },
  };
  return { chrome: chrome as unknown as Chrome, stubs: chrome, stored: () => store as Stored, alarms, badge };
}

/** A server whose answers the test sets; the event stream stays open until aborted unless given events. */
function fakeServer() {
  const calls: { method: string; url: string; headers: Record<string, string>; body?: unknown }[] = [];
  let carts: unknown[] = [];
  let streamed: ReadableStreamDefaultController<Uint8Array> | null = null;
  const answers: Record<string, () => Response> = {};
  const fetchFn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const u = String(url);
    const method = init?.method ?? "GET";
    calls.push({
      method,
      url: u,
      headers: (init?.headers ?? {}) as Record<string, string>,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    if (new URL(u).host !== "pocketwise.example") throw new TypeError("fetch failed");
    const key = `${method} ${new URL(u).pathname}`;
    if (answers[key]) return answers[key]();
    if (key.endsWith("/api/events")) {
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          streamed = c;
        },
      });
      init?.signal?.addEventListener("abort", () => streamed?.error(new Error("aborted")));
      return new Response(body, { status: 200 });
    }
    if (key === "GET /api/children/c1/carts") return json(200, carts);
    return json(404, { message: "Not found" });
  });
  return {
    fetchFn: fetchFn as unknown as typeof fetch,
    calls,
    answers,
    setCarts: (c: unknown[]) => {
      carts = c;
    },
    emit: (event: string) => streamed?.enqueue(new TextEncoder().encode(`id: 1\nevent: ${event}\ndata: {}\n\n`)),
  };
}

const settle = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};

function message(worker: ReturnType<typeof createWorker>, msg: unknown, sender: MessageSender = POPUP) {
  return new Promise((resolve) => {
    const open = worker.onMessage(msg, sender, resolve);
    if (!open) resolve(undefined);
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the service worker", () => {
  it("signs in with a code and keeps the token in storage, never answering it", async () => {
    const c = fakeChrome();
    const server = fakeServer();
    server.answers["POST /api/kid/login"] = () => json(200, { token: "pwc_new", child: { id: "c1", name: "Maya" } });
    const worker = createWorker(c.chrome, server.fetchFn);
    const answer = await message(worker, {
      type: "pocketwise:sign-in",
      server: "https://pocketwise.example/kid",
      code: " AB12CD34 ",
      deviceName: "Browser extension on Linux",
    });
    expect(answer).toEqual({ ok: true });
    expect(server.calls[0]).toMatchObject({
      method: "POST",
      url: "https://pocketwise.example/api/kid/login",
      body: { code: "AB12CD34", device: "extension", deviceName: "Browser extension on Linux" },
    });
    expect(c.stored()).toEqual({
      signIn: { server: "https://pocketwise.example", token: "pwc_new", childId: "c1", childName: "Maya" },
      server: "https://pocketwise.example",
      asks: [],
    });
  });

  it("answers the server's refusal and a server it cannot reach in words a child can act on", async () => {
    const c = fakeChrome();
    const server = fakeServer();
    server.answers["POST /api/kid/login"] = () => json(401, { message: "That code is not valid or has expired" });
    const worker = createWorker(c.chrome, server.fetchFn);
    const login = { type: "pocketwise:sign-in", code: "X", deviceName: "d" };
    expect(await message(worker, { ...login, server: "https://pocketwise.example" })).toEqual({
      ok: false,
      reason: "That code is not valid or has expired",
    });
    expect(await message(worker, { ...login, server: "https://elsewhere.example" })).toEqual({
      ok: false,
      reason: "Pocketwise could not reach https://elsewhere.example. Check the address and your internet.",
    });
    expect(c.stored().signIn).toBeUndefined();
  });

  it("answers only the extension's own pages: a content script or another extension gets nothing", async () => {
    const c = fakeChrome({ signIn });
    const server = fakeServer();
    const worker = createWorker(c.chrome, server.fetchFn);
    const send = { type: "pocketwise:send", body: { retailer: "x", items: [] } };
    const page = { id: "pocketwise-id", url: "https://shop.example/p", tab: { id: 3 } };
    expect(worker.onMessage(send, page, vi.fn())).toBe(false);
    expect(worker.onMessage(send, { ...POPUP, id: "other-extension" }, vi.fn())).toBe(false);
    expect(worker.onMessage({ type: "pocketwise:open-ask" }, POPUP, vi.fn())).toBe(false);
    await settle();
    expect(server.calls).toEqual([]);
    expect(c.stubs.tabs.create).not.toHaveBeenCalled();
  });

  it("sends a cart with the bearer token, shows it waiting on the badge, listens and polls; the decision clears both", async () => {
    const c = fakeChrome({ signIn, asks: [] });
    const server = fakeServer();
    server.answers["POST /api/children/c1/carts"] = () => json(201, cart("pending"));
    const worker = createWorker(c.chrome, server.fetchFn);
    const body = { retailer: "Toy Barn", items: [{ name: "Kite", price: "12.50", quantity: 1 }] };
    expect(await message(worker, { type: "pocketwise:send", body })).toEqual({ ok: true });
    await settle();
    const post = server.calls.find((call) => call.method === "POST");
    expect(post).toMatchObject({ body, headers: { Authorization: "Bearer pwc_x" } });
    expect(c.stored().asks?.map((a) => [a.title, a.status])).toEqual([["Kite", "pending"]]);
    expect(c.badge.text).toBe("1");
    expect(c.alarms.has(POLL_ALARM)).toBe(true);
    expect(c.stubs.alarms.create).toHaveBeenCalledWith(POLL_ALARM, { periodInMinutes: 1 });
    const stream = server.calls.find((call) => call.url.endsWith("/api/events"));
    expect(stream?.headers).toMatchObject({ Authorization: "Bearer pwc_x", Accept: "text/event-stream" });

    server.setCarts([cart("approved")]);
    server.emit("cart.decided");
    await settle();
    expect(c.stored().asks?.map((a) => [a.status, a.seen])).toEqual([["approved", false]]);
    expect(c.badge.text).toBe("✓");
    expect(c.alarms.has(POLL_ALARM)).toBe(false);

    // The child opens the popup: the decision is seen and the mark goes.
    expect(await message(worker, { type: "pocketwise:popup-opened" })).toEqual({ ok: true });
    expect(c.badge.text).toBe("");
  });

  it("polls on the alarm while something waits, and forgets a token the server ended", async () => {
    const waiting: Ask = { id: "k1", title: "Kite", total: "12.50", status: "pending", decisionNote: null, seen: true };
    const c = fakeChrome({ signIn, asks: [waiting] });
    const server = fakeServer();
    server.answers["GET /api/events"] = () => json(503, { message: "busy" });
    server.answers["GET /api/children/c1/carts"] = () => json(401, { message: "Please sign in" });
    const worker = createWorker(c.chrome, server.fetchFn);
    expect(await worker.onAlarm(POLL_ALARM)).toEqual({ ok: false, reason: SIGNED_OUT_NOTICE });
    expect(c.stored()).toEqual({ notice: SIGNED_OUT_NOTICE });
    expect(c.badge.text).toBe("");
    expect(c.alarms.has(POLL_ALARM)).toBe(false);
  });

  it("with nothing waiting, neither polls nor listens", async () => {
    const seen: Ask = { id: "k1", title: "Kite", total: "12.50", status: "approved", decisionNote: null, seen: true };
    const c = fakeChrome({ signIn, asks: [seen] });
    const server = fakeServer();
    server.setCarts([cart("approved")]);
    const worker = createWorker(c.chrome, server.fetchFn);
    await worker.resume();
    await settle();
    expect(server.calls).toEqual([]);
    expect(c.alarms.size).toBe(0);
  });

  it("opens the form beside the page whose button was pressed when there is no window to anchor the popup to", async () => {
    const c = fakeChrome({ signIn });
    const worker = createWorker(c.chrome, fakeServer().fetchFn);
    const page = { id: "pocketwise-id", url: "https://shop.example/p", tab: { id: 3, index: 2, windowId: 1 } };
    expect(worker.onMessage({ type: "pocketwise:open-ask" }, page, vi.fn())).toBe(false);
    await settle();
    expect(c.stubs.action.openPopup).toHaveBeenCalledWith({ windowId: 1 });
    expect(c.stubs.tabs.create).toHaveBeenCalledWith({
      url: `${ORIGIN}popup.html?tab=3`,
      index: 3,
      openerTabId: 3,
      windowId: 1,
    });
  });
});
