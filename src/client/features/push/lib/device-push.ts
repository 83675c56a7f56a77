import type { PushSubscriptionCreate } from "@shared/schemas/push";
import { registerServiceWorker } from "@/lib/service-worker";

/**
 * What this browser can do about notifications, as the switch shows it:
 * - `unsupported`: no service workers or no Push API (an iPhone's Safari outside the Home Screen app, say);
 * - `blocked`: the person (or a policy) refused notifications for this site in the browser's settings;
 * - `on`: subscribed with the server's current key, by the adult signed in now;
 * - `off`: anything else, including a subscription another adult made here or one made with an old key.
 */
export type DeviceNotifications = "unsupported" | "blocked" | "off" | "on";

export const isPushSupported = () =>
  typeof window !== "undefined" &&
  "serviceWorker" in navigator &&
  "PushManager" in window &&
  "Notification" in window &&
  window.isSecureContext;

/** iOS and iPadOS offer Web Push only to a site added to the Home Screen (Safari 16.4+). */
export const needsHomeScreen = () =>
  "standalone" in navigator && !(navigator as Navigator & { standalone?: boolean }).standalone;

/**
 * The one subscription a browser profile has is the device, whoever turned it on; the server gives it to
 * the adult who turned it on last. Remembering whose it is here keeps a second adult on the same browser
 * from seeing "on" for alerts that go to someone else.
 */
const OWNER_KEY = "pocketwise.push-owner";
type Owner = { endpoint: string; userId: string };

function readOwner(): Owner | null {
  try {
    const owner = JSON.parse(localStorage.getItem(OWNER_KEY) ?? "null") as Partial<Owner> | null;
    return typeof owner?.endpoint === "string" && typeof owner.userId === "string"
      ? { endpoint: owner.endpoint, userId: owner.userId }
      : null;
  } catch {
    return null;
  }
}

export const rememberOwner = (owner: Owner | null) =>
  owner ? localStorage.setItem(OWNER_KEY, JSON.stringify(owner)) : localStorage.removeItem(OWNER_KEY);

/** The key as PushManager takes it: URL-safe base64 decoded to bytes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return false;
  const a = new Uint8Array(used);
  const b = keyBytes(publicKey);
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** The subscription of a service worker registered earlier, without registering one. */
async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export async function readDeviceNotifications(userId: string, publicKey: string): Promise<DeviceNotifications> {
  if (!isPushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  const subscription = await currentSubscription();
  const owner = readOwner();
  const ours = subscription && owner?.endpoint === subscription.endpoint && owner.userId === userId;
  return ours && sameKey(subscription, publicKey) ? "on" : "off";
}

/** Why turning notifications on stopped, in words for the parent. */
export class DeviceNotificationsError extends Error {}

/**
 * Asks for permission (the browser shows its prompt only on a click, which is where this runs), then
 * subscribes this browser with the server's key, replacing a subscription made with another key.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscriptionCreate> {
  const permission = await Notification.requestPermission();
  if (permission === "denied") {
    throw new DeviceNotificationsError("Notifications are blocked for Pocketwise in this browser's settings.");
  }
  if (permission !== "granted") throw new DeviceNotificationsError("Notifications were not allowed.");
  await registerServiceWorker();
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing && !sameKey(existing, publicKey)) await existing.unsubscribe();
  let subscription: PushSubscription;
  try {
    subscription =
      existing && sameKey(existing, publicKey)
        ? existing
        : await registration.pushManager.subscribe({
            userVisibleOnly: true,
            applicationServerKey: keyBytes(publicKey),
          });
  } catch {
    // Chromium without Google's services, or a browser whose push service is unreachable right now.
    throw new DeviceNotificationsError("This browser could not reach its notification service. Try again later.");
  }
  const json = subscription.toJSON();
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } };
}

/** Ends this browser's subscription; answers its endpoint so the server can forget it, or null if it had none. */
export async function unsubscribeDevice(): Promise<string | null> {
  const subscription = await currentSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}
