import type { ChildConsent, ConsentStatus } from "@shared/schemas/child-consents";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useChildConsents } from "../api/get-child-consents";
import { useWithdrawChildConsent } from "../api/withdraw-child-consent";
import { CONSENT_OPTIONS, VERIFICATION_OPTIONS } from "../consent-copy";

type BadgeVariant = "pending" | "approved" | "declined" | "completed" | "neutral";

const STATUS: Record<ConsentStatus, { label: string; variant: BadgeVariant; text: (name: string) => string }> = {
  not_needed: {
    label: "Not needed",
    variant: "neutral",
    text: (name) => `${name} is 13 or older, so no parental consent is needed to sign in.`,
  },
  required: {
    label: "Consent needed",
    variant: "pending",
    text: (name) => `${name} can sign in once you give parental consent.`,
  },
  pending: {
    label: "Consent in review",
    variant: "completed",
    text: (name) => `We check your consent typically within 24-48 hours. ${name} can sign in once it is verified.`,
  },
  verified: {
    label: "Verified",
    variant: "approved",
    text: (name) => `Your consent is verified: ${name} can sign in.`,
  },
};

const RECORD_STATUS: Record<ChildConsent["status"], { label: string; variant: BadgeVariant }> = {
  awaiting_payment: { label: "Card check not finished", variant: "neutral" },
  pending: { label: "In review", variant: "completed" },
  verified: { label: "Verified", variant: "approved" },
  rejected: { label: "Rejected", variant: "declined" },
  withdrawn: { label: "Withdrawn", variant: "neutral" },
  replaced: { label: "Replaced", variant: "neutral" },
};

const methodTitle = (method: ChildConsent["method"]) =>
  VERIFICATION_OPTIONS.find((o) => o.id === method)?.title ?? method;
const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/** What the parent consented to, by the wizard's own titles. */
function scopes(consent: ChildConsent): string {
  const given = CONSENT_OPTIONS.filter((o) => consent[o.id]).map((o) => o.title.replace(" (optional)", ""));
  const shared = consent.thirdParty ? [] : ["not shared with third parties"];
  return [...given, ...shared].join(", ");
}

function ConsentRecord({ consent }: { consent: ChildConsent }) {
  const status = RECORD_STATUS[consent.status];
  return (
    <li className="p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">{methodTitle(consent.method)}</p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Given</dt>
        <dd className="text-slate-900">
          <time dateTime={consent.createdAt}>{formatDate(consent.createdAt)}</time> by {consent.fullName}
        </dd>
        <dt className="text-slate-600">Reference</dt>
        <dd className="font-mono text-slate-900 [overflow-wrap:anywhere]">{consent.reference}</dd>
        <dt className="text-slate-600">Consented to</dt>
        <dd className="text-slate-900">{scopes(consent)}</dd>
        {consent.rejectionReason && (
          <>
            <dt className="text-slate-600">Why rejected</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{consent.rejectionReason}</dd>
          </>
        )}
        {consent.withdrawnAt && (
          <>
            <dt className="text-slate-600">Withdrawn</dt>
            <dd className="text-slate-900">
              <time dateTime={consent.withdrawnAt}>{formatDate(consent.withdrawnAt)}</time>
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

/**
 * Child settings: the parental consent for a child (docs/decisions/160): where it stands, every record with its
 * method, date, reference and scope, and the parent's right to withdraw it (spec 001 §2.4's rights).
 */
export function ChildConsentSection({
  childId,
  childName,
  consentStatus,
}: {
  childId: string;
  childName: string;
  consentStatus: ConsentStatus;
}) {
  const consents = useChildConsents(childId);
  const withdraw = useWithdrawChildConsent(childId);
  const [confirming, setConfirming] = useState(false);
  const status = STATUS[consentStatus];
  const withdrawable = consents.data?.some((c) => c.status === "verified" || c.status === "pending") ?? false;

  const confirmWithdraw = () =>
    withdraw.mutate(undefined, {
      onSuccess: () => toast({ title: "Consent withdrawn", description: `${childName} is signed out everywhere.` }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: clientErrorMessage(error, "Couldn't withdraw your consent. Please try again."),
        }),
    });

  return (
    <Card aria-labelledby={`consent-${childId}`}>
      <CardHeader>
        <CardTitle id={`consent-${childId}`} className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-brand-700" aria-hidden />
          Parental consent
        </CardTitle>
        <CardDescription>What you agreed to for {childName}, and your right to withdraw it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={status.variant}>{status.label}</Badge>
          <p className="text-sm text-slate-700">{status.text(childName)}</p>
        </div>
        {consentStatus === "required" && (
          <Link
            href={`/coppa-consent?child=${encodeURIComponent(childId)}`}
            className={`${buttonVariants({ size: "sm" })} justify-self-start`}
          >
            <ShieldCheck aria-hidden /> Give consent
          </Link>
        )}
        {consents.isPending && <p className="text-sm text-slate-600">Loading consent records...</p>}
        {consents.isError && (
          <p className="text-sm text-red-700" role="alert">
            Couldn't load {childName}'s consent records.
          </p>
        )}
        {!!consents.data?.length && (
          <section aria-labelledby={`consent-records-${childId}`}>
            <h3 id={`consent-records-${childId}`} className="text-sm font-semibold text-slate-900">
              Consent records
            </h3>
            <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200">
              {consents.data.map((c) => (
                <ConsentRecord key={c.id} consent={c} />
              ))}
            </ul>
          </section>
        )}
        {withdrawable && (
          <Button
            variant="outline"
            className="justify-self-start border-red-300 text-red-800 hover:bg-red-50"
            disabled={withdraw.isPending}
            onClick={() => setConfirming(true)}
          >
            <ShieldOff aria-hidden /> Withdraw consent
          </Button>
        )}
      </CardContent>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogTitle>Withdraw your consent for {childName}?</AlertDialogTitle>
          <AlertDialogDescription>
            {childName} will be signed out everywhere at once: every browser, the extension and any sign-in code.
            {childName} can't sign in again until you give consent again.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep consent</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmWithdraw}>
              Withdraw consent
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
