import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useEffect } from "react";
import { useAuth } from "@/lib/auth";
import { shareChangesAcrossTabs } from "@/lib/cross-tab-refresh";
import { queryClient } from "@/lib/query-client";
import { AppRouter } from "./router";

// Toasts wait in their store until the toaster arrives, so it loads after the first paint without losing one.
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

const UsageNudge = lazy(() =>
  import("@/features/usage/components/usage-nudge").then((m) => ({ default: m.UsageNudge })),
);

const PlanChooserHost = lazy(() =>
  import("@/features/billing/components/plan-chooser").then((m) => ({ default: m.PlanChooserHost })),
);

/**
 * spec 000 §4: the upgrade nudge follows a signed-in Free parent on every screen, with the plan chooser every
 * upgrade path opens (docs/decisions/152); visitors never load them.
 */
function SignedInNudge() {
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) return null;
  return (
    <Suspense fallback={null}>
      <UsageNudge />
      <PlanChooserHost />
    </Suspense>
  );
}

export function App() {
  useEffect(() => shareChangesAcrossTabs(queryClient), []);
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <SignedInNudge />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
}
