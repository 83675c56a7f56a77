import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { AppShell } from "@/components/layouts/app-shell";
import { type CheckoutViewer, HostedCheckoutView } from "@/features/checkout/components/hosted-checkout";
import { useKidMe } from "@/features/kid/api/get-kid-me";
import { getUserQueryOptions } from "@/lib/auth";

/** /checkout/:id: a store's hosted checkout, where a signed-in child asks a parent (public). */
export default function CheckoutPage() {
  const { id = "" } = useParams<{ id: string }>();
  const kid = useKidMe();
  const parent = useQuery(getUserQueryOptions());
  let viewer: CheckoutViewer | undefined;
  if (kid.data) viewer = "child";
  else if (parent.data) viewer = "parent";
  else if (!kid.isLoading && !parent.isLoading) viewer = "none";
  return (
    <AppShell minimalHeader>
      <div className="mx-auto w-full max-w-lg px-4 py-8 sm:py-12">
        <HostedCheckoutView id={id} viewer={viewer} />
      </div>
    </AppShell>
  );
}
