// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

type Listener = (message: unknown, sender: { id?: string }, sendResponse: (answer: unknown) => void) => boolean;
const listeners: Listener[] = [];

beforeAll(async () => {
  vi.stubGlobal("chrome", {
    runtime: {
      id: "pocketwise-id",
      onMessage: { addListener: (l: Listener) => listeners.push(l) },
      sendMessage: vi.fn(async () => undefined),
    },
  });
  document.head.innerHTML =
    '<meta property="og:title" content="Kite"><meta property="product:price:amount" content="5.00">';
  await import("./content");
  // Injected again (the popup opened twice): it must not answer twice.
  vi.resetModules();
  await import("./content");
});

afterAll(() => {
  vi.unstubAllGlobals();
});

describe("the content script", () => {
  it("listens once however often it is injected", () => {
    expect(listeners).toHaveLength(1);
  });

  it("answers this extension's request with what the readers found", () => {
    const sendResponse = vi.fn();
    const keepOpen = listeners[0]?.({ type: "pocketwise:read-product" }, { id: "pocketwise-id" }, sendResponse);
    expect(keepOpen).toBe(false);
    expect(sendResponse).toHaveBeenCalledWith({
      ok: true,
      product: expect.objectContaining({ name: "Kite", priceCents: 500, source: "opengraph" }),
    });
  });

  it("puts one 'Ask a parent' button on the page once it has read a product, out of the page's reach and flow", () => {
    listeners[0]?.({ type: "pocketwise:read-product" }, { id: "pocketwise-id" }, vi.fn());
    const hosts = document.querySelectorAll("pocketwise-ask");
    expect(hosts).toHaveLength(1);
    const host = hosts[0] as HTMLElement;
    expect(host.shadowRoot).toBeNull();
    expect(host.parentElement).toBe(document.documentElement);
    expect(host.style.getPropertyValue("position")).toBe("fixed");
    expect(host.style.getPropertyPriority("position")).toBe("important");
  });

  it.each([
    ["another extension", { type: "pocketwise:read-product" }, { id: "other-id" }],
    ["no sender id", { type: "pocketwise:read-product" }, {}],
    ["an unknown message", { type: "steal" }, { id: "pocketwise-id" }],
  ])("ignores %s", (_label, message, sender) => {
    const sendResponse = vi.fn();
    expect(listeners[0]?.(message, sender, sendResponse)).toBe(false);
    expect(sendResponse).not.toHaveBeenCalled();
  });
});
