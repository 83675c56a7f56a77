import { goalMissing, goalPercent, goalRetailer } from "@shared/rules/goals";
import { formatDollars } from "@shared/rules/money";
import type { Child } from "@shared/schemas/children";
import type { Goal } from "@shared/schemas/goals";
import { ExternalLink, Gift, PiggyBank, Plus, ShoppingCart, Trash2 } from "lucide-react";
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
import { toCents } from "@/components/ui/money";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useAddToGoal } from "../api/add-to-goal";
import { useAskToBuyGoal } from "../api/ask-to-buy-goal";
import { useCreateGoal } from "../api/create-goal";
import { useDeleteGoal } from "../api/delete-goal";
import { useGoals } from "../api/get-goals";
import { monthLeftCents } from "../lib/month-left";
import { AmountForm } from "./amount-form";
import { NewGoalForm } from "./new-goal-form";

const failure = (fallback: string) => (err: unknown) =>
  toast({ variant: "destructive", title: "Something went wrong", description: clientErrorMessage(err, fallback) });

/**
 * docs/product-contract.md "Learning and saving" (docs/decisions/153): the child's savings goals on the child
 * dashboard. The child sets goals, moves money in from what is left this month, deletes them and asks to buy a
 * reached one; a guardian sees the same card and can add their own money ("Add to goal").
 */
