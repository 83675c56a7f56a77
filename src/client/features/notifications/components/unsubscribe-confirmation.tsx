import { NOTIFICATION_KIND_LABELS } from "@shared/schemas/notifications";
import { BellOff, CheckCircle2, Info } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { clientErrorMessage } from "@/lib/api";
import { useUnsubscribeLink } from "../api/get-unsubscribe-link";
import { useUnsubscribe } from "../api/unsubscribe";

const SETTINGS = "/parent#notifications";

/**
 * Decision 133: the page an e-mail's unsubscribe link opens. Opening it changes nothing (mail scanners
 * open links); the button turns off that one kind of e-mail, as a mail client's one-click button does.
 */
export function UnsubscribeConfirmation({ token }: { token: string }) {
  const link = useUnsubscribeLink(token);
  const unsubscribe = useUnsubscribe(token);

  if (link.isLoading) return <Spinner label="Loading" />;
  if (link.isError || !link.data) {
    return (
      <Card className="grid gap-4 p-5 sm:p-7">
        <div role="status" className="flex gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 text-slate-900">
          <Info className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>{clientErrorMessage(link.error, "We couldn't open this link. Please try again.")}</p>
        </div>
        <SettingsLink />
      </Card>
    );
  }
  const { kind, label, email, subscribed } = link.data;
  const { description } = NOTIFICATION_KIND_LABELS[kind];
  return (
    <Card className="grid gap-5 p-5 sm:p-7">
      <header className="grid gap-1">
        <h1 className="text-balance text-2xl font-bold tracking-tight text-slate-900">
          {subscribed ? `Stop ${label.toLowerCase()} e-mails?` : `${label} e-mails are off`}
        </h1>
        <p className="break-words text-slate-600">For {email}</p>
      </header>
      <div className="rounded-xl border border-slate-200 p-4">
        <p className="font-semibold text-slate-900">{label}</p>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      {subscribed ? (
        <>
          <p className="text-sm text-slate-700">
            Only these e-mails stop. Other e-mails, push alerts and everything on your dashboard stay as they are.
          </p>
          {unsubscribe.isError && (
            <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              {clientErrorMessage(unsubscribe.error, "We couldn't turn them off. Please try again.")}
            </p>
          )}
          <Button size="lg" className="w-full" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate()}>
            <BellOff aria-hidden /> Stop these e-mails
          </Button>
        </>
      ) : (
        <div
          role="status"
          className="flex gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900"
        >
          <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>
            You won't get {label.toLowerCase()} e-mails any more. You can turn them back on in your notification
            settings.
          </p>
        </div>
      )}
      <SettingsLink />
    </Card>
  );
}

const SettingsLink = () => (
  <p className="text-center text-sm text-slate-700">
    <Link href={SETTINGS} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
      Choose what we send you
    </Link>
  </p>
);
