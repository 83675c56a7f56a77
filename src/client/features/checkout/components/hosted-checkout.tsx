import { Send } from "lucide-react";
import { Link } from "wouter";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { ApiRequestError } from "@/lib/api";
import { type HostedCheckout, useCheckoutSession } from "../api/get-checkout-session";
import { type CheckoutSent, useSendCheckoutSession } from "../api/send-checkout-session";

export type CheckoutViewer = "child" | "parent" | "none";

/** Only a web address is ever made a link: a store's javascript: or data: address is shown as nothing. */
export function webUrl(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

export const SENT_PENDING = "Sent! Your parent will say yes or no.";
export const SENT_APPROVED = "Approved! Your parent already said yes to this.";
export const EXPIRED = "This checkout ran out of time. Go back to the store and try again.";
export const ALREADY_SENT = "This checkout was already sent to your parent.";
export const NOT_FOUND = "We can't find this checkout. Go back to the store and try again.";

function sentMessage(sent: CheckoutSent): string {
  if (sent.status === "approved" || sent.status === "completed") return SENT_APPROVED;
  if (sent.status === "declined") return "Your parent said no this time.";
  return SENT_PENDING;
}

/** The words for a checkout that can no longer be sent, from its status or from the server's refusal. */
export const STORE_DISCONNECTED =
  "This store isn't connected to Pocketwise any more, so this can't be sent. Ask the store for another way to pay.";

function closedMessage(status: number | HostedCheckout["status"], code: string | null = null): string {
  if (code === "merchant_disabled") return STORE_DISCONNECTED;
  if (status === 410 || status === "expired") return EXPIRED;
  if (status === 404) return NOT_FOUND;
  return ALREADY_SENT;
}

function BackToStore({ href, store }: { href: string | null; store: string }) {
  if (!href) return null;
  return (
    <a href={href} className={buttonVariants({ variant: "outline" })}>
      Back to {store}
    </a>
  );
}

function Items({ checkout }: { checkout: HostedCheckout }) {
  return (
    <div>
      <ul className="divide-y divide-slate-200">
        {checkout.items.map((item, index) => {
          const href = webUrl(item.url);
          return (
            // Items carry no id and a store may list the same name twice.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            <li key={index} className="flex items-start justify-between gap-4 py-2">
              <span className="min-w-0 break-words text-slate-900">
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">
                    {item.name}
                  </a>
                ) : (
                  item.name
                )}
                {item.quantity > 1 && <span className="text-slate-600"> × {item.quantity}</span>}
              </span>
              <span className="shrink-0 text-right font-medium text-slate-900">
                ${item.price}
                {item.quantity > 1 && <span className="font-normal text-slate-600"> each</span>}
              </span>
            </li>
          );
        })}
      </ul>
      <div className="mt-2 flex justify-between border-t border-slate-300 pt-3 text-lg font-bold text-slate-900">
        <span>Total</span>
        <span>${checkout.total}</span>
      </div>
    </div>
  );
}

function Actions({ id, checkout, viewer }: { id: string; checkout: HostedCheckout; viewer?: CheckoutViewer }) {
  const send = useSendCheckoutSession(id);
  const store = checkout.merchantName;
  const cancel = <BackToStore href={webUrl(checkout.cancelUrl)} store={store} />;

  if (send.data) {
    return (
      <div className="grid gap-3">
        <p role="status" className="rounded-xl bg-emerald-50 p-3 font-medium text-emerald-950">
          {sentMessage(send.data)}
        </p>
        <BackToStore href={webUrl(checkout.successUrl)} store={store} />
      </div>
    );
  }
  const refused = send.error instanceof ApiRequestError ? send.error.status : null;
  if (checkout.status !== "open" || refused === 409 || refused === 410 || refused === 404) {
    return (
      <div className="grid gap-3">
        <p role="status" className="rounded-xl bg-amber-50 p-3 font-medium text-amber-950">
          {closedMessage(refused ?? checkout.status, send.error instanceof ApiRequestError ? send.error.code : null)}
        </p>
        {cancel}
      </div>
    );
  }
  if (viewer === undefined) return null;
  if (viewer === "parent") {
    return (
      <div className="grid gap-3">
        <p className="rounded-xl bg-slate-50 p-3 text-slate-700">
          You're signed in as a parent. Your child sends this to you from their own sign-in, then you decide.
        </p>
        {cancel}
      </div>
    );
  }
  if (viewer === "none") {
    return (
      <div className="grid gap-3">
        <p className="text-slate-700">Sign in to ask your parent for this.</p>
        <Link
          href={`/kid?returnTo=${encodeURIComponent(`/checkout/${id}`)}`}
          className={buttonVariants({ size: "lg" })}
        >
          Sign in with your code
        </Link>
        {cancel}
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {send.error && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-900">
          {send.error instanceof ApiRequestError && send.error.status === 403
            ? (send.error.serverMessage ?? "You can't send this right now. Ask your parent.")
            : "Something went wrong. Check your connection and try again."}
        </p>
      )}
      <Button size="lg" onClick={() => send.mutate()} disabled={send.isPending}>
        <Send aria-hidden />
        {send.isPending ? "Sending..." : "Ask my parent"}
      </Button>
      {cancel}
    </div>
  );
}

/** The hosted checkout page a store sends a child to (docs "Asking from the store"). */
export function HostedCheckoutView({ id, viewer }: { id: string; viewer?: CheckoutViewer }) {
  const query = useCheckoutSession(id);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-10" role="status" aria-label="Loading">
        <div className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
      </div>
    );
  }
  if (query.error || !query.data) {
    const status = query.error instanceof ApiRequestError ? query.error.status : null;
    return (
      <Card>
        <CardContent className="pt-6">
          <p role="alert" className="text-lg text-slate-800">
            {status === 404 || status === 410
              ? closedMessage(status)
              : "Something went wrong. Check your connection and try again."}
          </p>
        </CardContent>
      </Card>
    );
  }
  const checkout = query.data;
  return (
    <Card>
      <CardHeader>
        <p className="text-sm font-medium text-slate-600">Shopping at</p>
        <h1 className="break-words text-2xl font-bold text-slate-900">{checkout.merchantName}</h1>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Items checkout={checkout} />
        <Actions id={id} checkout={checkout} viewer={viewer} />
      </CardContent>
    </Card>
  );
}
