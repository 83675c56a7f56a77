import type { MerchantWithSecrets } from "@shared/schemas/merchants";
import { Check, Copy, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

function SecretRow({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard
      ?.writeText(value)
      .then(() => setCopied(true))
      .catch(() => setCopied(false));
  };
  return (
    <div className="grid gap-1.5">
      <dt className="text-sm font-semibold text-slate-900">{label}</dt>
      <dd className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code className="min-w-0 flex-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-900 break-all">
          {value}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </dd>
    </div>
  );
}

/**
 * Decision 141: the API key is kept only as a hash and the webhook secret sealed, so this answer is the
 * only time staff can read them; they pass them to the store now or rotate later.
 */
export function MerchantSecrets({ merchant }: { merchant: MerchantWithSecrets }) {
  return (
    <div className="grid gap-4">
      <p
        role="alert"
        className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950"
      >
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        Copy these now and send them to {merchant.name} securely. You will not see them again; if they are lost, rotate
        the keys.
      </p>
      <dl className="grid gap-4">
        <SecretRow label="API key" value={merchant.apiKey} />
        <SecretRow label="Webhook secret" value={merchant.webhookSecret} />
      </dl>
    </div>
  );
}
