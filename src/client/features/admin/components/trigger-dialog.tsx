import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/hooks/use-toast";
import { cn } from "@/lib/cn";
import { isAdminSessionError } from "../api/admin-request";
import { useAdminUsers } from "../api/get-admin-users";
import { type TriggerKind, useTriggerAutomation } from "../api/trigger-automation";

export const TRIGGERS: Record<TriggerKind, { action: string; name: string }> = {
  onboarding: { action: "Trigger welcome sequence", name: "Welcome sequence" },
  "payment-recovery": { action: "Trigger payment recovery", name: "Payment recovery" },
};

const SEARCH_DELAY_MS = 250;

function useDebounced(value: string) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return debounced;
}

/**
 * The server runs an automation for a real parent (docs/product-contract.md "Staff area"), so the quick actions ask
 * whom to run it for instead of the prototype's placeholder demo user.
 */
export function TriggerDialog({ kind, onClose }: { kind: TriggerKind | null; onClose: () => void }) {
  return (
    <Dialog open={kind !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>{kind && <TriggerForm kind={kind} onDone={onClose} />}</DialogContent>
    </Dialog>
  );
}

function TriggerForm({ kind, onDone }: { kind: TriggerKind; onDone: () => void }) {
  const ids = useId();
  const [search, setSearch] = useState("");
  const q = useDebounced(search);
  const users = useAdminUsers(q);
  const [userId, setUserId] = useState<string | null>(null);
  const trigger = useTriggerAutomation();
  const chosen = users.data?.find((u) => u.id === userId);

  const run = async () => {
    if (!chosen) return;
    try {
      await trigger.mutateAsync({ kind, userId: chosen.id });
      toast({ title: "Automation Triggered", description: `${TRIGGERS[kind].name} started for ${chosen.email}.` });
      onDone();
    } catch (error) {
      if (isAdminSessionError(error)) return;
      toast({ title: "Error", description: "Failed to trigger automation", variant: "destructive" });
    }
  };

  return (
    <>
      <DialogTitle>{TRIGGERS[kind].action}</DialogTitle>
      <DialogDescription>Choose the parent account to run it for.</DialogDescription>
      <div className="mt-5 grid gap-1.5">
        <Label htmlFor={`${ids}-search`}>Search parents</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500"
            aria-hidden
          />
          <Input
            id={`${ids}-search`}
            type="search"
            placeholder="Name or e-mail"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      <fieldset className="mt-4">
        <legend className="sr-only">Parent</legend>
        {users.isLoading ? (
          <Spinner label="Loading parents" className="py-6" />
        ) : users.isError ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">Could not load parents. Please try again.</p>
        ) : users.data?.length === 0 ? (
          <p className="rounded-lg bg-slate-50 p-4 text-sm text-slate-700">
            {q ? `No parent matches "${q}".` : "No parent accounts yet."}
          </p>
        ) : (
          <ul className="grid max-h-64 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-1">
            {users.data?.map((u) => (
              <li key={u.id}>
                <label
                  className={cn(
                    "flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600",
                    u.id === userId ? "bg-brand-50" : "hover:bg-slate-50",
                  )}
                >
                  <input
                    type="radio"
                    name={`${ids}-user`}
                    value={u.id}
                    checked={u.id === userId}
                    onChange={() => setUserId(u.id)}
                    className="h-4 w-4 accent-brand-700"
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">{u.name}</span>
                    <span className="block truncate text-slate-600">{u.email}</span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="button" disabled={!chosen || trigger.isPending} onClick={run}>
          {trigger.isPending ? "Starting..." : "Run automation"}
        </Button>
      </div>
    </>
  );
}
