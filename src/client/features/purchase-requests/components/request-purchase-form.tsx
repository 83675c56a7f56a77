import type { Cart } from "@shared/schemas/carts";
import type { Category } from "@shared/schemas/categories";
import { CircleCheck, Hourglass, Plus, Send, ShoppingCart, Trash2 } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError, Label } from "@/components/ui/label";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useSubmitCart } from "../api/submit-cart";
import {
  type CartDraft,
  draftTotal,
  emptyDraft,
  emptyItem,
  type ItemDraft,
  toSubmission,
  validateDraft,
} from "../lib/cart-draft";
import { childReason } from "../lib/child-words";

const MAX_ITEMS = 100;

function failureMessage(error: unknown): string {
  // A refusal (an inactive profile, a missing child) explains itself; a server fault does not.
  return clientErrorMessage(error, "Couldn't send your request. Please try again.");
}

/** A 400 whose messages sit beside their fields needs no second message. */
const hasFieldErrors = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 400 && Object.keys(error.fieldErrors).length > 0;

function SubmittedCart({ cart, onAgain }: { cart: Cart; onAgain: () => void }) {
  const approved = cart.status === "approved";
  return (
    <div
      role="status"
      className={
        approved
          ? "rounded-xl border border-emerald-200 bg-emerald-50 p-5 text-emerald-950"
          : "rounded-xl border border-amber-200 bg-amber-50 p-5 text-amber-950"
      }
    >
      <div className="flex items-center gap-2 text-lg font-bold">
        {approved ? <CircleCheck className="h-6 w-6" aria-hidden /> : <Hourglass className="h-6 w-6" aria-hidden />}
        {approved ? "Approved!" : "Sent to your parent for approval"}
      </div>
      <p className="mt-1 text-sm">
        {cart.retailer}, ${cart.total}
      </p>
      {cart.decisionReason && <p className="mt-2 text-sm">{childReason(cart.decisionReason)}</p>}
      <Button variant="outline" className="mt-4" onClick={onAgain}>
        Request something else
      </Button>
    </div>
  );
}

/**
 * A child (or their parent) asks for a purchase: the server decides at once whether it is
 * approved automatically or waits for a parent (docs/product-contract.md "Carts: the purchase flow").
 * `categories` are the ones an item can be filed under (the page reads them; none while they load).
 */
