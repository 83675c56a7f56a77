import type { Guardian, PendingInvitation } from "@shared/schemas/family";
import { Mail, UserMinus, Users } from "lucide-react";
import { useState } from "react";
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
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatAmount } from "@/components/ui/money";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useFamily } from "../api/get-family";
import { useRemoveGuardian } from "../api/remove-guardian";
import { useWithdrawInvitation } from "../api/withdraw-invitation";
import { ApprovalWindowForm } from "./approval-window-form";
import { GuardianLimitForm } from "./guardian-limit-form";
import { guardianName } from "./guardian-name";
import { InviteGuardianForm } from "./invite-guardian-form";

/** /parent#family leads here. */
const FAMILY_SECTION_ID = "family";

const dateFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric" });

const limitText = (limit: string | null) =>
  limit === null ? "Can approve any amount" : `Can approve up to ${formatAmount(limit)}`;

/** The owner first, then the others by name, so the list reads the same on every guardian's screen. */
const byRole = (a: Guardian, b: Guardian) =>
  (a.role === "owner" ? 0 : 1) - (b.role === "owner" ? 0 : 1) || guardianName(a).localeCompare(guardianName(b));

function RemoveGuardian({ guardian }: { guardian: Guardian }) {
  const remove = useRemoveGuardian();
  const [open, setOpen] = useState(false);
  const name = guardianName(guardian);
  const onRemove = () =>
    remove.mutate(guardian.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: "Guardian removed", description: `${name} no longer has access to your family.` });
      },
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: clientErrorMessage(error, "Failed to remove the guardian. Please try again."),
        }),
    });
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Remove ${name}`}>
        <UserMinus aria-hidden />
        Remove
      </Button>
      <AlertDialogContent>
        <AlertDialogTitle>Remove {name} from your family?</AlertDialogTitle>
        <AlertDialogDescription>
          {name} stops seeing your children and their requests at once, on every device they use. You can invite them
          again later.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep {name}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={remove.isPending}
            onClick={(e) => {
              // The dialog stays open until the server has answered, so a failure is seen beside its cause.
              e.preventDefault();
              onRemove();
            }}
          >
            Remove
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function GuardianRow({ guardian, isMe, ownerView }: { guardian: Guardian; isMe: boolean; ownerView: boolean }) {
  const [editing, setEditing] = useState(false);
  const name = guardianName(guardian);
  const manageable = ownerView && guardian.role !== "owner";
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
            <span className="break-words">{name}</span>
            {isMe && <span className="text-sm font-normal text-slate-600">(you)</span>}
            <Badge variant={guardian.role === "owner" ? "default" : "neutral"}>
              {guardian.role === "owner" ? "Owner" : "Guardian"}
            </Badge>
          </p>
          <p className="break-all text-sm text-slate-600">{guardian.email}</p>
          <p className="mt-1 text-sm text-slate-700">{limitText(guardian.approvalLimit)}</p>
        </div>
        {manageable && !editing && (
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => setEditing(true)}
              aria-label={`Change limit for ${name}`}
            >
              Change limit
            </Button>
            <RemoveGuardian guardian={guardian} />
          </div>
        )}
      </div>
      {editing && <GuardianLimitForm guardian={guardian} onDone={() => setEditing(false)} />}
    </li>
  );
}

function PendingInvitations({ invitations }: { invitations: PendingInvitation[] }) {
  const withdraw = useWithdrawInvitation();
  if (invitations.length === 0) return null;
  const onWithdraw = (invitation: PendingInvitation) =>
    withdraw.mutate(invitation.id, {
      onSuccess: () =>
        toast({ title: "Invitation withdrawn", description: `The link sent to ${invitation.email} no longer works.` }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: clientErrorMessage(error, "Failed to withdraw the invitation. Please try again."),
        }),
    });
  return (
    <section aria-labelledby="invitations-title">
      <h3 id="invitations-title" className="font-semibold text-slate-900">
        Waiting to join
      </h3>
      <ul className="mt-3 grid gap-2">
        {invitations.map((invitation) => (
          <li
            key={invitation.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-dashed border-slate-300 p-3"
          >
            <div className="min-w-0 text-sm">
              <p className="flex items-center gap-1.5 break-all font-medium text-slate-900">
                <Mail className="h-4 w-4 shrink-0 text-slate-500" aria-hidden />
                {invitation.email}
              </p>
              <p className="text-slate-600">
                {limitText(invitation.approvalLimit)} · link works until{" "}
                {dateFormat.format(new Date(invitation.expiresAt))}
              </p>
            </div>
            <Button
              size="sm"
              variant="ghost"
              disabled={withdraw.isPending}
              onClick={() => onWithdraw(invitation)}
              aria-label={`Withdraw the invitation to ${invitation.email}`}
            >
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The Parent Center's "Family & guardians" (docs/product-contract.md "The family and its guardians"): who helps
 * decide, each one's approval limit and the family's approval window. Only the owner invites, removes and sets
 * limits; the server refuses anyone else, and the screen says so rather than offering buttons that fail.
 */
export function FamilySection({ currentUserId }: { currentUserId: string | undefined }) {
  const family = useFamily();
  const guardians = [...(family.data?.guardians ?? [])].sort(byRole);
  const owner = guardians.find((g) => g.role === "owner");
  const ownerView = owner !== undefined && owner.id === currentUserId;

  return (
    <Card id={FAMILY_SECTION_ID} aria-labelledby="family-title" className="scroll-mt-24">
      <CardHeader>
        <CardTitle id="family-title" className="flex items-center gap-2">
          <Users className="h-5 w-5 text-brand-700" aria-hidden /> Family &amp; guardians
        </CardTitle>
        <CardDescription>The adults who see your children's requests and decide on them.</CardDescription>
      </CardHeader>
      <CardContent>
        {family.isLoading ? (
          <Spinner label="Loading your family" />
        ) : !family.data ? (
          <p className="text-sm text-slate-700">Could not load your family. Reload the page to try again.</p>
        ) : (
          <div className="grid gap-6">
            <ul className="grid gap-3" aria-label="Guardians">
              {guardians.map((g) => (
                <GuardianRow key={g.id} guardian={g} isMe={g.id === currentUserId} ownerView={ownerView} />
              ))}
            </ul>
            {ownerView ? (
              <>
                <PendingInvitations invitations={family.data.invitations} />
                <section aria-labelledby="invite-title" className="border-t border-slate-200 pt-5">
                  <h3 id="invite-title" className="font-semibold text-slate-900">
                    Invite a guardian
                  </h3>
                  <p className="mb-4 mt-1 text-sm text-slate-600">
                    Another parent or a trusted adult sees every child and decides on requests with you.
                  </p>
                  <InviteGuardianForm />
                </section>
              </>
            ) : (
              <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
                Only the family's owner{owner ? `, ${guardianName(owner)},` : ""} can invite or remove guardians and set
                approval limits.
              </p>
            )}
            <section aria-labelledby="window-title" className="border-t border-slate-200 pt-5">
              <h3 id="window-title" className="mb-3 font-semibold text-slate-900">
                Approval window
              </h3>
              <ApprovalWindowForm hours={family.data.approvalWindowHours} />
            </section>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
