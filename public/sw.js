/*
 * Pocketwise's service worker: Web Push and notification clicks, nothing else (docs/decisions/132).
 *
 * It has no fetch handler and keeps no cache, so every page and asset comes from the network as if it were
 * not installed, and no visit can ever be served an old build. The server sends this file with
 * `Cache-Control: no-cache` and the page registers it with `updateViaCache: "none"`, so a new version is
 * picked up at the next visit; it then takes over at once, having nothing to migrate.
 *
 * A message's JSON is src/shared/schemas/push.ts's PushMessage: {title, body, url, tag?, actions?}, each
 * action {action, title, url?, decideUrl?}.
 */

const ICON = "/icons/icon-192.png";
const BADGE = "/icons/badge-96.png";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** Only our own pages and API are opened or called, whatever a message says. */
function sameOrigin(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : null;
  } catch {
    return null;
  }
}

function readMessage(event) {
  try {
    const message = event.data?.json();
    if (message && typeof message.title === "string") return message;
  } catch {}
  // A push must always show something (userVisibleOnly); one we cannot read still leads to the app.
  return { title: "Pocketwise", body: "Something is waiting for you.", url: "/" };
}

self.addEventListener("push", (event) => {
  const message = readMessage(event);
  const actions = Array.isArray(message.actions) ? message.actions : [];
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: ICON,
      badge: BADGE,
      tag: message.tag,
      // A newer message about the same cart replaces the old one and alerts again.
      renotify: Boolean(message.tag),
      data: { url: message.url, actions },
      actions: actions.map(({ action, title }) => ({ action, title })),
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  const notification = event.notification;
  notification.close();
  const data = notification.data ?? {};
  const action = (data.actions ?? []).find((a) => a.action === event.action);
  const page = sameOrigin(action?.url ?? data.url ?? "/") ?? self.location.origin;
  const decideUrl = action?.decideUrl ? sameOrigin(action.decideUrl) : null;
  event.waitUntil(decideUrl ? decide(decideUrl, action, notification, page) : openPage(page));
});

/**
 * A one-tap decision (POST /api/decide/{token}): the link's token is the authority, the session cookie
 * goes along if there is one. The answer comes back as a short notification whose click opens the
 * decision page; when there is no answer to show, the decision page opens instead and says what happened.
 */
async function decide(decideUrl, action, notification, page) {
  let res;
  try {
    res = await fetch(decideUrl, { method: "POST", credentials: "include" });
  } catch {
    return openPage(page);
  }
  const body = await res.json().catch(() => null);
  const follow = (title, text) =>
    self.registration.showNotification(title, {
      body: text,
      icon: ICON,
      badge: BADGE,
      tag: notification.tag,
      data: { url: page, actions: [] },
    });
  if (res.ok) {
    const title = body?.status === "approved" ? "Approved" : body?.status === "declined" ? "Declined" : action.title;
    return follow(title, notification.title);
  }
  // 410: already decided or lapsed, 409: over budget, and so on: the server's message says which.
  if (typeof body?.message === "string") return follow(notification.title, body.message);
  return openPage(page);
}

async function openPage(url) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((w) => w.url === url);
  if (open) return open.focus();
  return self.clients.openWindow(url);
}

/**
 * The push service replaced this browser's subscription (it expired, or was renewed): hand the new one to
 * the server, for the adult whose session this browser still has. Without a session this does nothing and
 * the Parent Center's switch shows "off" until they turn it on again.
 */
self.addEventListener("pushsubscriptionchange", (event) => {
  event.waitUntil(
    (async () => {
      const options = event.oldSubscription?.options;
      const next =
        event.newSubscription ?? (options ? await self.registration.pushManager.subscribe(options) : null);
      if (!next) return;
      await fetch("/api/push/subscriptions", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(next.toJSON()),
      });
    })(),
  );
});
