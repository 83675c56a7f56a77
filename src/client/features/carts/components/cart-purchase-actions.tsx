import { zodResolver } from "@hookform/resolvers/zod";
import { type Cart, type CartComplete, CartCompleteSchema } from "@shared/schemas/carts";
import { CheckCircle2, ExternalLink, PackageCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { describedBy, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError, clientErrorMessage } from "@/lib/api";
import { useCompleteCart } from "../api/complete-cart";

export const COMPLETE_FAILED = "Couldn't mark it as bought. Please try again.";

/** The form inside "Mark as bought": an optional order number, then POST complete. */
export function MarkAsBoughtForm({ cart, onDone }: { cart: Cart; onDone: () => void }) {
  const complete = useCompleteCart(cart.childId);
  const form = useForm<CartComplete, unknown, z.output<typeof CartCompleteSchema>>({
    resolver: zodResolver(CartCompleteSchema),
    defaultValues: { orderNumber: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const id = `order-number-${cart.id}`;

  const onSubmit = form.handleSubmit(async (values) => {
    const orderNumber = values.orderNumber || undefined;
    try {
      await complete.mutateAsync({ cartId: cart.id, input: orderNumber ? { orderNumber } : {} });
      toast({
        title: "Marked as bought",
        description: orderNumber ? `Order ${orderNumber} at ${cart.retailer}.` : `Your ${cart.retailer} order.`,
      });
      onDone();
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.fieldErrors.orderNumber : undefined;
      if (message) {
        form.setError("orderNumber", { type: "server", message });
        return;
      }
      toast({ variant: "destructive", title: "Error", description: clientErrorMessage(error, COMPLETE_FAILED) });
      // A 409 means the cart changed meanwhile (already bought): the refetched list shows how it is now.
      if (error instanceof ApiRequestError && error.status === 409) onDone();
    }
  });

  const error = errors.orderNumber?.message;
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Mark as bought" className="grid gap-4">
      <FormField id={id} label="Order number" hint="Optional: the number the store gave the order." error={error}>
        <Input
          id={id}
          autoComplete="off"
          placeholder="e.g. 112-4455"
          {...form.register("orderNumber")}
          {...describedBy(id, { hint: true, error })}
        />
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? "Saving..." : "Mark as bought"}
        </Button>
      </div>
    </form>
  );
}

/**
 * Under an approved cart: "Buy it" opens the first item's page in a new tab (when it has one), and "Mark as
 * bought" records the purchase; a completed cart says so, with its order number (docs/decisions/140).
 */
export function CartPurchaseActions({ cart }: { cart: Cart }) {
  const [open, setOpen] = useState(false);
  if (cart.status === "completed") {
    return (
      <p className="mt-2 flex flex-wrap items-center gap-1.5 text-sm font-medium text-emerald-800">
        <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
        Completed
        {cart.orderNumber && <span className="break-all font-normal text-slate-700">· Order {cart.orderNumber}</span>}
      </p>
    );
  }
  if (cart.status !== "approved") return null;
  const url = cart.items[0]?.url;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {url && (
        <Button asChild size="sm">
          <a href={url} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden />
            Buy it<span className="sr-only"> at {cart.retailer} (opens in a new tab)</span>
          </a>
        </Button>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button size="sm" variant="outline">
            <PackageCheck aria-hidden />
            Mark as bought<span className="sr-only"> at {cart.retailer}</span>
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogTitle>Mark as bought</DialogTitle>
          <DialogDescription>
            Your {cart.retailer} order. Add the store's order number if you have it.
          </DialogDescription>
          <div className="mt-5">{open && <MarkAsBoughtForm cart={cart} onDone={() => setOpen(false)} />}</div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
