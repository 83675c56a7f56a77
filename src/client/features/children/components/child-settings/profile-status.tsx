import type { Child } from "@shared/schemas/children";
import { PauseCircle, PlayCircle, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useDeleteChild } from "@/features/children/api/delete-child";
import { useUpdateChild } from "@/features/children/api/update-child";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";

// spec 000 §4 and §9: the settings tab closes itself 2 s after a deactivation.
export const CLOSE_AFTER_DEACTIVATE_MS = 2000;
export const DEACTIVATE_FAILED = "Failed to deactivate profile. Please try again.";

/**
 * Deactivation, reactivation and deletion. `confirmDeactivate` is raised from outside too (the
 * Profile is Active switch), so the same confirmation guards both ways in.
 */
export function useProfileStatus(
  child: Child,
  { onDeactivated, onDeleted }: { onDeactivated: () => void; onDeleted: () => void },
) {
  const update = useUpdateChild(child.id);
  const remove = useDeleteChild(child.id);
  const [confirmDeactivate, setConfirmDeactivate] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const deactivate = () =>
    update.mutate(
      { isActive: false },
      {
        onSuccess: () => {
          toast({
            title: "Profile Deactivated",
            description: `${child.name}'s profile has been deactivated successfully.`,
          });
          closeTimer.current = setTimeout(onDeactivated, CLOSE_AFTER_DEACTIVATE_MS);
        },
        onError: () => toast({ title: "Error", description: DEACTIVATE_FAILED, variant: "destructive" }),
      },
    );

  const reactivate = () =>
    update.mutate(
      { isActive: true },
      {
        onSuccess: () =>
          toast({ title: "Profile Reactivated", description: `${child.name}'s profile is active again.` }),
        onError: (error) =>
          toast({
            title: "Error",
            // A plan limit (403) names the plan and the upgrade; say so rather than a generic failure.
            description:
              (error instanceof ApiRequestError && error.status === 403 && error.serverMessage) ||
              "Failed to reactivate profile. Please try again.",
            variant: "destructive",
          }),
      },
    );

  const deleteChild = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Profile Deleted", description: `${child.name}'s profile and data have been deleted.` });
        onDeleted();
      },
      onError: () =>
        toast({ title: "Error", description: "Failed to delete profile. Please try again.", variant: "destructive" }),
    });

  return {
    busy: update.isPending || remove.isPending,
    confirmDeactivate,
    setConfirmDeactivate,
    confirmDelete,
    setConfirmDelete,
    deactivate,
    reactivate,
    deleteChild,
  };
}

type ProfileStatusState = ReturnType<typeof useProfileStatus>;

export function ProfileStatusCard({ child, status }: { child: Child; status: ProfileStatusState }) {
  return (
    <Card aria-labelledby="status-title" className="border-red-200">
      <CardHeader>
        <CardTitle id="status-title">Profile status</CardTitle>
        <CardDescription>
          {child.isActive
            ? `${child.name}'s profile is active.`
            : `${child.name}'s profile is deactivated. ${child.name} cannot make purchases until it is reactivated.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 sm:flex-row">
        {child.isActive ? (
          <Button
            variant="outline"
            className="text-red-800 hover:bg-red-50"
            disabled={status.busy}
            onClick={() => status.setConfirmDeactivate(true)}
          >
            <PauseCircle aria-hidden /> Deactivate Profile
          </Button>
        ) : (
          <Button variant="success" disabled={status.busy} onClick={status.reactivate}>
            <PlayCircle aria-hidden /> Reactivate Profile
          </Button>
        )}
        <Button variant="destructive" disabled={status.busy} onClick={() => status.setConfirmDelete(true)}>
          <Trash2 aria-hidden /> Delete Profile
        </Button>
      </CardContent>

      <AlertDialog open={status.confirmDeactivate} onOpenChange={status.setConfirmDeactivate}>
        <AlertDialogContent>
          <AlertDialogTitle>Deactivate {child.name}'s profile?</AlertDialogTitle>
          <AlertDialogDescription>
            {child.name} cannot make purchases until the account is reactivated. You can reactivate it at any time from
            this page.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={status.deactivate}>
              Deactivate Profile
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <AlertDialog open={status.confirmDelete} onOpenChange={status.setConfirmDelete}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete {child.name}'s profile?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently removes {child.name}'s profile with all carts, chores and badges. It cannot be undone.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={status.deleteChild}>
              Delete Profile
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
