import { planFor } from "@shared/rules/plans";
import type { AuditEntry } from "@shared/schemas/admin-families";
import type { ReactNode } from "react";
import { formatAmount } from "@/components/ui/money";
import { cn } from "@/lib/cn";
import { formatDateTime } from "./status-badges";

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A staff change in words: what was done, for staff reading the log later. */
export function describeAuditEntry(entry: AuditEntry): string {
  const d = entry.details;
  switch (entry.action) {
    case "plan.set":
      return `Plan set from ${planFor(text(d.from)).name} to ${planFor(text(d.to)).name}`;
    case "refund.create":
      return `Refunded ${formatAmount(text(d.amount))} of charge ${text(d.chargeId)}`;
    case "consent.accept":
      return `Verified the parental consent ${text(d.reference)} for ${text(d.childName)}`;
    case "consent.reject":
      return `Refused the parental consent ${text(d.reference)} for ${text(d.childName)}: ${text(d.reason)}`;
    default:
      return entry.action;
  }
}

/** Staff changes newest first, each with who made it and when. */
export function AuditEntries({
  entries,
  renderExtra,
  highlightId,
}: {
  entries: AuditEntry[];
  renderExtra?: (entry: AuditEntry) => ReactNode;
  /** The change just made on this screen, marked so staff see it was recorded. */
  highlightId?: string | null;
}) {
  return (
    <ol className="grid gap-2">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={cn(
            "rounded-lg border border-slate-200 p-3 text-sm",
            entry.id === highlightId && "border-emerald-300 bg-emerald-50",
          )}
        >
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{describeAuditEntry(entry)}</p>
          <p className="mt-0.5 text-slate-600 [overflow-wrap:anywhere]">
            by {entry.adminEmail} · <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </p>
          {renderExtra?.(entry)}
        </li>
      ))}
    </ol>
  );
}
