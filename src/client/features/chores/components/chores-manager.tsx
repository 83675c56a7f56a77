import type { Chore } from "@shared/schemas/chores";
import { ListTodo, Pencil, Plus, Trash2 } from "lucide-react";
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
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useCreateChore } from "../api/create-chore";
import { useDeleteChore } from "../api/delete-chore";
import { useChores } from "../api/get-chores";
import { useUpdateChore } from "../api/update-chore";
import { ChoreForm } from "./chore-form";
import { ConfirmChoreButton } from "./chore-status";

const errorText = clientErrorMessage;

const formatDate = (iso: string) =>
  new Date(iso.length === 10 ? `${iso}T12:00:00` : iso).toLocaleDateString([], { month: "short", day: "numeric" });

function ChoreStatus({ chore }: { chore: Chore }) {
  if (chore.isCompleted) return <Badge variant="approved">Done</Badge>;
  if (chore.markedDoneAt) return <Badge variant="pending">Marked done</Badge>;
  return <Badge variant="neutral">To do</Badge>;
}

function ChoreRow({ chore, childName }: { chore: Chore; childName: string }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateChore(chore.childId);
  const remove = useDeleteChore(chore.childId, {
    onDone: () => toast({ title: "Chore deleted", description: `${chore.title} was removed.` }),
  });

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{chore.title}</span>
          <ChoreStatus chore={chore} />
        </div>
        <p className="text-sm text-slate-600">
          ${chore.reward} reward
          {chore.dueDate && ` · due ${formatDate(chore.dueDate)}`}
          {chore.completedAt && ` · confirmed ${formatDate(chore.completedAt)}`}
        </p>
        {chore.description && <p className="mt-0.5 text-sm text-slate-600">{chore.description}</p>}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {chore.markedDoneAt && !chore.isCompleted && <ConfirmChoreButton chore={chore} childName={childName} />}
        {!chore.isCompleted && (
          <Button size="sm" variant="outline" onClick={() => setEditing(true)} aria-label={`Edit ${chore.title}`}>
            <Pencil aria-hidden />
            Edit
          </Button>
        )}
        <Button size="sm" variant="ghost" onClick={() => setDeleting(true)} aria-label={`Delete ${chore.title}`}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>

      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent>
          <DialogTitle className="mb-4">Edit chore</DialogTitle>
          <ChoreForm
            chore={chore}
            submitLabel="Save chore"
            pending={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(values) =>
              update.mutateAsync(
                { id: chore.id, ...values },
                {
                  onSuccess: () => {
                    setEditing(false);
                    toast({ title: "Chore saved", description: `${values.title} was updated.` });
                  },
                  onError: (err) =>
                    toast({
                      variant: "destructive",
                      title: "Error",
                      description: errorText(err, "Failed to save the chore."),
                    }),
                },
              )
            }
          />
        </DialogContent>
      </Dialog>

      <AlertDialog open={deleting} onOpenChange={setDeleting}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete "{chore.title}"?</AlertDialogTitle>
          <AlertDialogDescription>
            {childName} won't see this chore any more.
            {chore.isCompleted ? " A reward already confirmed stays in this month's budget." : ""}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                remove.mutate(chore.id, {
                  onError: (err) =>
                    toast({
                      variant: "destructive",
                      title: "Error",
                      description: errorText(err, "Failed to delete the chore."),
                    }),
                })
              }
            >
              Delete chore
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

/** Child settings: the chores a child can do to earn extra budget this month (spec 000 §1, docs/product-contract.md "Chores, badges, categories"). */
export function ChoresManager({ childId, childName }: { childId: string; childName: string }) {
  const { data: chores, isLoading, isError } = useChores(childId);
  const create = useCreateChore(childId);
  const [adding, setAdding] = useState(false);
  const [formKey, setFormKey] = useState(0);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <ListTodo className="h-5 w-5 text-brand-700" aria-hidden />
            Chores
          </CardTitle>
          <CardDescription>Confirmed rewards add to {childName}'s budget for the month.</CardDescription>
        </div>
        {!adding && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add chore
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {adding && (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <ChoreForm
              key={formKey}
              submitLabel="Add chore"
              pending={create.isPending}
              onCancel={() => setAdding(false)}
              onSubmit={(values) =>
                create.mutateAsync(
                  {
                    title: values.title,
                    reward: values.reward,
                    ...(values.description ? { description: values.description } : {}),
                    ...(values.dueDate ? { dueDate: values.dueDate } : {}),
                  },
                  {
                    onSuccess: () => {
                      setFormKey((k) => k + 1);
                      setAdding(false);
                      toast({ title: "Chore added", description: `${childName} can see "${values.title}" now.` });
                    },
                    onError: (err) =>
                      toast({
                        variant: "destructive",
                        title: "Error",
                        description: errorText(err, "Failed to add the chore."),
                      }),
                  },
                )
              }
            />
          </div>
        )}
        {isLoading && <p className="text-sm text-slate-600">Loading chores...</p>}
        {isError && <p className="text-sm text-red-700">Couldn't load chores.</p>}
        {chores && chores.length === 0 && !adding && (
          <p className="text-sm text-slate-600">No chores yet. Add one so {childName} can earn extra budget.</p>
        )}
        {chores && chores.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {chores.map((chore) => (
              <ChoreRow key={chore.id} chore={chore} childName={childName} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
