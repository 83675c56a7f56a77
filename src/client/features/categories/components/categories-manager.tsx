import { parseCents, percentSpent } from "@shared/rules/money";
import type { Category } from "@shared/schemas/categories";
import { Pencil, Plus, Tags, Trash2 } from "lucide-react";
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
import { Progress } from "@/components/ui/progress";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useCreateCategory } from "../api/create-category";
import { useDeleteCategory } from "../api/delete-category";
import { useCategories } from "../api/get-categories";
import { useUpdateCategory } from "../api/update-category";
import { CategoryForm } from "./category-form";

const errorText = clientErrorMessage;

const failed = (fallback: string) => (err: unknown) =>
  toast({ variant: "destructive", title: "Error", description: errorText(err, fallback) });

function CategoryRow({ category, childId }: { category: Category; childId: string }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateCategory(childId);
  const remove = useDeleteCategory(childId, {
    onDone: () => toast({ title: "Category deleted", description: `${category.name} was removed.` }),
  });
  const hasLimit = category.monthlyLimit !== "0.00";
  const percent = percentSpent(parseCents(category.currentSpent), parseCents(category.monthlyLimit));

  return (
    <li className="grid gap-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{category.name}</span>
          {category.isRestricted && <Badge variant="pending">Asks first</Badge>}
        </div>
        <div className="flex items-center gap-1">
          <span className="mr-1 text-sm text-slate-600" aria-hidden>
            Ask first
          </span>
          <Switch
            checked={category.isRestricted}
            disabled={update.isPending}
            aria-label={`Always ask first for ${category.name}`}
            onCheckedChange={(isRestricted) =>
              update.mutate({ id: category.id, isRestricted }, { onError: failed("Failed to update the category.") })
            }
          />
          <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit ${category.name}`}>
            <Pencil aria-hidden />
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setDeleting(true)} aria-label={`Delete ${category.name}`}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <p className="text-sm text-slate-600">
        ${category.currentSpent} spent this month{hasLimit ? ` of $${category.monthlyLimit}` : " · no monthly limit"}
      </p>
      {hasLimit && (
        <Progress
          value={percent}
          label={`${category.name} spending this month`}
          barClassName={percent > 90 ? "bg-red-600" : percent > 75 ? "bg-amber-500" : "bg-emerald-600"}
        />
      )}

      <Dialog open={editing} onOpenChange={setEditing}>
        <DialogContent>
          <DialogTitle className="mb-4">Edit category</DialogTitle>
          <CategoryForm
            category={category}
            submitLabel="Save category"
            pending={update.isPending}
            onCancel={() => setEditing(false)}
            onSubmit={(values) =>
              update.mutateAsync(
                { id: category.id, ...values },
                {
                  onSuccess: () => {
                    setEditing(false);
                    toast({ title: "Category saved", description: `${values.name} was updated.` });
                  },
                  onError: failed("Failed to save the category."),
                },
              )
            }
          />
        </DialogContent>
      </Dialog>

      <AlertDialog open={deleting} onOpenChange={setDeleting}>
        <AlertDialogContent>
          <AlertDialogTitle>Delete "{category.name}"?</AlertDialogTitle>
          <AlertDialogDescription>
            Items already filed under it keep their label, but it no longer has a limit or asks you first.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() => remove.mutate(category.id, { onError: failed("Failed to delete the category.") })}
            >
              Delete category
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </li>
  );
}

/** Child settings: spending categories with a monthly limit, and ones that always need a parent (docs/product-contract.md "Chores, badges, categories"). */
export function CategoriesManager({ childId, childName }: { childId: string; childName: string }) {
  const { data: categories, isLoading, isError } = useCategories(childId);
  const create = useCreateCategory(childId);
  const [adding, setAdding] = useState(false);

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <Tags className="h-5 w-5 text-brand-700" aria-hidden />
            Budget categories
          </CardTitle>
          <CardDescription>{childName} picks a category for each item in a request.</CardDescription>
        </div>
        {!adding && (
          <Button size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden />
            Add category
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        {adding && (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <CategoryForm
              submitLabel="Add category"
              pending={create.isPending}
              onCancel={() => setAdding(false)}
              onSubmit={(values) =>
                create.mutateAsync(values, {
                  onSuccess: () => {
                    setAdding(false);
                    toast({ title: "Category added", description: `${values.name} is ready to use.` });
                  },
                  onError: failed("Failed to add the category."),
                })
              }
            />
          </div>
        )}
        {isLoading && <p className="text-sm text-slate-600">Loading categories...</p>}
        {isError && <p className="text-sm text-red-700">Couldn't load categories.</p>}
        {categories && categories.length === 0 && !adding && (
          <p className="text-sm text-slate-600">
            No categories yet. Add some (like Games or Books) to set limits or always be asked first.
          </p>
        )}
        {categories && categories.length > 0 && (
          <ul className="divide-y divide-slate-200">
            {categories.map((category) => (
              <CategoryRow key={category.id} category={category} childId={childId} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
