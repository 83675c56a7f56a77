import { lazy } from "react";
import { useAuth } from "@/lib/auth";
// The landing page's first screen ships in the entry chunk: a visitor's first paint then waits for
// one script, not a script and then another. The rest of the landing page stays lazy.
import LandingPage from "../landing/landing-page";

const FamilyDashboardPage = lazy(() => import("../family-dashboard/family-dashboard-page"));

/** spec 001 §2.1: "/" is the landing page while signed out or loading, the dashboard once signed in. */
export default function HomePage() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <FamilyDashboardPage /> : <LandingPage />;
}
