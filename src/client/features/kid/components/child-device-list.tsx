import { timeAgo } from "@shared/rules/waiting-time";
import type { ChildDevice } from "@shared/schemas/kid-auth";
import { LogOut, Monitor, Puzzle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useNow } from "@/hooks/use-now";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useChildDevices, useForgetChildDevice } from "../api/child-devices";

const KIND_WORDS: Record<ChildDevice["kind"], string> = {
  browser: "Stays signed in on this browser",
  extension: "Pocketwise browser extension",
};

/**
 * Child settings: where the child stays signed in (a browser where "Keep me signed in" was ticked, or the
 * browser extension), and a way to end each one at once (docs/decisions/147).
 */
export function ChildDeviceList({ childId, childName }: { childId: string; childName: string }) {
  const devices = useChildDevices(childId);
  const forget = useForgetChildDevice(childId);
  const now = useNow(60_000);

  const signOut = (device: ChildDevice) =>
    forget.mutate(device.id, {
      onSuccess: () => toast({ title: "Signed out", description: `${childName} is signed out on ${device.name}.` }),
      onError: (error) =>
        toast({
          variant: "destructive",
          title: "Error",
          description: clientErrorMessage(error, "Couldn't sign out that device. Please try again."),
        }),
    });

  return (
    <section aria-labelledby={`devices-${childId}`} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={`devices-${childId}`} className="text-sm font-semibold text-slate-900">
        Stays signed in on
      </h3>
      {devices.isPending && <p className="mt-2 text-sm text-slate-600">Loading devices...</p>}
      {devices.isError && (
        <p className="mt-2 text-sm text-red-700" role="alert">
          Couldn't load {childName}'s devices.
        </p>
      )}
      {devices.data?.length === 0 && (
        <p className="mt-2 text-sm text-slate-600">
          No remembered devices. A sign-in without "Keep me signed in" ends after 30 minutes of inactivity.
        </p>
      )}
      {!!devices.data?.length && (
        <ul className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200">
          {devices.data.map((device) => {
            const Icon = device.kind === "extension" ? Puzzle : Monitor;
            return (
              <li key={device.id} className="flex flex-wrap items-center gap-3 p-3">
                <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{device.name}</p>
                  <p className="text-sm text-slate-600">
                    {KIND_WORDS[device.kind]} · last used {timeAgo(new Date(device.lastUsedAt), now)}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={forget.isPending && forget.variables === device.id}
                  onClick={() => signOut(device)}
                  aria-label={`Sign ${childName} out on ${device.name}`}
                >
                  <LogOut aria-hidden />
                  Sign out
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
