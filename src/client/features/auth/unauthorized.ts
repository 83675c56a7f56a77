import { toast, whenToasterReady } from "@/hooks/use-toast";

// spec 000 §8 and §9: the forced sign-in waits 500 ms so the toast can be read.
export const LOGIN_REDIRECT_DELAY_MS = 500;

/** /api/login for a mode, returning to a same-site path afterwards. */
export function loginUrl(mode: "signup" | "login", returnTo = window.location.pathname + window.location.search) {
  const params = new URLSearchParams({ mode });
  // Coming back to the sign-in screen itself would only bounce a signed-in parent onwards.
  if (returnTo && returnTo !== "/" && !returnTo.startsWith("/signin")) params.set("returnTo", returnTo);
  return `/api/login?${params}`;
}

let redirecting = false;

/** spec 000 §8: the destructive Unauthorized toast, then the browser goes to /api/login. Runs once per page. */
export function redirectToLogin() {
  if (redirecting) return;
  redirecting = true;
  toast({ title: "Unauthorized", description: "You are logged out. Logging in again...", variant: "destructive" });
  // The toaster loads after the first paint; the 500 ms count from when the toast can actually be seen.
  void whenToasterReady().then(() =>
    setTimeout(() => {
      window.location.href = loginUrl("login");
    }, LOGIN_REDIRECT_DELAY_MS),
  );
}
