import type { Chore } from "@shared/schemas/chores";
import { Check, CheckCheck, Hourglass } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useCompleteChore } from "../api/complete-chore";
import { useConfirmChore } from "../api/confirm-chore";

const failure = (fallback: string) => (err: unknown) =>
  toast({
    variant: "destructive",
    title: "Error",
    description: clientErrorMessage(err, fallback),
  });

/** The parent's Confirm: the chore counts and its reward joins the child's budget for this month. */
export function ConfirmChoreButton({ chore, childName }: { chore: Chore; childName?: string }) {
  const confirm = useConfirmChore(chore.childId, {
    onDone: () => toast({ title: "Chore confirmed", description: `$${chore.reward} added to this month's budget.` }),
  });
  return (
    <Button
      size="sm"
      variant="success"
      disabled={confirm.isPending}
      aria-label={`Confirm ${childName ? `${childName}'s chore ` : ""}${chore.title}`}
      onClick={() => confirm.mutate(chore.id, { onError: failure("Failed to confirm the chore. Please try again.") })}
    >
      <CheckCheck aria-hidden />
      Confirm
    </Button>
  );
}

/**
 * The action beside a chore on the child dashboard: the child marks it done and then waits;
 * a parent looking at the same dashboard confirms what the child marked.
 */
export function ChoreAction({ chore, viewer }: { chore: Chore; viewer: "parent" | "child" }) {
  const complete = useCompleteChore(chore.childId);
  if (chore.isCompleted) {
    return (
      <span className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-800">
        <Check className="h-4 w-4" aria-hidden />
        Done
      </span>
    );
  }
  if (chore.markedDoneAt) {
    if (viewer === "parent") return <ConfirmChoreButton chore={chore} />;
    return (
      <span className="inline-flex items-center gap-1 text-sm font-medium text-amber-800">
        <Hourglass className="h-4 w-4" aria-hidden />
        Waiting for a parent to confirm
      </span>
    );
  }
  if (viewer !== "child") return null;
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={complete.isPending}
      aria-label={`Mark ${chore.title} done`}
      onClick={() => complete.mutate(chore.id, { onError: failure("Couldn't mark it done. Please try again.") })}
    >
      <Check aria-hidden />
      Mark done
    </Button>
  );
}
