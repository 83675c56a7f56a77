import {
  ApiError,
  type Fetch,
  listCarts,
  openEvents,
  type SignIn,
  sendCart,
  serverOrigin,
  signInWithCode,
} from "./api";
import { type Ask, addAsk, askFromCart, badgeFor, isWaiting, markSeen, updateAsks } from "./asks";
import type { Chrome, MessageSender } from "./chrome";
import { isCartEvent, readEventStream } from "./event-stream";
import { isButtonMessage, isWorkerMessage, type WorkerAnswer, type WorkerMessage } from "./messages";
import { STORED_KEYS, type Stored } from "./stored";

/**
 * The service worker's work (docs/decisions/143): it alone reads the child's token from
 * chrome.storage.local and calls Pocketwise; the popup asks it by message and shows what it stores. While
 * an ask waits it listens to the event stream and, as a fallback for when Chrome has stopped the worker
 * (and the stream with it), polls once a minute with chrome.alarms; with nothing waiting it does neither.
 */

export const POLL_ALARM = "pocketwise-poll";
export const SIGNED_OUT_NOTICE = "You were signed out. Ask your parent for a new code.";
/** How long to wait before opening a stream again after it ended, while something still waits. */
const STREAM_RETRY_MS = 5_000;

export function createWorker(chrome: Chrome, fetchFn: Fetch) {
  let stream: AbortController | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;

  const load = async () => (await chrome.storage.local.get(STORED_KEYS)) as Stored;

  async function showBadge(asks: Ask[]) {
    const badge = badgeFor(asks);
    await chrome.action.setBadgeBackgroundColor({ color: badge.color });
    await chrome.action.setBadgeText({ text: badge.text });
    await chrome.action.setTitle({ title: badge.title });
  }

  async function saveAsks(asks: Ask[]) {
    await chrome.storage.local.set({ asks });
    await showBadge(asks);
  }

  function stopStream() {
    stream?.abort();
    stream = null;
    if (retry) clearTimeout(retry);
    retry = null;
  }

  async function signOut(notice?: string) {
    stopStream();
    await chrome.alarms.clear(POLL_ALARM);
    await chrome.storage.local.remove(["signIn", "asks", "notice"]);
    if (notice) await chrome.storage.local.set({ notice });
    await showBadge([]);
  }

  /** A 401 means the token ended (signed out by the parent, or 30 days unused): forget it. */
  async function unlessSignedOut(err: unknown): Promise<WorkerAnswer> {
    if (err instanceof ApiError && err.status === 401) {
      await signOut(SIGNED_OUT_NOTICE);
      return { ok: false, reason: SIGNED_OUT_NOTICE };
    }
    return { ok: false, reason: err instanceof Error ? err.message : "Something went wrong. Try again." };
  }

  /** Asks for the child's carts and stores what changed; then listens or stops as the asks need. */
  async function refresh(): Promise<WorkerAnswer> {
    const { signIn, asks = [] } = await load();
    if (!signIn) return { ok: false, reason: "Sign in first" };
    if (asks.length > 0) {
      try {
        const carts = await listCarts(fetchFn, signIn);
        await saveAsks(updateAsks((await load()).asks ?? asks, carts));
      } catch (err) {
        return unlessSignedOut(err);
      }
    }
    await watch();
    return { ok: true };
  }

  async function watch() {
    const { signIn, asks = [] } = await load();
    if (!signIn || !isWaiting(asks)) {
      stopStream();
      await chrome.alarms.clear(POLL_ALARM);
      return;
    }
    // Created only when missing: creating it again would push the next poll a minute further each time.
    if (!(await chrome.alarms.get(POLL_ALARM))) await chrome.alarms.create(POLL_ALARM, { periodInMinutes: 1 });
    if (!stream) void listen(signIn);
  }

  async function listen(signIn: SignIn) {
    const controller = new AbortController();
    stream = controller;
    try {
      const res = await openEvents(fetchFn, signIn, controller.signal);
      if (res.status === 401) {
        await signOut(SIGNED_OUT_NOTICE);
        return;
      }
      if (res.ok && res.body) {
        // Events sent between the last read and this stream's start are caught by reading once now.
        void refresh();
        await readEventStream(res.body, (name) => {
          if (isCartEvent(name)) void refresh();
        });
      }
    } catch {
      // The network dropped or the stream was stopped; the retry below (or the alarm) takes over.
    }
    if (stream !== controller) return;
    stream = null;
    if (!controller.signal.aborted) retry = setTimeout(() => void watch(), STREAM_RETRY_MS);
  }

  async function handle(message: WorkerMessage): Promise<WorkerAnswer> {
    switch (message.type) {
      case "pocketwise:sign-in": {
        const server = serverOrigin(message.server);
        if (!server) return { ok: false, reason: "Type the Pocketwise address, like https://pocketwise.example" };
        try {
          const signIn = await signInWithCode(fetchFn, server, message.code.trim(), message.deviceName);
          stopStream();
          await chrome.storage.local.remove(["notice"]);
          await chrome.storage.local.set({ signIn, server, asks: [] });
          await showBadge([]);
          return { ok: true };
        } catch (err) {
          return { ok: false, reason: err instanceof Error ? err.message : "Something went wrong. Try again." };
        }
      }
      case "pocketwise:sign-out":
        await signOut();
        return { ok: true };
      case "pocketwise:send": {
        const { signIn } = await load();
        if (!signIn) return { ok: false, reason: "Sign in first" };
        try {
          const cart = await sendCart(fetchFn, signIn, message.body);
          await saveAsks(addAsk((await load()).asks ?? [], askFromCart(cart)));
          await watch();
          return { ok: true };
        } catch (err) {
          return unlessSignedOut(err);
        }
      }
      case "pocketwise:popup-opened": {
        // The child is looking: decisions shown now are seen, and the badge's mark goes.
        const { asks = [] } = await load();
        await saveAsks(markSeen(asks));
        return refresh();
      }
    }
  }

  /** Opens the form for the tab whose in-page button was pressed. */
  async function openAsk(tab: { id?: number; index?: number; windowId?: number }) {
    try {
      await chrome.action.openPopup({ windowId: tab.windowId });
    } catch {
      // No focused window to anchor the popup to (or a Chrome before 127): the same page in a tab beside it.
      await chrome.tabs.create({
        url: chrome.runtime.getURL(`popup.html?tab=${tab.id}`),
        index: tab.index === undefined ? undefined : tab.index + 1,
        openerTabId: tab.id,
        windowId: tab.windowId,
      });
    }
  }

  function onMessage(message: unknown, sender: MessageSender, sendResponse: (answer: unknown) => void): boolean {
    if (sender.id !== chrome.runtime.id) return false;
    const fromOwnPage = sender.url?.startsWith(chrome.runtime.getURL("")) ?? false;
    if (fromOwnPage && isWorkerMessage(message)) {
      handle(message).then(sendResponse);
      // Kept open for the asynchronous answer.
      return true;
    }
    if (!fromOwnPage && sender.tab?.id !== undefined && isButtonMessage(message)) void openAsk(sender.tab);
    return false;
  }

  return {
    onMessage,
    /** The poll: only while something waits, since the alarm exists only then. */
    onAlarm: (name: string) => (name === POLL_ALARM ? refresh() : Promise.resolve({ ok: true } as WorkerAnswer)),
    /** Chrome started (or the worker woke): listen again if something waits, and show the badge. */
    resume: async () => {
      await showBadge((await load()).asks ?? []);
      await watch();
    },
  };
}
