import { formatCents } from "@shared/rules/money";
import { PLANS } from "@shared/rules/plans";
import type { AdminFamily, Charge } from "@shared/schemas/admin-families";
import { SUBSCRIPTION_TIERS, type SubscriptionTier } from "@shared/schemas/usage";
import { ArrowLeft, Undo2 } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { describedBy, FormField, fieldIds } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { amountInput, formatAmount, toCents } from "@/components/ui/money";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { isAdminSessionError } from "../api/admin-request";
import { useFamily } from "../api/get-family";
import { useRefundCharge } from "../api/refund-charge";
import { useSetFamilyPlan } from "../api/set-family-plan";
import { AuditEntries } from "./audit-entries";
import { LoadFailed } from "./overview-tab";
import { formatDateTime } from "./status-badges";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

function failed(error: unknown, fallback: string) {
  if (isAdminSessionError(error)) return;
  const message = error instanceof ApiRequestError ? error.serverMessage : null;
  toast({ title: "Error", description: message ?? fallback, variant: "destructive" });
}

/** Stripe's status in words; null means the family never subscribed. */
export function subscriptionLabel(status: string | null): string {
  if (!status) return "No subscription";
  return status.charAt(0).toUpperCase() + status.slice(1).replaceAll("_", " ");
}

/** docs/decisions/155: one family as staff see it, with the two changes staff may make. */
export function FamilyDetail({ familyId, onBack }: { familyId: string; onBack: () => void }) {
  const family = useFamily(familyId);
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <Button type="button" variant="ghost" size="sm" className="-ml-2 mb-2 w-fit lg:hidden" onClick={onBack}>
          <ArrowLeft aria-hidden /> Back to families
        </Button>
        <CardTitle id={headingId} className="[overflow-wrap:anywhere]">
          {family.data ? family.data.ownerName : "Family"}
        </CardTitle>
        {family.data && (
          <CardDescription className="[overflow-wrap:anywhere]">
            {family.data.ownerEmail} · family since {formatDate(family.data.createdAt)}
          </CardDescription>
        )}
      </CardHeader>
      <CardContent>
        {family.isPending ? (
          <Spinner label="Loading family" className="py-10" />
        ) : family.data ? (
          <FamilyBody family={family.data} />
        ) : (
          <LoadFailed what="family" />
        )}
      </CardContent>
    </Card>
  );
}

