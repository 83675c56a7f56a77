// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/* Decision 145: the button script on a store's page, loaded from Pocketwise's origin. */
const SOURCE = readFileSync(path.join(import.meta.dirname, "button.js"), "utf8");
const POCKETWISE = "https://app.pocketwise.example";
const SESSION_URL = `${POCKETWISE}/checkout/8d0c5a4e-3b7f-4c52-9d1e-2f6a7b8c9d0e`;

interface PocketwiseGlobal {
  version: string;
  mount(target: Element | string, options?: Record<string, unknown>): { destroy(): void };
  mountAll(): void;
}
const pocketwise = () => (window as unknown as { Pocketwise: PocketwiseGlobal }).Pocketwise;

/** Runs the script as a page would load it from `src`. */
function load(src = `${POCKETWISE}/merchant/v1/button.js`) {
  Object.defineProperty(document, "currentScript", { configurable: true, value: { src } });
  new Function(SOURCE)();
}

const shadowOf = (container: Element) => {
  const host = container.querySelector("pocketwise-checkout-button");
  if (!host?.shadowRoot) throw new Error("no button mounted");
  return host.shadowRoot;
};
const buttonIn = (container: Element) => shadowOf(container).querySelector("button") as HTMLButtonElement;
const messageIn = (container: Element) => shadowOf(container).querySelector("p")?.textContent;

let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;
beforeEach(() => {
  document.body.innerHTML = "";
  delete (window as unknown as { Pocketwise?: unknown }).Pocketwise;
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, "assign").mockImplementation(assign);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("the Pocketwise button", () => {
  it("mounts on every marked container with a session url and opens it when pressed", () => {
    document.body.innerHTML = `<div id="pay" data-pocketwise-checkout data-session-url="${SESSION_URL}"></div><div data-pocketwise-checkout></div>`;
    load();
    const container = document.getElementById("pay") as HTMLElement;
    const button = buttonIn(container);
    expect(button.textContent).toBe("Check out with Pocketwise");
    expect(button.type).toBe("button");
    // Only the container with a url gets a button.
    expect(document.querySelectorAll("pocketwise-checkout-button")).toHaveLength(1);
    button.click();
    expect(assign).toHaveBeenCalledWith(SESSION_URL);
  });

  it("keeps its styles in a shadow root and leaves one global", () => {
    document.body.innerHTML = `<style>button { display: none }</style><div id="pay" data-pocketwise-checkout data-session-url="${SESSION_URL}"></div>`;
    const before = new Set(Object.keys(window));
    load();
    const after = Object.keys(window).filter((key) => !before.has(key));
    expect(after).toEqual(["Pocketwise"]);
    expect(pocketwise().version).toBe("1.0.0");
    expect(shadowOf(document.getElementById("pay") as HTMLElement).querySelector("style")?.textContent).toContain(
      ":host{all:initial",
    );
  });

  it("asks the store's callback for the url on press, busy until it answers", async () => {
    document.body.innerHTML = `<div id="pay"></div>`;
    load();
    let answer: (value: unknown) => void = () => {};
    const createSession = vi.fn(() => new Promise((resolve) => (answer = resolve)));
    const container = document.getElementById("pay") as HTMLElement;
    pocketwise().mount("#pay", { createSession });
    const button = buttonIn(container);
    button.click();
    button.click();
    expect(createSession).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.textContent).toBe("Opening Pocketwise…");
    answer({ url: SESSION_URL });
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(SESSION_URL));
    // Still busy while the browser leaves; back from the hosted page, it can be pressed again.
    expect(button.disabled).toBe(true);
    window.dispatchEvent(new Event("pageshow"));
    expect(button.disabled).toBe(false);
    expect(button.textContent).toBe("Check out with Pocketwise");
  });

  it.each([
    ["another origin", "https://pocketwise.example.evil.test/checkout/1"],
    ["a script address", "javascript:alert(1)"],
    ["a path outside the hosted page", `${POCKETWISE}/admin`],
  ])("refuses %s and says so", async (_, url) => {
    document.body.innerHTML = `<div id="pay" data-pocketwise-checkout data-session-url="${url}"></div>`;
    load();
    const container = document.getElementById("pay") as HTMLElement;
    buttonIn(container).click();
    expect(assign).not.toHaveBeenCalled();
    expect(messageIn(container)).toBe("This checkout link is not a Pocketwise checkout.");
    expect(shadowOf(container).querySelector("p")?.getAttribute("role")).toBe("status");
  });

  it("says when the store's callback fails, and lets the child try again", async () => {
    document.body.innerHTML = `<div id="pay"></div>`;
    load();
    const createSession = vi.fn().mockRejectedValueOnce(new Error("store down")).mockResolvedValueOnce(SESSION_URL);
    const container = document.getElementById("pay") as HTMLElement;
    pocketwise().mount(container, { createSession });
    buttonIn(container).click();
    await vi.waitFor(() => expect(messageIn(container)).toBe("Pocketwise could not open. Please try again."));
    expect(buttonIn(container).disabled).toBe(false);
    buttonIn(container).click();
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith(SESSION_URL));
    expect(messageIn(container)).toBe("");
  });

  it("mounts once per container and is removed by destroy", () => {
    document.body.innerHTML = `<div id="pay" data-pocketwise-checkout data-session-url="${SESSION_URL}"></div>`;
    load();
    const handle = pocketwise().mount("#pay");
    expect(document.querySelectorAll("pocketwise-checkout-button")).toHaveLength(1);
    handle.destroy();
    expect(document.querySelectorAll("pocketwise-checkout-button")).toHaveLength(0);
  });

  it("loaded twice, keeps the first copy", () => {
    load();
    const first = pocketwise();
    load();
    expect(pocketwise()).toBe(first);
  });

  it("names a missing container", () => {
    load();
    expect(() => pocketwise().mount("#nowhere")).toThrow("Pocketwise.mount: no element to put the button in");
  });
});
