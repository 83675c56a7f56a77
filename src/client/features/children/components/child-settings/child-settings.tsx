import type { Child } from "@shared/schemas/children";
import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { ProfileInitial } from "@/components/ui/profile-initial";
import { closeTabOr } from "./close-tab";
import { NotificationToggles, SafetyToggles } from "./preference-toggles";
import { ProfileStatusCard, useProfileStatus } from "./profile-status";
import { SettingsForm } from "./settings-form";

/**
 * spec 000 §2 "Child settings at /child/{childId}/settings". `extras` holds the other features'
 * settings (chores, categories, the child's sign-in), composed by the route.
 */
export function ChildSettings({ child, extras }: { child: Child; extras?: ReactNode }) {
  const [, navigate] = useLocation();
  const goHome = () => navigate("/");
  const status = useProfileStatus(child, { onDeactivated: () => closeTabOr(goHome), onDeleted: goHome });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-4">
          <ProfileInitial name={child.name} color={child.profileColor} size="lg" />
          <div>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{child.name}'s Settings</h1>
            <p className="mt-1 text-slate-600">Budget, rules and privacy for {child.name}</p>
          </div>
        </div>
        <Button variant="outline" onClick={() => closeTabOr(goHome)} className="self-start sm:self-auto">
          <ArrowLeft aria-hidden /> Back
        </Button>
      </div>
      {!child.isActive && (
        <div
          role="status"
          className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p className="font-medium">
            This profile is deactivated. {child.name} cannot make purchases until it is reactivated.
          </p>
          <Button variant="success" size="sm" disabled={status.busy} onClick={status.reactivate}>
            Reactivate Profile
          </Button>
        </div>
      )}
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <SettingsForm child={child} />
        <div className="flex flex-col gap-6">
          <NotificationToggles child={child} />
          <SafetyToggles
            child={child}
            activeBusy={status.busy}
            onActiveChange={(active) => (active ? status.reactivate() : status.setConfirmDeactivate(true))}
          />
          <ProfileStatusCard child={child} status={status} />
        </div>
      </div>
      {extras}
    </div>
  );
}