function FamilyBody({ family }: { family: AdminFamily }) {
  const { billing } = family;
  const [justRecorded, setJustRecorded] = useState<string | null>(null);
  return (
    <div className="grid gap-6">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
        <Fact label="Plan in force">
          <Badge variant={billing.plan === "free" ? "neutral" : "approved"}>{PLANS[billing.plan].name}</Badge>
          {billing.suspended && (
            <Badge variant="declined" className="ml-2">
              Suspended
            </Badge>
          )}
        </Fact>
        <Fact label="Subscription">{subscriptionLabel(billing.status)}</Fact>
        <Fact label="Trial ends">{billing.trialEndsAt ? formatDate(billing.trialEndsAt) : "No trial"}</Fact>
        <Fact label="Current period ends">
          {billing.currentPeriodEnd ? formatDate(billing.currentPeriodEnd) : "—"}
          {billing.cancelAtPeriodEnd && " (cancels then)"}
        </Fact>
        <Fact label="Children">{family.childrenCount}</Fact>
        <Fact label="Granted plan time">
          {billing.grantedPlan && billing.grantedUntil
            ? `${PLANS[billing.grantedPlan].name} until ${formatDate(billing.grantedUntil)}`
            : "None"}
        </Fact>
      </dl>

      <Section title="Adults">
        <ul className="grid gap-1 text-sm">
          {family.guardians.map((g) => (
            <li key={g.id} className="flex flex-wrap items-center gap-x-2 [overflow-wrap:anywhere]">
              <span className="font-medium text-slate-900">{g.name}</span>
              <span className="text-slate-600">{g.email}</span>
              <Badge variant="neutral">{g.role === "owner" ? "Owner" : "Guardian"}</Badge>
            </li>
          ))}
        </ul>
      </Section>

      <SetPlanForm family={family} onRecorded={setJustRecorded} />

      <Section title={`Referrals (${family.referrals.count})`}>
        {family.referrals.referred.length === 0 ? (
          <p className="text-sm text-slate-600">No one has signed up through this family's links yet.</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {family.referrals.referred.map((r) => (
              <li key={r.id} className="[overflow-wrap:anywhere]">
                <span className="font-medium text-slate-900">{r.name}</span>{" "}
                <span className="text-slate-600">
                  {r.email} · joined {formatDate(r.createdAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Charges family={family} />

      <Section title="Staff changes to this family">
        {family.audit.length === 0 ? (
          <p className="text-sm text-slate-600">No staff member has changed this family yet.</p>
        ) : (
          <AuditEntries entries={family.audit} highlightId={justRecorded} />
        )}
      </Section>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-slate-600">{label}</dt>
      <dd className="mt-0.5 font-medium text-slate-900">{children}</dd>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2 border-t border-slate-200 pt-4">
      <h3 id={id} className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** Set plan, after a confirmation naming the change; the recorded entry is marked in the staff changes. */
function SetPlanForm({ family, onRecorded }: { family: AdminFamily; onRecorded: (auditId: string | null) => void }) {
  const selectId = useId();
  const [plan, setPlan] = useState<SubscriptionTier>(family.staffPlan ?? family.billing.plan);
  const [confirming, setConfirming] = useState(false);
  const setFamilyPlan = useSetFamilyPlan();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setConfirming(true);
  };
  const run = async () => {
    setConfirming(false);
    try {
      const changed = await setFamilyPlan.mutateAsync({ id: family.id, plan });
      const entry = changed.audit[0];
      onRecorded(entry?.id ?? null);
      toast({
        title: "Plan set",
        description: `${changed.ownerName} now has the ${PLANS[changed.billing.plan].name}. The change is in the staff log.`,
      });
    } catch (error) {
      failed(error, "Could not set the plan");
    }
  };
  return (
    <Section title="Set plan">
      <form onSubmit={submit} className="grid gap-1.5">
        <Label htmlFor={selectId}>Plan</Label>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="w-full sm:max-w-xs">
            <NativeSelect
              id={selectId}
              value={plan}
              onChange={(e) => setPlan(e.target.value as SubscriptionTier)}
              {...describedBy(selectId, { hint: true })}
            >
              {SUBSCRIPTION_TIERS.map((tier) => (
                <option key={tier} value={tier}>
                  {PLANS[tier].name}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" className="w-full sm:w-fit" disabled={setFamilyPlan.isPending}>
            Set plan
          </Button>
        </div>
        <p id={fieldIds(selectId).hint} className="text-sm text-slate-600">
          Free clears a plan staff set; a paid subscription or granted time still counts.
        </p>
      </form>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Set the {PLANS[plan].name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {family.ownerName}'s family gets the {PLANS[plan].name} and its limits at once. The change is recorded under
            your name.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <Button type="button" onClick={run}>
              Set plan
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Section>
  );
}

function Charges({ family }: { family: AdminFamily }) {
  const [refunding, setRefunding] = useState<Charge | null>(null);
  const notConfigured = "Payments are not configured on this server, so there are no charges to refund.";
  return (
    <Section title="Charges (last 90 days)">
      {!family.paymentsConfigured ? (
        <p className="text-sm text-slate-600">{notConfigured}</p>
      ) : family.charges === null ? (
        <p className="text-sm text-slate-600">This family has never paid through Stripe.</p>
      ) : family.charges.length === 0 ? (
        <p className="text-sm text-slate-600">No charges in the last 90 days.</p>
      ) : (
        <ul className="grid gap-2">
          {family.charges.map((charge) => (
            <ChargeItem key={charge.id} charge={charge} onRefund={() => setRefunding(charge)} />
          ))}
        </ul>
      )}
      {/* Keyed by the charge, so each opening starts from the whole amount left. */}
      <RefundDialog
        key={refunding?.id ?? "closed"}
        familyId={family.id}
        charge={refunding}
        onClose={() => setRefunding(null)}
      />
    </Section>
  );
}

function ChargeItem({ charge, onRefund }: { charge: Charge; onRefund: () => void }) {
  const reasonId = useId();
  const refunded = toCents(charge.amountRefunded);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 p-3 text-sm">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {formatAmount(charge.amount)}{" "}
          <span className="font-normal text-slate-600">
            · <time dateTime={charge.created}>{formatDateTime(charge.created)}</time>
          </span>
        </p>
        <p className="text-slate-600 [overflow-wrap:anywhere]">
          {charge.description ?? charge.id}
          {refunded > 0 && ` · ${formatAmount(charge.amountRefunded)} refunded`}
        </p>
        {charge.notRefundableReason && (
          <p id={reasonId} className="mt-1 text-slate-700">
            {charge.notRefundableReason}
          </p>
        )}
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={!charge.refundable}
        aria-describedby={charge.notRefundableReason ? reasonId : undefined}
        onClick={onRefund}
      >
        <Undo2 aria-hidden /> Refund
      </Button>
    </li>
  );
}

/** Asks for the amount (what is left of the charge by default) and confirms it before Stripe is called. */
function RefundDialog({ familyId, charge, onClose }: { familyId: string; charge: Charge | null; onClose: () => void }) {
  const amountId = useId();
  const refund = useRefundCharge();
  const left = charge ? toCents(charge.amount) - toCents(charge.amountRefunded) : 0;
  // null until staff type: the whole amount left is offered.
  const [amount, setAmount] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const shown = amount ?? formatCents(left);
  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (!charge) return;
    setError(undefined);
    try {
      const done = await refund.mutateAsync({ familyId, chargeId: charge.id, amount: amountInput(shown) });
      toast({ title: "Refund made", description: `${formatAmount(done.amount)} goes back to the card that paid.` });
      onClose();
    } catch (e) {
      const field = e instanceof ApiRequestError ? e.fieldErrors.amount : undefined;
      if (field) setError(field);
      else {
        failed(e, "Could not make the refund");
        onClose();
      }
    }
  };
  return (
    <AlertDialog
      open={charge !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent>
        <form onSubmit={run}>
          <AlertDialogTitle>Refund {formatAmount(amountInput(shown))}?</AlertDialogTitle>
          <AlertDialogDescription>
            Stripe returns the money to the card that paid the charge of {charge ? formatDateTime(charge.created) : ""}.
            This cannot be undone, and it is recorded under your name.
          </AlertDialogDescription>
          <FormField id={amountId} label="Amount to refund" error={error} className="mt-4">
            <Input
              id={amountId}
              inputMode="decimal"
              value={shown}
              onChange={(e) => setAmount(e.target.value)}
              {...describedBy(amountId, { error })}
            />
          </FormField>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={refund.isPending}>
              Refund {formatAmount(amountInput(shown))}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
