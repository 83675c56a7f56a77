/*! Pocketwise checkout button 1.0.0 | docs/merchants.md */
/*
 * Served as written (no build step, no dependencies) at /merchant/v1/button.js; decision 145. Plain ES2020
 * so any browser a store supports runs it. Everything is inside this function: the only global it sets
 * is window.Pocketwise, and the button lives in a shadow root so the store's CSS cannot reach it and its
 * own CSS cannot reach the store.
 */
(() => {
  const VERSION = "1.0.0";
  const win = window;
  const doc = document;
  if (win.Pocketwise?.version) return;

  const LABEL = "Check out with Pocketwise";
  const BUSY_LABEL = "Opening Pocketwise…";
  const FAILED = "Pocketwise could not open. Please try again.";
  const NOT_POCKETWISE = "This checkout link is not a Pocketwise checkout.";

  // Where this script came from is where checkouts are: a session url elsewhere is refused, so a page
  // script that swaps the attribute cannot send a child to a look-alike site.
  const current = doc.currentScript;
  const pocketwiseOrigin = current?.src ? new URL(current.src, doc.baseURI).origin : null;

  const CSS =
    ":host{all:initial;display:inline-block;max-width:100%}" +
    "button{box-sizing:border-box;display:inline-flex;align-items:center;justify-content:center;gap:10px;" +
    "min-height:48px;max-width:100%;padding:12px 22px;border:0;border-radius:10px;background:#6d28d9;" +
    "color:#fff;font:600 16px/1.25 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;cursor:pointer;" +
    "text-align:center;white-space:normal}" +
    "button:hover{background:#5b21b6}" +
    "button:focus-visible{outline:3px solid #6d28d9;outline-offset:3px}" +
    "button[aria-busy=true]{cursor:progress;opacity:.85}" +
    "svg{flex:none;width:22px;height:22px}" +
    "p{margin:8px 0 0;color:#b91c1c;font:400 14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}" +
    "p:empty{display:none}";
  const LOGO =
    '<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#fff"/>' +
    '<path d="M9 22V10h7.5a4.5 4.5 0 0 1 0 9H12" fill="none" stroke="#6d28d9" stroke-width="3" ' +
    'stroke-linecap="round" stroke-linejoin="round"/></svg>';

  /** The address to open, or null: a web address on Pocketwise's own origin, under /checkout/. */
  function checkoutUrl(raw) {
    let url;
    try {
      url = new URL(String(raw), doc.baseURI);
    } catch (_) {
      return null;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    if (pocketwiseOrigin && url.origin !== pocketwiseOrigin) return null;
    return url.pathname.indexOf("/checkout/") === 0 ? url.href : null;
  }

  /** Mounted hosts, so a second mount on one container (the auto-mount and a call) adds no second button. */
  const mounted = typeof WeakMap === "function" ? new WeakMap() : null;

  /**
   * Puts the button into `target` (an element or a selector). `options.sessionUrl` is the hosted page's
   * url the store's server got; `options.createSession` is called on press instead and resolves to that
   * url (or to `{url}`, the answer of the store's own endpoint), so a session is made only when a child
   * chooses Pocketwise. Returns `{ destroy }`.
   */
  function mount(target, options) {
    const container = typeof target === "string" ? doc.querySelector(target) : target;
    if (!container || typeof container.appendChild !== "function") {
      throw new Error("Pocketwise.mount: no element to put the button in");
    }
    if (mounted?.has(container)) return mounted.get(container);
    const opts = options || {};
    const host = doc.createElement("pocketwise-checkout-button");
    const root = host.attachShadow({ mode: "open" });
    root.innerHTML = `<style>${CSS}</style><button type="button">${LOGO}<span></span></button><p role="status"></p>`;
    const button = root.querySelector("button");
    const label = root.querySelector("span");
    const message = root.querySelector("p");
    label.textContent = LABEL;

    function setBusy(busy) {
      button.disabled = busy;
      button.setAttribute("aria-busy", busy ? "true" : "false");
      label.textContent = busy ? BUSY_LABEL : LABEL;
    }
    function fail(text) {
      setBusy(false);
      message.textContent = text;
    }
    function open(raw) {
      const url = checkoutUrl(raw && typeof raw === "object" ? raw.url : raw);
      if (!url) return fail(NOT_POCKETWISE);
      win.location.assign(url);
    }

    button.addEventListener("click", () => {
      if (button.disabled) return;
      message.textContent = "";
      const given = opts.sessionUrl || container.getAttribute("data-session-url");
      if (typeof opts.createSession !== "function") return given ? open(given) : fail(FAILED);
      setBusy(true);
      let pending;
      try {
        pending = Promise.resolve(opts.createSession());
      } catch (_) {
        pending = Promise.reject(new Error("createSession threw"));
      }
      pending.then(open, () => {
        fail(FAILED);
      });
    });

    // Back from the hosted page, a browser may show this page as it was left: busy. It can be pressed again.
    const onPageShow = () => setBusy(false);
    win.addEventListener("pageshow", onPageShow);
    container.appendChild(host);
    const handle = {
      destroy: () => {
        if (host.parentNode) host.parentNode.removeChild(host);
        win.removeEventListener("pageshow", onPageShow);
        mounted?.delete(container);
      },
    };
    mounted?.set(container, handle);
    return handle;
  }

  /** Every `[data-pocketwise-checkout]` on the page gets a button that opens its `data-session-url`. */
  function mountAll() {
    const found = doc.querySelectorAll("[data-pocketwise-checkout]");
    for (let i = 0; i < found.length; i++) {
      if (found[i].hasAttribute("data-session-url")) mount(found[i]);
    }
  }

  win.Pocketwise = { version: VERSION, mount: mount, mountAll: mountAll };
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", mountAll);
  else mountAll();
})();