export function RequestPurchaseForm({ childId, categories }: { childId: string; categories: Category[] }) {
  const [draft, setDraft] = useState<CartDraft>(emptyDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<Cart | null>(null);
  // Folded until asked for, so the child's carts and their outcomes stay in view on a phone.
  const [open, setOpen] = useState(false);
  const submit = useSubmitCart(childId);
  // One key per intended purchase: a retry of the same body reuses it, so a lost answer never makes a second cart.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const formId = useId();
  const fieldId = (name: string) => `${formId}-${name}`;

  const setItem = (index: number, patch: Partial<ItemDraft>) => {
    setDraft((d) => ({ ...d, items: d.items.map((item, i) => (i === index ? { ...item, ...patch } : item)) }));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const input = toSubmission(draft);
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    submit.mutate(
      { input, idempotencyKey: attempt.current.key },
      {
        onSuccess: (cart) => {
          attempt.current = null;
          setResult(cart);
          setOpen(false);
          setDraft(emptyDraft());
        },
        onError: (err) => {
          if (err instanceof ApiRequestError && err.status === 400) setErrors(err.fieldErrors);
        },
      },
    );
  };

  const error = (name: string) => errors[name];
  const describedBy = (name: string) => (errors[name] ? `${fieldId(name)}-error` : undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Request a purchase</CardTitle>
        <CardDescription>
          Tell us what you'd like and where it's from. Small things may be approved right away.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {result ? (
          <SubmittedCart
            cart={result}
            onAgain={() => {
              setResult(null);
              submit.reset();
              setOpen(true);
            }}
          />
        ) : !open ? (
          <Button size="lg" onClick={() => setOpen(true)}>
            <ShoppingCart aria-hidden />
            Start a request
          </Button>
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Request a purchase">
            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("retailer")}>Shop or website</Label>
              <Input
                id={fieldId("retailer")}
                value={draft.retailer}
                onChange={(e) => setDraft((d) => ({ ...d, retailer: e.target.value }))}
                placeholder="e.g. Bookshop"
                maxLength={100}
                aria-invalid={error("retailer") ? true : undefined}
                aria-describedby={describedBy("retailer")}
              />
              <FieldError id={`${fieldId("retailer")}-error`}>{error("retailer")}</FieldError>
            </div>

            {/* A fieldset is at least as wide as its content by default; a long category name must not widen the page. */}
            <fieldset className="grid min-w-0 gap-4">
              <legend className="mb-2 text-sm font-medium text-slate-800">Items</legend>
              {draft.items.map((item, index) => {
                const f = (name: string) => `items.${index}.${name}`;
                const n = index + 1;
                return (
                  <div key={item.key} className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
                    <div className="flex items-center justify-between">
                      <span className="text-sm font-semibold text-slate-700">Item {n}</span>
                      {draft.items.length > 1 && (
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          aria-label={`Remove item ${n}`}
                          onClick={() => setDraft((d) => ({ ...d, items: d.items.filter((_, i) => i !== index) }))}
                        >
                          <Trash2 aria-hidden />
                          Remove
                        </Button>
                      )}
                    </div>
                    <div className="grid gap-1.5">
                      <Label htmlFor={fieldId(f("name"))}>What is it?</Label>
                      <Input
                        id={fieldId(f("name"))}
                        value={item.name}
                        onChange={(e) => setItem(index, { name: e.target.value })}
                        maxLength={200}
                        aria-invalid={error(f("name")) ? true : undefined}
                        aria-describedby={describedBy(f("name"))}
                      />
                      <FieldError id={`${fieldId(f("name"))}-error`}>{error(f("name"))}</FieldError>
                    </div>
                    <div className="grid grid-cols-2 gap-3">
                      <div className="grid content-start gap-1.5">
                        <Label htmlFor={fieldId(f("price"))}>Price ($)</Label>
                        <Input
                          id={fieldId(f("price"))}
                          value={item.price}
                          onChange={(e) => setItem(index, { price: e.target.value })}
                          inputMode="decimal"
                          placeholder="12.50"
                          aria-invalid={error(f("price")) ? true : undefined}
                          aria-describedby={describedBy(f("price"))}
                        />
                        <FieldError id={`${fieldId(f("price"))}-error`}>{error(f("price"))}</FieldError>
                      </div>
                      <div className="grid content-start gap-1.5">
                        <Label htmlFor={fieldId(f("quantity"))}>How many?</Label>
                        <Input
                          id={fieldId(f("quantity"))}
                          value={item.quantity}
                          onChange={(e) => setItem(index, { quantity: e.target.value })}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={99}
                          aria-invalid={error(f("quantity")) ? true : undefined}
                          aria-describedby={describedBy(f("quantity"))}
                        />
                        <FieldError id={`${fieldId(f("quantity"))}-error`}>{error(f("quantity"))}</FieldError>
                      </div>
                    </div>
                    <div className="grid gap-1.5">
                      <Label htmlFor={fieldId(f("url"))}>Link (optional)</Label>
                      <Input
                        id={fieldId(f("url"))}
                        value={item.url}
                        onChange={(e) => setItem(index, { url: e.target.value })}
                        type="url"
                        inputMode="url"
                        placeholder="https://"
                        aria-invalid={error(f("url")) ? true : undefined}
                        aria-describedby={describedBy(f("url"))}
                      />
                      <FieldError id={`${fieldId(f("url"))}-error`}>{error(f("url"))}</FieldError>
                    </div>
                    {categories.length > 0 && (
                      <div className="grid gap-1.5">
                        <Label htmlFor={fieldId(f("category"))}>Category (optional)</Label>
                        <select
                          id={fieldId(f("category"))}
                          value={item.category}
                          onChange={(e) => setItem(index, { category: e.target.value })}
                          className="h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus-visible:border-brand-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600/30 sm:text-sm"
                        >
                          <option value="">No category</option>
                          {categories.map((c) => (
                            <option key={c.id} value={c.name}>
                              {c.name}
                              {c.isRestricted ? " (needs a parent's OK)" : ""}
                            </option>
                          ))}
                        </select>
                      </div>
                    )}
                  </div>
                );
              })}
              {draft.items.length < MAX_ITEMS && (
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => setDraft((d) => ({ ...d, items: [...d.items, emptyItem()] }))}
                >
                  <Plus aria-hidden />
                  Add another item
                </Button>
              )}
              <FieldError id={`${fieldId("items")}-error`}>{error("items")}</FieldError>
            </fieldset>

            <div className="grid gap-1.5">
              <Label htmlFor={fieldId("notes")}>Note for your parent (optional)</Label>
              <Textarea
                id={fieldId("notes")}
                value={draft.notes}
                onChange={(e) => setDraft((d) => ({ ...d, notes: e.target.value }))}
                maxLength={1000}
                placeholder="Why would you like it?"
                aria-invalid={error("notes") ? true : undefined}
                aria-describedby={describedBy("notes")}
              />
              <FieldError id={`${fieldId("notes")}-error`}>{error("notes")}</FieldError>
            </div>

            <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-lg font-semibold text-slate-900" aria-live="polite">
                Total: <span data-testid="request-total">{draftTotal(draft)}</span>
              </p>
              <div className="flex flex-col-reverse gap-2 sm:flex-row">
                <Button
                  type="button"
                  variant="ghost"
                  size="lg"
                  onClick={() => {
                    setOpen(false);
                    setErrors({});
                    submit.reset();
                  }}
                >
                  Cancel
                </Button>
                <Button type="submit" size="lg" disabled={submit.isPending}>
                  <Send aria-hidden />
                  {submit.isPending ? "Sending..." : "Send request"}
                </Button>
              </div>
            </div>
            {submit.isError && !hasFieldErrors(submit.error) && (
              <p className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800" role="alert">
                {failureMessage(submit.error)}
              </p>
            )}
          </form>
        )}
      </CardContent>
    </Card>
  );
}
