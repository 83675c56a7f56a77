import type { Merchant, MerchantWithSecrets } from "@shared/schemas/merchants";
import { ChevronDown, KeyRound, Plus, Power, Store } from "lucide-react";
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
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { isAdminSessionError } from "../api/admin-request";
import { useMerchants } from "../api/get-merchants";
import { useRotateMerchantKeys } from "../api/rotate-merchant-keys";
import { useSetMerchantActive } from "../api/set-merchant-active";
import { MerchantDeliveries } from "./merchant-deliveries";
import { MerchantSecrets } from "./merchant-secrets";
import { LoadFailed } from "./overview-tab";
import { RegisterMerchantDialog } from "./register-merchant-dialog";
import { formatDateTime } from "./status-badges";

function failed(error: unknown, fallback: string) {
  if (isAdminSessionError(error)) return;
  const message = error instanceof ApiRequestError ? error.serverMessage : null;
  toast({ title: "Error", description: message ?? fallback, variant: "destructive" });
}

type Confirm = { kind: "rotate" | "disable"; merchant: Merchant };

function MerchantCard({ merchant, onConfirm }: { merchant: Merchant; onConfirm: (c: Confirm) => void }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const setActive = useSetMerchantActive();
  const titleId = `merchant-${merchant.id}`;
  const deliveriesId = `merchant-${merchant.id}-deliveries`;
  const turnOn = async () => {
    try {
      await setActive.mutateAsync({ id: merchant.id, isActive: true });
      toast({ title: "Merchant turned on", description: `${merchant.name}'s API key works again.` });
    } catch (error) {
      failed(error, "Could not turn the merchant on");
    }
  };
  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <CardTitle id={titleId} className="min-w-0 [overflow-wrap:anywhere]">
            {merchant.name}
          </CardTitle>
          <Badge variant={merchant.isActive ? "approved" : "neutral"}>
            {merchant.isActive ? "Active" : "Disabled"}
          </Badge>
        </div>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Domain</dt>
          <dd className="font-medium text-slate-900 [overflow-wrap:anywhere]">{merchant.domain}</dd>
          <dt className="text-slate-600">Webhook URL</dt>
          <dd className="font-mono text-xs leading-5 text-slate-900 [overflow-wrap:anywhere]">{merchant.webhookUrl}</dd>
          <dt className="text-slate-600">Registered</dt>
          <dd className="text-slate-900">
            <time dateTime={merchant.createdAt}>{formatDateTime(merchant.createdAt)}</time>
          </dd>
        </dl>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" onClick={() => onConfirm({ kind: "rotate", merchant })}>
            <KeyRound aria-hidden /> Rotate keys
          </Button>
          {merchant.isActive ? (
            <Button type="button" variant="outline" size="sm" onClick={() => onConfirm({ kind: "disable", merchant })}>
              <Power aria-hidden /> Disable
            </Button>
          ) : (
            <Button type="button" variant="outline" size="sm" disabled={setActive.isPending} onClick={turnOn}>
              <Power aria-hidden /> Turn on
            </Button>
          )}
          <Button
            type="button"
            variant="ghost"
            size="sm"
            aria-expanded={showDeliveries}
            aria-controls={deliveriesId}
            onClick={() => setShowDeliveries((shown) => !shown)}
          >
            <ChevronDown aria-hidden className={cn("transition-transform", showDeliveries && "rotate-180")} />
            Recent deliveries
          </Button>
        </div>
        {showDeliveries && (
          <section id={deliveriesId} aria-label={`Recent deliveries to ${merchant.name}`} className="mt-4">
            <MerchantDeliveries merchantId={merchant.id} isActive={merchant.isActive} />
          </section>
        )}
      </CardContent>
    </Card>
  );
}

/** Rotation and disabling each ask first: both cut the store off from what it uses now. */
function ConfirmDialog({
  confirm,
  onClose,
  onRotated,
}: {
  confirm: Confirm | null;
  onClose: () => void;
  onRotated: (m: MerchantWithSecrets) => void;
}) {
  const rotate = useRotateMerchantKeys();
  const setActive = useSetMerchantActive();
  const merchant = confirm?.merchant;
  const run = async () => {
    if (!confirm || !merchant) return;
    try {
      if (confirm.kind === "rotate") {
        onRotated(await rotate.mutateAsync(merchant.id));
      } else {
        await setActive.mutateAsync({ id: merchant.id, isActive: false });
        toast({ title: "Merchant disabled", description: `${merchant.name}'s API key and webhooks are stopped.` });
      }
    } catch (error) {
      failed(error, confirm.kind === "rotate" ? "Could not rotate the keys" : "Could not disable the merchant");
    }
    onClose();
  };
  return (
    <AlertDialog open={confirm !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        {confirm?.kind === "rotate" ? (
          <>
            <AlertDialogTitle>Rotate {merchant?.name}'s keys?</AlertDialogTitle>
            <AlertDialogDescription>
              A new API key and webhook secret are made and shown once. The old key stops working at once, and webhooks
              are signed with the new secret from now on.
            </AlertDialogDescription>
          </>
        ) : (
          <>
            <AlertDialogTitle>Disable {merchant?.name}?</AlertDialogTitle>
            <AlertDialogDescription>
              Its API key stops working, its open checkouts can no longer be sent, and webhooks not yet delivered are
              stopped. Families keep the carts they already sent.
            </AlertDialogDescription>
          </>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={(event) => {
              event.preventDefault();
              void run();
            }}
            disabled={rotate.isPending || setActive.isPending}
          >
            {confirm?.kind === "rotate" ? "Rotate keys" : "Disable merchant"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Decision 144: the staff's partner stores, with their credentials and webhook deliveries (docs/decisions/141). */
export function MerchantsTab() {
  const merchants = useMerchants();
  const [registering, setRegistering] = useState(false);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [rotated, setRotated] = useState<MerchantWithSecrets | null>(null);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-700">Partner stores that open checkouts for children.</p>
        <Button type="button" onClick={() => setRegistering(true)}>
          <Plus aria-hidden /> Register merchant
        </Button>
      </div>
      {merchants.isPending ? (
        <Spinner label="Loading merchants" className="py-10" />
      ) : merchants.isError ? (
        <LoadFailed what="merchants" />
      ) : merchants.data.length === 0 ? (
        <p className="flex items-center gap-2 rounded-lg bg-white p-4 text-sm text-slate-700">
          <Store className="h-4 w-4" aria-hidden /> No merchants yet. Register the first partner store.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          {merchants.data.map((m) => (
            <li key={m.id}>
              <MerchantCard merchant={m} onConfirm={setConfirm} />
            </li>
          ))}
        </ul>
      )}
      <RegisterMerchantDialog open={registering} onOpenChange={setRegistering} />
      <ConfirmDialog confirm={confirm} onClose={() => setConfirm(null)} onRotated={setRotated} />
      <Dialog open={rotated !== null} onOpenChange={(open) => !open && setRotated(null)}>
        <DialogContent onInteractOutside={(event) => event.preventDefault()}>
          {rotated && (
            <>
              <DialogTitle>New keys for {rotated.name}</DialogTitle>
              <DialogDescription>The old API key and webhook secret no longer work.</DialogDescription>
              <div className="mt-5">
                <MerchantSecrets merchant={rotated} />
              </div>
              <div className="mt-6 flex justify-end">
                <Button type="button" onClick={() => setRotated(null)}>
                  I have copied them
                </Button>
              </div>
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}