export function GoalsCard({ child, viewer }: { child: Child; viewer: "child" | "parent" }) {
  const goals = useGoals(child.id);
  const [creating, setCreating] = useState(false);
  const create = useCreateGoal(child.id, {
    onDone: () => {
      setCreating(false);
      toast({ title: "Goal started", description: "Add money to it whenever you have some left." });
    },
  });
  const isChild = viewer === "child";
  const leftCents = monthLeftCents(child);
  const list = goals.data ?? [];

  return (
    <Card aria-labelledby="goals-title">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle id="goals-title" className="flex items-center gap-2">
            <PiggyBank className="h-5 w-5 text-brand-700" aria-hidden />
            {isChild ? "My goals" : `${child.name}'s goals`}
          </CardTitle>
          <CardDescription>
            {isChild
              ? `Save up for something big. You have ${formatDollars(leftCents)} left this month to spend or save.`
              : `What ${child.name} is saving for. Money you add is yours and doesn't come out of ${child.name}'s budget.`}
          </CardDescription>
        </div>
        {isChild && !creating && (
          <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
            <Plus aria-hidden />
            New goal
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {creating && (
          <NewGoalForm
            pending={create.isPending}
            onSubmit={(values) =>
              create.mutateAsync(values, { onError: failure("Your goal could not be saved. Please try again.") })
            }
            onCancel={() => setCreating(false)}
          />
        )}
        {goals.isLoading ? (
          <Spinner label="Loading goals" />
        ) : goals.isError ? (
          <p className="text-sm text-red-800">Goals could not be loaded. Please refresh the page.</p>
        ) : list.length === 0 ? (
          !creating && (
            <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
              {isChild
                ? "No goals yet. Start one for something you really want!"
                : `${child.name} has no savings goals yet.`}
            </p>
          )
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {list.map((goal) => (
              <GoalItem key={goal.id} goal={goal} child={child} viewer={viewer} leftCents={leftCents} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function GoalItem({
  goal,
  child,
  viewer,
  leftCents,
}: {
  goal: Goal;
  child: Child;
  viewer: "child" | "parent";
  leftCents: number;
}) {
  const [adding, setAdding] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const saved = toCents(goal.saved);
  const target = toCents(goal.target);
  const missing = goalMissing(saved, target);
  const isChild = viewer === "child";
  const add = useAddToGoal(child.id, { onDone: () => setAdding(false) });
  const remove = useDeleteGoal(child.id, {
    onDone: () =>
      toast({
        title: "Goal deleted",
        description: back(goal) ? `${formatDollars(back(goal))} went back to this month's budget.` : goal.name,
      }),
  });
  const ask = useAskToBuyGoal(child.id, {
    onDone: () => toast({ title: "Asked to buy it", description: `${goal.name} is in your carts now.` }),
  });

  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex items-center gap-1.5 font-semibold text-slate-900">
            <Gift className="h-4 w-4 shrink-0 text-brand-700" aria-hidden />
            <span className="truncate">{goal.name}</span>
          </p>
          {goal.url && (
            <a
              href={goal.url}
              target="_blank"
              rel="noopener noreferrer"
              className="mt-0.5 inline-flex max-w-full items-center gap-1 text-xs text-brand-700 underline-offset-4 hover:underline"
            >
              <span className="truncate">{goalRetailer(goal.url)}</span>
              <ExternalLink className="h-3 w-3 shrink-0" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </div>
        {goal.status === "reached" && <Badge variant="approved">Reached!</Badge>}
        {goal.status === "bought" && <Badge variant="neutral">Asked to buy</Badge>}
      </div>
      <p className="mt-3 text-sm text-slate-700">
        <span className="font-bold text-slate-900">{formatDollars(saved)}</span> of {formatDollars(target)}
      </p>
      <Progress
        className="mt-1.5 h-3"
        value={goalPercent(saved, target)}
        barClassName={goal.status === "active" ? "bg-brand-600" : "bg-emerald-600"}
        label={`${goal.name}: saved ${formatDollars(saved)} of ${formatDollars(target)}`}
      />
      {goal.status === "active" && <p className="mt-1.5 text-xs text-slate-600">{formatDollars(missing)} to go</p>}

      {adding && goal.status === "active" && (
        <AmountForm
          label="How much do you want to add?"
          hint={
            isChild
              ? `You have ${formatDollars(leftCents)} left this month. ${formatDollars(missing)} reaches this goal.`
              : `Your own money. ${formatDollars(missing)} reaches this goal.`
          }
          submitLabel={isChild ? "Add money" : "Add to goal"}
          maxCents={isChild ? Math.min(leftCents, missing) : missing}
          tooMuch={(max) =>
            isChild && leftCents < missing
              ? `You only have ${formatDollars(max)} left this month`
              : `${formatDollars(max)} is all this goal still needs`
          }
          pending={add.isPending}
          onSubmit={(amount) =>
            add.mutateAsync(
              { goalId: goal.id, amount, ...(isChild ? {} : { source: "match" as const }) },
              { onError: failure("The money could not be added. Please try again.") },
            )
          }
          onCancel={() => setAdding(false)}
        />
      )}

      <div className="mt-3 flex flex-wrap items-center gap-2 empty:hidden">
        {goal.status === "active" && !adding && (isChild ? leftCents > 0 : true) && (
          <Button
            size="sm"
            onClick={() => setAdding(true)}
            aria-label={`${isChild ? "Add money" : "Add to goal"}: ${goal.name}`}
          >
            <Plus aria-hidden />
            {isChild ? "Add money" : "Add to goal"}
          </Button>
        )}
        {isChild && goal.status === "reached" && (
          <Button
            size="sm"
            variant="success"
            disabled={ask.isPending}
            onClick={() =>
              ask.mutate(goal.id, { onError: failure("Your request could not be sent. Please try again.") })
            }
          >
            <ShoppingCart aria-hidden />
            Ask to buy it
          </Button>
        )}
        {isChild && (
          <Button
            size="sm"
            variant="ghost"
            className="ml-auto text-red-700 hover:bg-red-50"
            aria-label={`Delete ${goal.name}`}
            onClick={() => setConfirmingDelete(true)}
          >
            <Trash2 aria-hidden />
            Delete
          </Button>
        )}
      </div>

      <AlertDialog open={confirmingDelete} onOpenChange={setConfirmingDelete}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete {goal.name}?</AlertDialogTitle>
          <AlertDialogDescription>
            {back(goal)
              ? `The ${formatDollars(back(goal))} saved in it goes back to this month's budget.`
              : goal.status === "bought"
                ? "Its money already went to buying it, so deleting only takes it off your list."
                : "Nothing is saved in it yet."}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction
              className="bg-red-700 hover:bg-red-800"
              onClick={() =>
                remove.mutate(goal.id, { onError: failure("The goal could not be deleted. Please try again.") })
              }
            >
              Delete goal
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

/** What deleting gives back: a goal asked for already spent its money on the cart. */
const back = (goal: Goal) => (goal.status === "bought" ? 0 : toCents(goal.saved));
