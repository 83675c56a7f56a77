import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import { queryClient } from "./lib/query-client";
import { queryKeys } from "./lib/query-keys";
import { registerServiceWorker } from "./lib/service-worker";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

/**
 * The build draws only the landing page's first screen and leaves its lazy parts to the browser; React reports
 * each such part as a boundary "the server could not finish" (error 419). That is the plan, not a failure.
 */
const isLeftToBrowser = (error: unknown) =>
  error instanceof Error && /#419\b|could not finish this Suspense boundary/.test(error.message);

if (root.hasChildNodes()) {
  // A visitor's "/" arrives with the landing page's first screen drawn (landing.html), which the server sends
  // only to a request without a session: start from the same signed-out state it was drawn in, and attach.
  queryClient.setQueryData(queryKeys.user, null);
  hydrateRoot(root, app, {
    onRecoverableError: (error) => {
      if (!isLeftToBrowser(error)) reportError(error);
    },
  });
} else {
  createRoot(root).render(app);
}

// The service worker only shows notifications and caches nothing, so no visit can be served an old build.
// Registered after the page has loaded, so it never competes with the first screen. A browser that refuses
// it (a private window, say) still runs the whole app; the notifications switch says what it can do there.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  window.addEventListener("load", () => {
    registerServiceWorker().catch(() => {});
  });
}
