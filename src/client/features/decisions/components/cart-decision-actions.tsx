import { zodResolver } from "@hookform/resolvers/zod";
import { type Cart, CartStatusUpdateSchema } from "@shared/schemas/carts";
import { Check, Lightbulb, X } from "lucide-react";
import { type ComponentProps, useEffect, useId, useRef, useState } from "react";
import { type FieldValues, type Path, type UseFormSetError, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
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
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { amountInput, formatAmount } from "@/components/ui/money";
import { ToastButton } from "@/components/ui/toaster";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { isOverBudgetRefusal, isStaleCart, useDecideCart } from "../api/decide-cart";
import { useUndoDecline } from "../api/undo-decline";

/** The cart a decision is about, as a pending-list row carries it. */
export interface DecisionCart {
  id: string;
  retailer: string;
  total: string;
  childName: string;
}

/** How long the server lets a guardian take back their decline (docs/decisions/135): the toast offers Undo as long. */
export const UNDO_WINDOW_MS = 10_000;

/** "Maya's $15.00 at Sneaker Store": what a decision was about, in the words of its toast. */
const whatOf = (cart: DecisionCart) => `${cart.childName}'s ${formatAmount(cart.total)} at ${cart.retailer}`;

/** The toast's Undo: the toast closes as it is pressed, so the answer is told by a toast of its own. */
function UndoDecline({ cart }: { cart: DecisionCart }) {
  const undo = useUndoDecline({
    onUndone: () => toast({ title: "Decline undone", description: `${whatOf(cart)} is waiting for a decision again.` }),
    onFailed: (error) =>
      toast({
        variant: "destructive",
        title: "Couldn't undo",
        description: clientErrorMessage(error, "The decline could not be undone. Please try again."),
      }),
  });
  return (
    <ToastButton altText={`Undo the decline of ${whatOf(cart)}`} onClick={() => undo.mutate(cart.id)}>
      Undo
    </ToastButton>
  );
}

/**
 * The decision's toast says what happened, not that "a status" changed: with several guardians and a phone in
 * hand, the words are the receipt. A decline carries Undo for as long as the server allows it.
 */
const toastDecided = (cart: DecisionCart) => (decided: Cart) => {
  if (decided.status !== "declined") {
    toast({ title: `Approved ${whatOf(cart)}`, description: `${cart.childName} sees it approved.` });
    return;
  }
  toast({
    title: `Declined ${whatOf(cart)}`,
    description: decided.suggestedItem
      ? `${cart.childName} can ask for ${decided.suggestedItem.name} instead with one tap.`
      : decided.decisionNote
        ? `Your reason: ${decided.decisionNote}`
        : `${cart.childName} sees it declined.`,
    duration: UNDO_WINDOW_MS,
    action: <UndoDecline cart={cart} />,
  });
};

const FAILURE = "Failed to update cart status. Please try again.";

/**
 * spec 000 §8, plus the server's own words where "try again" would not help: the Free plan's purchases are
 * used up or the cart is over this guardian's own approval limit (403, each naming its limit), or the cart was
 * already decided or removed (409, 404; the list refreshes).
 */
function toastFailure(error: unknown) {
  const final = error instanceof ApiRequestError && (error.status === 403 || isStaleCart(error));
  const message = final ? (error as ApiRequestError).serverMessage : null;
  toast({ variant: "destructive", title: "Error", description: message ?? FAILURE });
}

/** The suggestion dialog as typed: every box is text until it is sent. */
interface SuggestDraft {
  note: string;
  suggestedItem: { name: string; price: string; url: string };
}
const EMPTY_SUGGESTION: SuggestDraft = { note: "", suggestedItem: { name: "", price: "", url: "" } };

const hasItem = ({ name, price, url }: SuggestDraft["suggestedItem"]) =>
  Boolean(name.trim() || price.trim() || url.trim());

/**
 * The dialog checked as the decision it becomes, by the contract the server checks it with, so its messages
 * ("Suggested item name is required", a note that can spoof the child reading it) land on the same boxes from
 * either side: the error paths ("note", "suggestedItem.price") are the form's own field names. Empty boxes are
 * left out; an item with no box filled is no suggestion at all.
 */
const SuggestSchema = z.preprocess(
  ({ note, suggestedItem: item }: SuggestDraft) => ({
    ...(note.trim() ? { note } : {}),
    ...(hasItem(item)
      ? {
          suggestedItem: {
            name: item.name,
            price: amountInput(item.price),
            ...(item.url.trim() ? { url: item.url.trim() } : {}),
          },
        }
      : {}),
  }),
  CartStatusUpdateSchema.pick({ note: true, suggestedItem: true }),
);

/** Puts a 400's field messages on the boxes they name; `fields` are the form's own names, which are the API's. */
function setServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  fields: readonly Path<T>[],
) {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return;
  for (const [field, message] of Object.entries(error.fieldErrors)) {
    if ((fields as readonly string[]).includes(field)) setError(field as Path<T>, { type: "server", message });
  }
}

const SUGGEST_FIELDS = ["note", "suggestedItem.name", "suggestedItem.price", "suggestedItem.url"] as const;

