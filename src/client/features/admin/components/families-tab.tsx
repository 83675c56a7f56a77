import { PLANS } from "@shared/rules/plans";
import type { AdminFamilyRow } from "@shared/schemas/admin-families";
import { ChevronRight, Search } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useAuditLog } from "../api/get-audit-log";
import { useFamilies } from "../api/get-families";
import { AuditEntries } from "./audit-entries";
import { FamilyDetail, subscriptionLabel } from "./family-detail";
import { LoadFailed } from "./overview-tab";

const formatDate = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" });

/**
 * docs/decisions/155: find a family by an adult's e-mail, then read and change it. On a phone the chosen
 * family replaces the list (with a way back); on a wide screen they sit side by side.
 */
export function FamiliesTab() {
  const [email, setEmail] = useState("");
  const [selected, setSelected] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);
  const openFromLog = (id: string) => {
    setSelected(id);
    // The log sits below the family: bring the family into view.
    top.current?.scrollIntoView({ block: "start" });
  };
  return (
    <div className="grid gap-6">
      <div ref={top} className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className={cn(selected && "hidden lg:block")}>
          <FamilySearch email={email} onSearch={setEmail} selected={selected} onSelect={setSelected} />
        </div>
        {selected ? (
          <FamilyDetail familyId={selected} onBack={() => setSelected(null)} />
        ) : (
          <p className="hidden rounded-2xl border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600 lg:block">
            Choose a family to see its plan, charges and staff changes.
          </p>
        )}
      </div>
      <StaffChanges onOpenFamily={openFromLog} />
    </div>
  );
}

function FamilySearch({
  email,
  onSearch,
  selected,
  onSelect,
}: {
  email: string;
  onSearch: (email: string) => void;
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  const inputId = useId();
  const [draft, setDraft] = useState(email);
  const families = useFamilies(email);
  const rows = families.data?.pages.flatMap((p) => p.items) ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <Card aria-labelledby={`${inputId}-title`}>
      <CardHeader>
        <CardTitle id={`${inputId}-title`}>Families</CardTitle>
        <CardDescription>Newest first. Search by the start of the e-mail of any adult in the family.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex gap-2">
          <Label htmlFor={inputId} className="sr-only">
            Parent e-mail
          </Label>
          <Input
            id={inputId}
            type="search"
            placeholder="Parent e-mail"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="secondary">
            <Search aria-hidden /> Search
          </Button>
        </form>
        <div className="mt-4">
          {families.isPending ? (
            <Spinner label="Loading families" className="py-10" />
          ) : families.isError ? (
            <LoadFailed what="families" />
          ) : rows.length === 0 ? (
            <p className="text-sm text-slate-600">
              {email ? `No family has an adult whose e-mail starts with “${email}”.` : "No families yet."}
            </p>
          ) : (
            <ul className="grid gap-2" aria-label="Families found">
              {rows.map((family) => (
                <li key={family.id}>
                  <FamilyRow family={family} current={family.id === selected} onSelect={() => onSelect(family.id)} />
                </li>
              ))}
            </ul>
          )}
          {families.hasNextPage && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="mt-3 w-full"
              disabled={families.isFetchingNextPage}
              onClick={() => families.fetchNextPage()}
            >
              Show more families
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

function FamilyRow({ family, current, onSelect }: { family: AdminFamilyRow; current: boolean; onSelect: () => void }) {
  return (
    <button
      type="button"
      onClick={onSelect}
      aria-current={current || undefined}
      className={cn(
        "flex w-full items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 text-left text-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
        current && "border-brand-600 bg-brand-50",
      )}
    >
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{family.ownerName}</span>
          <Badge variant={family.plan === "free" ? "neutral" : "approved"}>{PLANS[family.plan].name}</Badge>
        </span>
        <span className="text-slate-600 [overflow-wrap:anywhere]">{family.ownerEmail}</span>
        <span className="text-xs text-slate-600">
          {subscriptionLabel(family.status)}
          {family.trialEndsAt && ` · trial ends ${formatDate(family.trialEndsAt)}`} · {family.childrenCount}{" "}
          {family.childrenCount === 1 ? "child" : "children"} · {family.referralsCount}{" "}
          {family.referralsCount === 1 ? "referral" : "referrals"}
        </span>
      </span>
      <ChevronRight aria-hidden className="h-4 w-4 shrink-0 text-slate-400" />
    </button>
  );
}

/** Every staff change, newest first, from any family. */
function StaffChanges({ onOpenFamily }: { onOpenFamily: (id: string) => void }) {
  const log = useAuditLog();
  const entries = log.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card aria-labelledby="staff-changes-title">
      <CardHeader>
        <CardTitle id="staff-changes-title">Staff changes</CardTitle>
        <CardDescription>Every plan set by hand and every refund, with who made it and when.</CardDescription>
      </CardHeader>
      <CardContent>
        {log.isPending ? (
          <Spinner label="Loading staff changes" className="py-10" />
        ) : log.isError ? (
          <LoadFailed what="staff changes" />
        ) : entries.length === 0 ? (
          <p className="text-sm text-slate-600">No staff changes yet.</p>
        ) : (
          <AuditEntries
            entries={entries}
            renderExtra={(entry) =>
              entry.familyId && (
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto px-0"
                  onClick={() => entry.familyId && onOpenFamily(entry.familyId)}
                >
                  Open family
                </Button>
              )
            }
          />
        )}
        {log.hasNextPage && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="mt-3 w-full"
            disabled={log.isFetchingNextPage}
            onClick={() => log.fetchNextPage()}
          >
            Show older changes
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
