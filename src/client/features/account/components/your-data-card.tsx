import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useDownloadAccountData } from "../api/download-account-data";
import { GENERIC_FAILURE } from "../lib/server-errors";
import { DeleteAccountDialog } from "./delete-account-dialog";

/**
 * docs/decisions/158: the family's privacy rights in the Parent Center: download everything, or delete the
 * account. `role` comes from the family (the page passes it): the owner deletes the family, any other guardian
 * leaves it; until it is known only the download shows.
 */
export function YourDataCard({ id, role }: { id: string; role: "owner" | "guardian" | undefined }) {
  const download = useDownloadAccountData();
  const save = () =>
    download.mutate(undefined, {
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Not downloaded",
          description: clientErrorMessage(error, GENERIC_FAILURE),
        }),
    });
  return (
    <Card id={id} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <CardHeader>
        <CardTitle id={`${id}-title`}>Your data</CardTitle>
        <CardDescription>Take a copy of what Pocketwise holds for your family, or delete it</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <section aria-labelledby={`${id}-download`} className="grid gap-3">
          <h3 id={`${id}-download`} className="text-base font-semibold text-slate-900">
            Download your data
          </h3>
          <p className="text-sm text-slate-700">
            One JSON file with your account, your family's guardians and children, their carts, chores, badges,
            categories, savings goals, lessons and consents, and your notifications.
          </p>
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={save}
            disabled={download.isPending}
          >
            <Download aria-hidden /> {download.isPending ? "Preparing your file..." : "Download your data"}
          </Button>
        </section>
        {role && (
          <section aria-labelledby={`${id}-delete`} className="grid gap-3 border-t border-slate-200 pt-5">
            <h3 id={`${id}-delete`} className="text-base font-semibold text-slate-900">
              {role === "owner" ? "Delete account" : "Leave this family"}
            </h3>
            <p className="text-sm text-slate-700">
              {role === "owner"
                ? "Deletes your account and your family with everything in it, for good. Download your data first if you want to keep a copy."
                : "You stop being a guardian of this family and your own account is deleted. The family stays with its owner."}
            </p>
            <DeleteAccountDialog role={role} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}
