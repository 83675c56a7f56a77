import type { WebhookDelivery, WebhookDeliveryStatus } from "@shared/schemas/merchants";
import { RefreshCw, RotateCw } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { ApiRequestError } from "@/lib/api";
import { isAdminSessionError } from "../api/admin-request";
import { useMerchantDeliveries } from "../api/get-merchant-deliveries";
import { useRetryDelivery } from "../api/retry-delivery";

/** To the second: retries of one event are often seconds apart. */
const formatAttemptTime = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });

type Variant = "pending" | "approved" | "declined" | "neutral";

export const DELIVERY_STATUS: Record<WebhookDeliveryStatus, { label: string; variant: Variant }> = {
  delivered: { label: "Delivered", variant: "approved" },
  pending: { label: "Pending", variant: "neutral" },
  failed: { label: "Failed, retrying", variant: "pending" },
  given_up: { label: "Given up", variant: "declined" },
  stopped: { label: "Stopped: merchant disabled", variant: "neutral" },
};

/** What the merchant's endpoint last answered, in words. */
function lastResponse(d: WebhookDelivery): string | null {
  if (d.lastStatusCode !== null) return `HTTP ${d.lastStatusCode}`;
  return d.lastError;
}

function DeliveryRow({
  delivery,
  merchantId,
  canRetry,
}: {
  delivery: WebhookDelivery;
  merchantId: string;
  canRetry: boolean;
}) {
  const retry = useRetryDelivery();
  const status = DELIVERY_STATUS[delivery.status];
  const response = lastResponse(delivery);
  const onRetry = async () => {
    try {
      await retry.mutateAsync({ merchantId, eventId: delivery.id });
      toast({ title: "Retry queued", description: `${delivery.type} will be sent again now, as ${delivery.id}.` });
    } catch (error) {
      if (isAdminSessionError(error)) return;
      const message = error instanceof ApiRequestError ? error.serverMessage : null;
      toast({ title: "Error", description: message ?? "Could not retry the delivery", variant: "destructive" });
    }
  };
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto] sm:items-start sm:gap-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-xs font-semibold text-slate-900">{delivery.type}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600">
          <dt>Event</dt>
          <dd className="font-mono [overflow-wrap:anywhere]">{delivery.id}</dd>
          <dt>Attempts</dt>
          <dd>{delivery.attempts}</dd>
          {delivery.lastAttemptAt && (
            <>
              <dt>Last attempt</dt>
              <dd>
                <time dateTime={delivery.lastAttemptAt}>{formatAttemptTime(delivery.lastAttemptAt)}</time>
                {response && <span className="[overflow-wrap:anywhere]"> · {response}</span>}
              </dd>
            </>
          )}
          {delivery.nextAttemptAt && (
            <>
              <dt>Next attempt</dt>
              <dd>
                <time dateTime={delivery.nextAttemptAt}>{formatAttemptTime(delivery.nextAttemptAt)}</time>
              </dd>
            </>
          )}
        </dl>
      </div>
      {delivery.status !== "delivered" && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={!canRetry || retry.isPending}
          onClick={onRetry}
          aria-label={`Retry ${delivery.type} ${delivery.id}`}
        >
          <RotateCw aria-hidden /> {retry.isPending ? "Retrying..." : "Retry"}
        </Button>
      )}
    </li>
  );
}

/** Decision 144: a merchant's newest webhook events with their state; anything not delivered can be sent again. */
export function MerchantDeliveries({ merchantId, isActive }: { merchantId: string; isActive: boolean }) {
  const deliveries = useMerchantDeliveries(merchantId);
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">Recent deliveries</h3>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          <RefreshCw aria-hidden /> Refresh
        </Button>
      </div>
      <DeliveryList merchantId={merchantId} isActive={isActive} />
    </>
  );
}

function DeliveryList({ merchantId, isActive }: { merchantId: string; isActive: boolean }) {
  const deliveries = useMerchantDeliveries(merchantId);
  if (deliveries.isPending) return <Spinner label="Loading deliveries" className="py-4" />;
  if (deliveries.isError) {
    return <p className="text-sm text-slate-700">Could not load the deliveries. Reload the page to try again.</p>;
  }
  if (deliveries.data.length === 0) {
    return <p className="text-sm text-slate-600">No webhooks yet. They appear here when a checkout changes status.</p>;
  }
  return (
    <>
      {!isActive && deliveries.data.some((d) => d.status !== "delivered") && (
        <p className="mt-1 text-sm text-slate-600">Turn the merchant on again to retry its deliveries.</p>
      )}
      <ul className="divide-y divide-slate-200">
        {deliveries.data.map((d) => (
          <DeliveryRow key={d.id} delivery={d} merchantId={merchantId} canRetry={isActive} />
        ))}
      </ul>
    </>
  );
}
