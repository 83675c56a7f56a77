import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import { App } from "./app/app";
import { queryClient } from "./lib/query-client";
import { queryKeys } from "./lib/query-keys";

/**
 * The app's first render at "/" for a visitor, as HTML: the landing page's first screen, with the lazy parts
 * (the sections below the fold, the toaster) left as their fallbacks. The build puts it into landing.html so
 * a visitor's "/" paints before any script has run; main.tsx then hydrates it.
 */
export function renderLanding(): string {
  // The server sends this page only to a request without a session, so it is drawn signed out.
  queryClient.setQueryData(queryKeys.user, null);
  return renderToString(
    <StrictMode>
      <Router ssrPath="/">
        <App />
      </Router>
    </StrictMode>,
  );
}