/**
 * A decline that carries a note, an item the child can request instead, or both. Leaving the item empty
 * declines with the note alone.
 */
function SuggestDialog({ cart, onClose }: { cart: DecisionCart; onClose: () => void }) {
  const decide = useDecideCart({ onDecided: toastDecided(cart) });
  const form = useForm<SuggestDraft, unknown, z.output<typeof SuggestSchema>>({
    resolver: zodResolver(SuggestSchema),
    defaultValues: EMPTY_SUGGESTION,
    // Checked again when sent, not at each keystroke.
    reValidateMode: "onSubmit",
  });
  const { errors } = form.formState;
  const id = useId();

  const withItem = hasItem(useWatch({ control: form.control, name: "suggestedItem" }));

  const onSubmit = form.handleSubmit(async (decision) => {
    try {
      await decide.mutateAsync({ cartId: cart.id, status: "declined", ...decision });
      onClose();
    } catch (error) {
      setServerErrors(form.setError, error, SUGGEST_FIELDS);
      toastFailure(error);
    }
  });

  const field = (name: "name" | "price" | "url", label: string, extra: Partial<ComponentProps<"input">>) => {
    const error = errors.suggestedItem?.[name]?.message;
    return (
      <FormField id={`${id}-${name}`} label={label} error={error}>
        <Input
          id={`${id}-${name}`}
          {...form.register(`suggestedItem.${name}`)}
          {...describedBy(`${id}-${name}`, { error })}
          {...extra}
        />
      </FormField>
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>Suggest an alternative</DialogTitle>
        <DialogDescription>
          This declines {cart.childName}'s request from {cart.retailer} (${cart.total}). {cart.childName} sees your note
          and can request the item you suggest with one tap; leave the item empty to send the note alone.
        </DialogDescription>
        <form onSubmit={onSubmit} noValidate className="mt-5 grid gap-4">
          <FormField id={`${id}-note`} label={`Note for ${cart.childName} (optional)`} error={errors.note?.message}>
            <Textarea
              id={`${id}-note`}
              maxLength={500}
              placeholder="This one is cheaper and just as good."
              {...form.register("note")}
              {...describedBy(`${id}-note`, { error: errors.note?.message })}
            />
          </FormField>
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

/** The reason box checked by the contract's own note rule: the server refuses a note that can spoof the child. */
const DeclineReasonSchema = CartStatusUpdateSchema.pick({ note: true });

/**
 * Decline's reason, in place of the buttons: one field, and Decline (or Enter) sends at once, with or without
 * a reason. No "are you sure": the toast's Undo is the way back.
 */
function DeclineReason({ cart, onCancel }: { cart: DecisionCart; onCancel: () => void }) {
  const decide = useDecideCart({ onDecided: toastDecided(cart) });
  const form = useForm<z.input<typeof DeclineReasonSchema>, unknown, z.output<typeof DeclineReasonSchema>>({
    resolver: zodResolver(DeclineReasonSchema),
    defaultValues: { note: "" },
    reValidateMode: "onSubmit",
  });
  const error = form.formState.errors.note?.message;
  const id = useId();

  const onSubmit = form.handleSubmit(async ({ note }) => {
    try {
      await decide.mutateAsync({ cartId: cart.id, status: "declined", ...(note ? { note } : {}) });
    } catch (err) {
      setServerErrors(form.setError, err, ["note"]);
      toastFailure(err);
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Decline ${cart.childName}'s request from ${cart.retailer}`}
      className="grid gap-2"
      onKeyDown={(e) => e.key === "Escape" && onCancel()}
    >
      <FormField id={id} label={`Reason for ${cart.childName} (optional)`} error={error}>
        <Input
          id={id}
          maxLength={500}
          placeholder="Let's wait for your birthday."
          // The field opens in place because Decline was just pressed: typing goes straight into it.
          autoFocus
          {...form.register("note")}
          {...describedBy(id, { error })}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={decide.isPending}>
          <X aria-hidden />
          {decide.isPending ? "Declining..." : "Decline"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Approve, Decline and Suggest alternative for one pending cart (spec 000 §2 Pending Approvals: Approve
 * acts at once; Decline asks only for an optional reason, in place (docs/decisions/135);
 * docs/product-contract.md "Carts: the purchase flow": an approval over budget needs the parent's confirmation).
 */
export function CartDecisionActions({ cart }: { cart: DecisionCart }) {
  const decide = useDecideCart({ onDecided: toastDecided(cart) });
  const [overBudget, setOverBudget] = useState<string | null>(null);
  const [suggesting, setSuggesting] = useState(false);
  const [declining, setDeclining] = useState(false);
  const declineButton = useRef<HTMLButtonElement>(null);
  // A cancelled reason puts focus back on Decline, not on the page's start.
  const refocus = useRef(false);
  useEffect(() => {
    if (declining || !refocus.current) return;
    refocus.current = false;
    declineButton.current?.focus();
  }, [declining]);

  if (declining) {
    const cancel = () => {
      refocus.current = true;
      setDeclining(false);
    };
    return <DeclineReason cart={cart} onCancel={cancel} />;
  }

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
        ref={declineButton}
        onClick={() => setDeclining(true)}
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
