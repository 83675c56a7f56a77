import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { keyBytes, readDeviceNotifications, rememberOwner } from "./device-push";

const SERVER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i)]).toString("base64url");
const OLD_KEY = Buffer.from([4, ...Array.from({ length: 64 }, () => 7)]).toString("base64url");
const ENDPOINT = "https://push.example.net/device-1";

/** A browser with the Push API whose one subscription (if any) was made with `madeWithKey`. */
function browser(permission: NotificationPermission, madeWithKey: string | null) {
  const subscription = madeWithKey && {
    endpoint: ENDPOINT,
    options: { applicationServerKey: keyBytes(madeWithKey).buffer },
  };
  vi.stubGlobal("Notification", { permission });
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("isSecureContext", true);
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) },
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "serviceWorker");
});

describe("keyBytes", () => {
  it("decodes URL-safe base64 without padding, as the server sends its key", () => {
    const bytes = Uint8Array.from({ length: 65 }, (_, i) => (i * 37) % 256);
    expect(keyBytes(Buffer.from(bytes).toString("base64url"))).toEqual(bytes);
  });
});

describe("readDeviceNotifications", () => {
  it("is unsupported without the Push API", async () => {
    vi.stubGlobal("isSecureContext", true);
    expect(await readDeviceNotifications("u1", SERVER_KEY)).toBe("unsupported");
  });

  it.each([
    ["blocked when the browser's settings refuse notifications", "denied", SERVER_KEY, "u1", "blocked"],
    ["off before the parent was asked", "default", null, null, "off"],
    ["off when allowed but never subscribed", "granted", null, null, "off"],
    ["on for the adult who subscribed with the server's key", "granted", SERVER_KEY, "u1", "on"],
    ["off for another adult on the same browser", "granted", SERVER_KEY, "u2", "off"],
    ["off for a subscription made with a key the server no longer has", "granted", OLD_KEY, "u1", "off"],
    ["off for a subscription nobody here remembers making", "granted", SERVER_KEY, null, "off"],
  ] as const)("is %s", async (_name, permission, madeWithKey, owner, expected) => {
    browser(permission, madeWithKey);
    if (owner) rememberOwner({ endpoint: ENDPOINT, userId: owner });
    expect(await readDeviceNotifications("u1", SERVER_KEY)).toBe(expected);
  });
});
