import { zodResolver } from "@hookform/resolvers/zod";
import type { Cart } from "@shared/schemas/carts";
import type { Category } from "@shared/schemas/categories";
import { CircleCheck, Hourglass, Plus, Send, ShoppingCart, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type FieldPath, useFieldArray, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input, Textarea } from "@/components/ui/input";
import { FieldError } from "@/components/ui/label";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useSubmitCart } from "../api/submit-cart";
import { type CartDraft, CartDraftSchema, draftTotal, emptyDraft, emptyItem } from "../lib/cart-draft";
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
  const form = useForm<CartDraft, unknown, z.output<typeof CartDraftSchema>>({
    resolver: zodResolver(CartDraftSchema),
    defaultValues: emptyDraft(),
    // Messages are checked again when the request is sent, not at each keystroke.
    reValidateMode: "onSubmit",
  });
  const items = useFieldArray({ control: form.control, name: "items" });
  const draft = useWatch({ control: form.control }) as CartDraft;
  const { errors } = form.formState;
  const [result, setResult] = useState<Cart | null>(null);
  // Folded until asked for, so the child's carts and their outcomes stay in view on a phone.
  const [open, setOpen] = useState(false);
  const submit = useSubmitCart(childId);
  // One key per intended purchase: a retry of the same body reuses it, so a lost answer never makes a second cart.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const formId = useId();
  const fieldId = (name: string) => `${formId}-${name}`;

  const onSubmit = form.handleSubmit(async (input) => {
    const body = JSON.stringify(input);
    if (attempt.current?.body !== body) attempt.current = { key: crypto.randomUUID(), body };
    try {
      const cart = await submit.mutateAsync({ input, idempotencyKey: attempt.current.key });
      attempt.current = null;
      setResult(cart);
      setOpen(false);
      form.reset(emptyDraft());
    } catch (err) {
      // The server's field keys are the form's own ("items.0.name"); any other refusal is said below the form.
      if (err instanceof ApiRequestError && err.status === 400) {
        for (const [field, message] of Object.entries(err.fieldErrors)) {
          form.setError(field as FieldPath<CartDraft>, { type: "server", message });
        }
      }
    }
  });

  const error = (name: FieldPath<CartDraft>): string | undefined =>
    form.getFieldState(name, form.formState).error?.message;
  const itemsError = errors.items?.root?.message ?? errors.items?.message;

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
            <FormField id={fieldId("retailer")} label="Shop or website" error={error("retailer")}>
              <Input
                id={fieldId("retailer")}
                placeholder="e.g. Bookshop"
                maxLength={100}
                {...form.register("retailer")}
                {...describedBy(fieldId("retailer"), { error: error("retailer") })}
              />
            </FormField>

            {/* A fieldset is at least as wide as its content by default; a long category name must not widen the page. */}
            <fieldset className="grid min-w-0 gap-4">
              <legend className="mb-2 text-sm font-medium text-slate-800">Items</legend>
              {items.fields.map((item, index) => {
                const f = (name: "name" | "price" | "quantity" | "url" | "category") =>
                  `items.${index}.${name}` as const;
                const n = index + 1;
                return (
                  <div key={item.id} className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4">
                    <div className="flex items-center justify-between">
                      <span className="text-sm font-semibold text-slate-700">Item {n}</span>
                      {items.fields.length > 1 && (
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          aria-label={`Remove item ${n}`}
                          onClick={() => items.remove(index)}
                        >
                          <Trash2 aria-hidden />
                          Remove
                        </Button>
                      )}
                    </div>
                    <FormField id={fieldId(f("name"))} label="What is it?" error={error(f("name"))}>
                      <Input
                        id={fieldId(f("name"))}
                        maxLength={200}
                        {...form.register(f("name"))}
                        {...describedBy(fieldId(f("name")), { error: error(f("name")) })}
                      />
                    </FormField>
                    <div className="grid grid-cols-2 gap-3">
                      <FormField id={fieldId(f("price"))} label="Price ($)" error={error(f("price"))}>
                        <Input
                          id={fieldId(f("price"))}
                          inputMode="decimal"
                          placeholder="12.50"
                          {...form.register(f("price"))}
                          {...describedBy(fieldId(f("price")), { error: error(f("price")) })}
                        />
                      </FormField>
                      <FormField id={fieldId(f("quantity"))} label="How many?" error={error(f("quantity"))}>
                        <Input
                          id={fieldId(f("quantity"))}
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={99}
                          {...form.register(f("quantity"))}
                          {...describedBy(fieldId(f("quantity")), { error: error(f("quantity")) })}
                        />
                      </FormField>
                    </div>
                    <FormField id={fieldId(f("url"))} label="Link (optional)" error={error(f("url"))}>
                      <Input
                        id={fieldId(f("url"))}
                        type="url"
                        inputMode="url"
                        placeholder="https://"
                        {...form.register(f("url"))}
                        {...describedBy(fieldId(f("url")), { error: error(f("url")) })}
                      />
                    </FormField>
                    {categories.length > 0 && (
                      <FormField id={fieldId(f("category"))} label="Category (optional)" error={error(f("category"))}>
                        <select
                          id={fieldId(f("category"))}
                          {...form.register(f("category"))}
                          {...describedBy(fieldId(f("category")), { error: error(f("category")) })}
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
                      </FormField>
                    )}
                  </div>
                );
              })}
              {items.fields.length < MAX_ITEMS && (
                <Button type="button" variant="secondary" onClick={() => items.append(emptyItem())}>
                  <Plus aria-hidden />
                  Add another item
                </Button>
              )}
              <FieldError id={`${fieldId("items")}-error`}>{itemsError}</FieldError>
            </fieldset>

            <FormField id={fieldId("notes")} label="Note for your parent (optional)" error={error("notes")}>
              <Textarea
                id={fieldId("notes")}
                maxLength={1000}
                placeholder="Why would you like it?"
                {...form.register("notes")}
                {...describedBy(fieldId("notes"), { error: error("notes") })}
              />
            </FormField>

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
                    form.clearErrors();
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
