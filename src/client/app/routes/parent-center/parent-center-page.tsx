import { FileText, LayoutDashboard, LifeBuoy, Lock, LogOut, ShieldCheck } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { AppShell, PageContainer } from "@/components/layouts/app-shell";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { AccountSection } from "@/features/account/components/account-section";
import { YourDataCard } from "@/features/account/components/your-data-card";
import { RequireParent } from "@/features/auth/components/require-sign-in";
import { BillingCard } from "@/features/billing/components/billing-card";
import { useChildren } from "@/features/children/api/get-children";
import { AddChildDialog } from "@/features/children/components/add-child-dialog";
import { ChildrenOverview } from "@/features/children/components/children-overview";
import { useFamily } from "@/features/family/api/get-family";
import { FamilySection } from "@/features/family/components/family-section";
import { PlanUsageCard } from "@/features/family/components/plan-usage-card";
import { PlansCard } from "@/features/family/components/plans-card";
import { NotificationPreferencesCard } from "@/features/notifications/components/notification-preferences-card";
import { DeviceNotificationsCard } from "@/features/push/components/device-notifications-card";
import { ReferralCard } from "@/features/referrals/components/referral-card";
import { HelpSupportCard } from "@/features/support/components/help-support-card";
import { useUsage } from "@/features/usage/api/get-usage";
import { useAuth } from "@/lib/auth";
import { HELP_SECTION, PLANS_SECTION } from "@/lib/sections";

const QUICK_LINKS = [
  { href: "/", label: "Family Dashboard", icon: LayoutDashboard },
  { href: "/coppa-consent", label: "Parental consent", icon: ShieldCheck },
  { href: "/security", label: "Security & Data Protection", icon: Lock },
  { href: "/privacy", label: "Privacy Policy", icon: FileText },
] as const;

function ParentCenter() {
  const { user } = useAuth();
  const children = useChildren();
  const usage = useUsage();
  // The owner deletes the family; any other guardian leaves it (docs/decisions/158).
  const role = useFamily().data?.guardians.find((g) => g.id === user?.id)?.role;
  const activeChildren = children.data?.filter((c) => c.isActive).length ?? 0;

  // The account menu's Profile and Settings land on sections of this page.
  const ready = !children.isLoading && !usage.isLoading;
  useEffect(() => {
    if (ready && window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [ready]);

  const name = [user?.firstName, user?.lastName].filter(Boolean).join(" ");
  return (
    <PageContainer>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Parent Center</h1>
          <p className="mt-1 text-slate-600">Your account, your plan and your children in one place.</p>
        </div>
        <AddChildDialog parentId={user?.id} triggerClassName="w-full sm:w-auto" />
      </div>
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-6">
          <ChildrenOverview items={children.data} isLoading={children.isLoading} />
          <FamilySection currentUserId={user?.id} />
          <AccountSection id="account" />
          <YourDataCard id="your-data" role={role} />
          <PlansCard id={PLANS_SECTION.id} tier={usage.data?.tier} />
          <HelpSupportCard />
        </div>
        <div className="flex flex-col gap-6">
          <Card id="profile" aria-labelledby="profile-title" className="scroll-mt-24">
            <CardHeader>
              <CardTitle id="profile-title">Profile</CardTitle>
              <CardDescription>The parent account that manages your family</CardDescription>
            </CardHeader>
            <CardContent>
              <dl className="grid gap-3 text-sm">
                <div className="flex justify-between gap-3">
                  <dt className="shrink-0 text-slate-600">Name</dt>
                  <dd className="truncate font-medium text-slate-900">{name || "Not set"}</dd>
                </div>
                <div className="flex justify-between gap-3">
                  <dt className="shrink-0 text-slate-600">E-mail</dt>
                  <dd className="truncate font-medium text-slate-900">{user?.email}</dd>
                </div>
              </dl>
              <Button asChild variant="outline" className="mt-5 w-full">
                <a href="/api/logout">
                  <LogOut aria-hidden /> Log out
                </a>
              </Button>
            </CardContent>
          </Card>
          <BillingCard />
          <PlanUsageCard id="settings" usage={usage.data} isLoading={usage.isLoading} activeChildren={activeChildren} />
          <ReferralCard />
          <NotificationPreferencesCard />
          <DeviceNotificationsCard userId={user?.id} />
          <Card aria-labelledby="links-title">
            <CardHeader>
              <CardTitle id="links-title">Quick links</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="grid gap-1">
                {QUICK_LINKS.map((l) => (
                  <li key={l.href}>
                    <Link
                      href={l.href}
                      className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                    >
                      <l.icon className="h-4 w-4 text-brand-700" aria-hidden />
                      {l.label}
                    </Link>
                  </li>
                ))}
                <li>
                  {/* The help form is on this page: a plain link scrolls to it without leaving. */}
                  <a
                    href={HELP_SECTION.href}
                    className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                  >
                    <LifeBuoy className="h-4 w-4 text-brand-700" aria-hidden />
                    Help &amp; support
                  </a>
                </li>
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </PageContainer>
  );
}

/** spec 001 §2.1: /parent, signed-in only. */
export default function ParentCenterPage() {
  return (
    <AppShell>
      <RequireParent>
        <ParentCenter />
      </RequireParent>
    </AppShell>
  );
}
