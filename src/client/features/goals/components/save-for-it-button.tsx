import type { Cart } from "@shared/schemas/carts";
import { PiggyBank } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useSaveCartAsGoal } from "../api/save-cart-as-goal";

/** On a declined cart in the child's list: "Save for it instead" turns it into a goal in one tap. */
export function SaveForItButton({ cart }: { cart: Cart }) {
  const save = useSaveCartAsGoal(cart.childId, {
    onDone: () => toast({ title: "New goal", description: "It's in My goals. Add money whenever you can." }),
  });
  if (cart.status !== "declined") return null;
  return (
    <div className="mt-2 flex justify-end">
      <Button
        size="sm"
        variant="secondary"
        disabled={save.isPending || save.isSuccess}
        onClick={() =>
          save.mutate(cart.id, {
            onError: (err) =>
              toast({
                variant: "destructive",
                title: "Something went wrong",
                description: clientErrorMessage(err, "The goal could not be made. Please try again."),
              }),
          })
        }
      >
        <PiggyBank aria-hidden />
        {save.isSuccess ? "Saving for it" : "Save for it instead"}
      </Button>
    </div>
  );
}
