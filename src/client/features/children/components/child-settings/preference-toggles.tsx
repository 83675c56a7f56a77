import type { Child } from "@shared/schemas/children";
import { Bell, ShieldCheck } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { useUpdateChild } from "@/features/children/api/update-child";
import { toast } from "@/hooks/use-toast";
import { SETTINGS_FAILED } from "./settings-form";

type ToggleField =
  | "notifyPurchaseApprovals"
  | "notifyBudgetWarnings"
  | "notifyAchievementUpdates"
  | "requireApprovalForAll"
  | "blockAdultContent";

/** One switch that saves the moment it changes (docs/product-contract.md "Children and plans": these toggles are saved). */
function ToggleRow({
  child,
  field,
  label,
  description,
}: {
  child: Child;
  field: ToggleField;
  label: string;
  description: string;
}) {
  const update = useUpdateChild(child.id);
  const id = useId();
  // Show the new position while the save is in flight; a failure falls back to the saved value.
  const checked =
    update.isPending && update.variables?.[field] !== undefined ? !!update.variables[field] : child[field];
  return (
    <ToggleLayout
      id={id}
      label={label}
      description={description}
      checked={checked}
      disabled={update.isPending}
      onCheckedChange={(value) =>
        update.mutate(
          { [field]: value },
          {
            onSuccess: () =>
              toast({ title: "Settings Updated", description: `${label} is now ${value ? "on" : "off"}.` }),
            onError: () => toast({ title: "Error", description: SETTINGS_FAILED, variant: "destructive" }),
          },
        )
      }
    />
  );
}

export function ToggleLayout({
  id,
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  id: string;
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (value: boolean) => void;
}) {
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="cursor-pointer text-sm font-semibold text-slate-900">
          {label}
        </label>
        <p id={`${id}-description`} className="text-sm text-slate-600">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
        className="mt-0.5"
      />
    </div>
  );
}

export function NotificationToggles({ child }: { child: Child }) {
  return (
    <Card aria-labelledby="notifications-title">
      <CardHeader>
        <CardTitle id="notifications-title" className="flex items-center gap-2">
          <Bell className="h-5 w-5 text-brand-700" aria-hidden /> Notifications
        </CardTitle>
        <CardDescription>What we tell you about {child.name}</CardDescription>
      </CardHeader>
      <CardContent className="divide-y divide-slate-200">
        <ToggleRow
          child={child}
          field="notifyPurchaseApprovals"
          label="Purchase Approvals"
          description="When a cart is waiting for your decision."
        />
        <ToggleRow
          child={child}
          field="notifyBudgetWarnings"
          label="Budget Warnings"
          description="When spending passes 75 and 90 percent of the budget."
        />
        <ToggleRow
          child={child}
          field="notifyAchievementUpdates"
          label="Achievement Updates"
          description="When a new badge is earned."
        />
      </CardContent>
    </Card>
  );
}

export function SafetyToggles({
  child,
  onActiveChange,
  activeBusy,
}: {
  child: Child;
  onActiveChange: (active: boolean) => void;
  activeBusy: boolean;
}) {
  const activeId = useId();
  return (
    <Card aria-labelledby="safety-title">
      <CardHeader>
        <CardTitle id="safety-title" className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden /> Safety & Privacy
        </CardTitle>
        <CardDescription>Rules that protect {child.name} while shopping</CardDescription>
      </CardHeader>
      <CardContent className="divide-y divide-slate-200">
        <ToggleRow
          child={child}
          field="requireApprovalForAll"
          label="Require Approval for All Purchases"
          description="Every cart waits for you, even under the auto-approval limit."
        />
        <ToggleRow
          child={child}
          field="blockAdultContent"
          label="Block Adult Content"
          description="Hide products meant for adults."
        />
        <ToggleLayout
          id={activeId}
          label="Profile is Active"
          description={child.isActive ? "The child can shop and send carts." : "The profile is paused; no purchases."}
          checked={child.isActive}
          disabled={activeBusy}
          onCheckedChange={onActiveChange}
        />
      </CardContent>
    </Card>
  );
}
