import { LogOut } from "lucide-react";
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
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useSignOutEverywhere } from "../api/sign-out-everywhere";
import { GENERIC_FAILURE } from "../lib/server-errors";

/** Where the browser goes once signed out: a full load, so nothing cached for the account stays on screen. */
export function leaveSignedOut() {
  window.location.assign("/");
}

export function SignOutEverywhereButton({ onSignedOut = leaveSignedOut }: { onSignedOut?: () => void }) {
  const [open, setOpen] = useState(false);
  const signOut = useSignOutEverywhere();
  const confirm = (event: Event) => {
    // Keep the dialog open until the server has answered.
    event.preventDefault();
    signOut.mutate(undefined, {
      onSuccess: onSignedOut,
      onError: (error) => {
        setOpen(false);
        toast({
          variant: "destructive",
          title: "Not signed out",
          description: clientErrorMessage(error, GENERIC_FAILURE),
        });
      },
    });
  };
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button type="button" variant="outline" className="justify-self-start" onClick={() => setOpen(true)}>
        <LogOut aria-hidden /> Sign out everywhere
      </Button>
      <AlertDialogContent>
        <AlertDialogTitle>Sign out everywhere?</AlertDialogTitle>
        <AlertDialogDescription>
          Every browser and device signed in to your account is signed out, this one included. Your children stay signed
          in on their own devices.
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={signOut.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" disabled={signOut.isPending} onClick={(e) => confirm(e.nativeEvent)}>
            {signOut.isPending ? "Signing out..." : "Sign out everywhere"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
