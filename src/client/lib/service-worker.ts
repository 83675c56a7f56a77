/**
 * public/sw.js: Web Push and notification clicks, nothing else (docs/decisions/132). `updateViaCache: "none"`
 * has the browser check the script itself for updates on every visit, never from its HTTP cache.
 */
export const registerServiceWorker = () =>
  navigator.serviceWorker.register("/sw.js", { scope: "/", updateViaCache: "none" });
