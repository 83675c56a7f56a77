import { CartStatusUpdateSchema, SuggestedItemSchema } from "@shared/schemas/carts";
import { Check, Lightbulb, X } from "lucide-react";
import { type ComponentProps, type FormEvent, useId, useState } from "react";
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
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { amountInput } from "@/components/ui/money";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { isOverBudgetRefusal, isStaleCart, useDecideCart } from "../api/decide-cart";

/** The cart a decision is about, as a pending-list row carries it. */
export interface DecisionCart {
  id: string;
  retailer: string;
  total: string;
  childName: string;
}

const SUCCESS = "Cart status updated successfully!";
const toastSuccess = () => toast({ title: "Success", description: SUCCESS });
const FAILURE = "Failed to update cart status. Please try again.";

/**
 * spec 000 §8, plus the server's own words where "try again" would not help: the Free plan's purchases are
 * used up (403), or the cart was already decided or removed (409, 404; the list refreshes).
 */
function toastFailure(error: unknown) {
  const final = error instanceof ApiRequestError && (error.status === 403 || isStaleCart(error));
  const message = final ? (error as ApiRequestError).serverMessage : null;
  toast({ variant: "destructive", title: "Error", description: message ?? FAILURE });
}

/**
 * A decline that carries a note, an item the child can request instead, or both. Leaving the item empty
 * declines with the note alone.
 */
function SuggestDialog({ cart, onClose }: { cart: DecisionCart; onClose: () => void }) {
  const decide = useDecideCart({ onDecided: toastSuccess });
  const [note, setNote] = useState("");
  const [item, setItem] = useState({ name: "", price: "", url: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const id = useId();

  const withItem = Boolean(item.name.trim() || item.price.trim() || item.url.trim());

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    // The server refuses a note that can spoof the child reading it; saying so here beats a "try again" toast.
    const parsedNote = CartStatusUpdateSchema.shape.note.safeParse(note);
    if (!parsedNote.success) found.note = parsedNote.error.issues[0]?.message ?? "";
    let suggestedItem: { name: string; price: string; url?: string } | undefined;
    if (withItem) {
      const parsed = SuggestedItemSchema.safeParse({
        name: item.name,
        price: amountInput(item.price),
        ...(item.url.trim() ? { url: item.url.trim() } : {}),
      });
      if (parsed.success) suggestedItem = parsed.data;
      else for (const i of parsed.error.issues) found[String(i.path[0])] ??= i.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    decide.mutate(
      { cartId: cart.id, status: "declined", ...(note.trim() ? { note: note.trim() } : {}), suggestedItem },
      {
        onSuccess: onClose,
        onError: toastFailure,
      },
    );
  };

  const field = (name: "name" | "price" | "url", label: string, extra: Partial<ComponentProps<"input">>) => (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        value={item[name]}
        onChange={(e) => setItem((s) => ({ ...s, [name]: e.target.value }))}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...extra}
      />
      <FieldError id={`${id}-${name}-error`}>{errors[name]}</FieldError>
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Suggest an alternative</DialogTitle>
        <DialogDescription>
          This declines {cart.childName}'s request from {cart.retailer} (${cart.total}). {cart.childName} sees your note
          and can request the item you suggest with one tap; leave the item empty to send the note alone.
        </DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-note`}>Note for {cart.childName} (optional)</Label>
            <Textarea
              id={`${id}-note`}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              maxLength={500}
              placeholder="This one is cheaper and just as good."
              aria-invalid={errors.note ? true : undefined}
              aria-describedby={errors.note ? `${id}-note-error` : undefined}
            />
            <FieldError id={`${id}-note-error`}>{errors.note}</FieldError>
          </div>
          <fieldset className="grid gap-3 rounded-xl border border-slate-200 p-4">
            <legend className="px-1 text-sm font-semibold text-slate-800">Suggested item (optional)</legend>
            {field("name", "Item name", { maxLength: 200 })}
            {field("price", "Price ($)", { inputMode: "decimal", placeholder: "12.50" })}
            {field("url", "Link (optional)", { type: "url", inputMode: "url", placeholder: "https://" })}
          </fieldset>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={decide.isPending}>
              {withItem ? "Send suggestion" : "Decline with note"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Approve, Decline and Suggest alternative for one pending cart (spec 000 §2 Pending Approvals: Approve
 * and Decline act at once; docs/product-contract.md "Carts: the purchase flow": an approval over budget needs the parent's confirmation).
 */
export function CartDecisionActions({ cart }: { cart: DecisionCart }) {
  const decide = useDecideCart({ onDecided: toastSuccess });
  const [overBudget, setOverBudget] = useState<string | null>(null);
  const [suggesting, setSuggesting] = useState(false);

  const approve = (allowOverBudget: boolean) =>
    decide.mutate(
      { cartId: cart.id, status: "approved", ...(allowOverBudget ? { allowOverBudget } : {}) },
      {
        onSuccess: () => setOverBudget(null),
        onError: (err) => {
          if (!allowOverBudget && isOverBudgetRefusal(err)) {
            setOverBudget((err as ApiRequestError).serverMessage ?? "");
            return;
          }
          setOverBudget(null);
          toastFailure(err);
        },
      },
    );

  return (
    <div className="flex flex-wrap gap-2">
      <Button
        size="sm"
        variant="success"
        disabled={decide.isPending}
        onClick={() => approve(false)}
        aria-label={`Approve ${cart.childName}'s request from ${cart.retailer}`}
      >
        <Check aria-hidden />
        Approve
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={decide.isPending}
        onClick={() => decide.mutate({ cartId: cart.id, status: "declined" }, { onError: toastFailure })}
        aria-label={`Decline ${cart.childName}'s request from ${cart.retailer}`}
      >
        <X aria-hidden />
        Decline
      </Button>
      <Button
        size="sm"
        variant="secondary"
        disabled={decide.isPending}
        onClick={() => setSuggesting(true)}
        aria-label={`Suggest an alternative to ${cart.childName}'s request from ${cart.retailer}`}
      >
        <Lightbulb aria-hidden />
        Suggest alternative
      </Button>

      {suggesting && <SuggestDialog cart={cart} onClose={() => setSuggesting(false)} />}

      <AlertDialog open={overBudget !== null} onOpenChange={(open) => !open && setOverBudget(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>This will take {cart.childName} over budget</AlertDialogTitle>
          <AlertDialogDescription>
            {overBudget ||
              `Approving $${cart.total} at ${cart.retailer} goes past ${cart.childName}'s monthly budget. Approve it anyway?`}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep it pending</AlertDialogCancel>
            <AlertDialogAction
              disabled={decide.isPending}
              onClick={(e) => {
                e.preventDefault();
                approve(true);
              }}
            >
              Approve over budget
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
