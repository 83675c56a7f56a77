import { lazy, Suspense, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import HomePage from "./routes/home/home-page";
import NotFoundPage from "./routes/not-found/not-found-page";

// Each screen is its own chunk so the landing page loads only what it needs.
const ParentCenterPage = lazy(() => import("./routes/parent-center/parent-center-page"));
const ChildDashboardPage = lazy(() => import("./routes/child-dashboard/child-dashboard-page"));
const ChildSettingsPage = lazy(() => import("./routes/child-settings/child-settings-page"));
const ChildLessonPage = lazy(() => import("./routes/child-lesson/child-lesson-page"));
const ChildHistoryPage = lazy(() => import("./routes/child-history/child-history-page"));
const FamilyHistoryPage = lazy(() => import("./routes/family-history/family-history-page"));
const PrivacyPage = lazy(() => import("./routes/legal/privacy-page"));
const TermsPage = lazy(() => import("./routes/legal/terms-page"));
const SecurityPage = lazy(() => import("./routes/legal/security-page"));
const CoppaConsentPage = lazy(() => import("./routes/coppa-consent/coppa-consent-page"));
const DemoPage = lazy(() => import("./routes/demo/demo-page"));
const ScheduleDemoPage = lazy(() => import("./routes/schedule-demo/schedule-demo-page"));
const AutomationPage = lazy(() => import("./routes/automation/automation-page"));
const AdminLoginPage = lazy(() => import("./routes/admin/admin-login-page"));
const AdminDashboardPage = lazy(() => import("./routes/admin/admin-dashboard-page"));
const SystemTestPage = lazy(() => import("./routes/system-test/system-test-page"));
const SignInPage = lazy(() => import("./routes/signin/signin-page"));
const KidSignInPage = lazy(() => import("./routes/kid/kid-signin-page"));
const ForgotPasswordPage = lazy(() => import("./routes/forgot-password/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("./routes/reset-password/reset-password-page"));
const ConfirmEmailPage = lazy(() => import("./routes/confirm-email/confirm-email-page"));
const JoinPage = lazy(() => import("./routes/join/join-page"));
const DecidePage = lazy(() => import("./routes/decide/decide-page"));
const CheckoutPage = lazy(() => import("./routes/checkout/checkout-page"));
const UnsubscribePage = lazy(() => import("./routes/unsubscribe/unsubscribe-page"));

function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center" role="status" aria-label="Loading">
      <div className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
    </div>
  );
}

/**
 * Stripe Checkout's return and the payment e-mails name /parent-center (docs/decisions/152): it is the Parent
 * Center, so it moves there keeping `?billing=` and `#billing`, which wouter's Redirect would drop.
 */
function ParentCenterAlias() {
  const [, navigate] = useLocation();
  useEffect(() => navigate(`/parent${window.location.search}${window.location.hash}`, { replace: true }), [navigate]);
  return null;
}

/** spec 001 §2.1 route table: any path it does not list, /admin included, is the not-found screen. */
export function AppRouter() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/parent" component={ParentCenterPage} />
        <Route path="/parent-center" component={ParentCenterAlias} />
        <Route path="/child/:childId/settings" component={ChildSettingsPage} />
        <Route path="/child/:childId/lessons/:lessonId" component={ChildLessonPage} />
        <Route path="/child/:childId/history" component={ChildHistoryPage} />
        <Route path="/family/history" component={FamilyHistoryPage} />
        <Route path="/child/:childId" component={ChildDashboardPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route path="/terms" component={TermsPage} />
        <Route path="/security" component={SecurityPage} />
        <Route path="/coppa-consent" component={CoppaConsentPage} />
        <Route path="/demo" component={DemoPage} />
        <Route path="/schedule-demo" component={ScheduleDemoPage} />
        <Route path="/automation" component={AutomationPage} />
        <Route path="/admin/login" component={AdminLoginPage} />
        <Route path="/admin/dashboard" component={AdminDashboardPage} />
        <Route path="/test" component={SystemTestPage} />
        <Route path="/signin" component={SignInPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/reset-password" component={ResetPasswordPage} />
        <Route path="/account/confirm-email" component={ConfirmEmailPage} />
        <Route path="/kid" component={KidSignInPage} />
        <Route path="/join/:token" component={JoinPage} />
        <Route path="/decide/:token" component={DecidePage} />
        <Route path="/checkout/:id" component={CheckoutPage} />
        <Route path="/unsubscribe/:token" component={UnsubscribePage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

export { PageSpinner };
