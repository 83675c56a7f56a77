import { BellRing } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useCreatePushSubscription } from "../api/create-push-subscription";
import { useDeletePushSubscription } from "../api/delete-push-subscription";
import { usePushKey } from "../api/get-push-key";
import {
  type DeviceNotifications,
  DeviceNotificationsError,
  isPushSupported,
  needsHomeScreen,
  readDeviceNotifications,
  rememberOwner,
  subscribeDevice,
  unsubscribeDevice,
} from "../lib/device-push";

type Shown = DeviceNotifications | "checking" | "unreachable";

const STATUS: Record<Shown, string> = {
  checking: "Checking what this browser allows…",
  unreachable: "We couldn't check right now. Reload the page to try again.",
  unsupported: "Not available in this browser.",
  blocked: "Blocked in this browser's settings.",
  off: "Off. Turn on to get alerts here.",
  on: "On. This device alerts you.",
};

/**
 * docs/product-contract.md "Hearing at once": Web Push on each device a parent enables (docs/decisions/132).
 * The switch shows what is true of this browser, not what was last clicked: it is on only while this
 * browser holds a subscription the signed-in parent made with the server's current key.
 */
export function DeviceNotificationsCard({ userId }: { userId: string | undefined }) {
  const supported = isPushSupported();
  const key = usePushKey({ enabled: supported });
  const create = useCreatePushSubscription();
  const remove = useDeletePushSubscription();
  const [state, setState] = useState<DeviceNotifications | null>(supported ? null : "unsupported");
  const [busy, setBusy] = useState(false);
  // While the switch is changing the subscription, a read of the half-made state must not win.
  const changing = useRef(false);
  const working = (on: boolean) => {
    changing.current = on;
    setBusy(on);
  };
  const switchId = useId();
  const publicKey = key.data?.publicKey;

  useEffect(() => {
    if (!userId || !publicKey) return;
    let current = true;
    // A service worker the browser will not answer for reads as "off": turning on says what went wrong.
    const read = () =>
      readDeviceNotifications(userId, publicKey)
        .catch((): DeviceNotifications => "off")
        .then((next) => current && !changing.current && setState(next));
    void read();
    // Read again when the parent allows or blocks the site in the browser's settings while the page is open.
    let permission: PermissionStatus | undefined;
    navigator.permissions
      ?.query({ name: "notifications" })
      .then((status) => {
        if (!current) return;
        permission = status;
        status.addEventListener("change", read);
      })
      .catch(() => {});
    return () => {
      current = false;
      permission?.removeEventListener("change", read);
    };
  }, [userId, publicKey]);

  async function turnOn() {
    if (!userId || !publicKey) return;
    working(true);
    try {
      const subscription = await subscribeDevice(publicKey);
      await create.mutateAsync(subscription);
      rememberOwner({ endpoint: subscription.endpoint, userId });
      setState("on");
      toast({ title: "Notifications on", description: "This device will alert you, even while Pocketwise is closed." });
    } catch (error) {
      setState(await readDeviceNotifications(userId, publicKey).catch((): DeviceNotifications => "off"));
      const description =
        error instanceof DeviceNotificationsError
          ? error.message
          : clientErrorMessage(error, "Something went wrong. Please try again.");
      toast({ title: "Notifications are still off", description, variant: "destructive" });
    } finally {
      working(false);
    }
  }

  async function turnOff() {
    working(true);
    try {
      const endpoint = await unsubscribeDevice();
      rememberOwner(null);
      setState("off");
      // The device is off whatever the server answers: a subscription the server still holds is answered
      // "gone" by its push service at the next message, and deleted then.
      if (endpoint) await remove.mutateAsync(endpoint).catch(() => {});
      toast({ title: "Notifications off", description: "This device won't alert you any more." });
    } catch {
      toast({
        title: "Notifications are still on",
        description: "This browser could not turn them off. Please try again.",
        variant: "destructive",
      });
    } finally {
      working(false);
    }
  }

  const shown: Shown = state ?? (key.isError ? "unreachable" : "checking");
  return (
    <Card aria-labelledby="device-notifications-title">
      <CardHeader>
        <CardTitle id="device-notifications-title" className="flex items-center gap-2">
          <BellRing className="h-5 w-5 text-brand-700" aria-hidden /> Notifications on this device
        </CardTitle>
        <CardDescription>
          Alerts on this phone or computer, such as a cart waiting for your decision, even while Pocketwise is closed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <label htmlFor={switchId} className="text-sm font-semibold text-slate-900">
              Alerts on this device
            </label>
            <p id={`${switchId}-status`} className="text-sm text-slate-600" aria-live="polite">
              {STATUS[shown]}
            </p>
          </div>
          <Switch
            id={switchId}
            checked={shown === "on"}
            disabled={busy || (shown !== "on" && shown !== "off")}
            onCheckedChange={(on) => void (on ? turnOn() : turnOff())}
            aria-describedby={`${switchId}-status`}
            className="mt-0.5"
          />
        </div>
        {shown === "blocked" && (
          <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            To allow them, open this site's settings in your browser (the icon beside the address), set Notifications to
            Allow, then come back here.
          </p>
        )}
        {shown === "unsupported" && (
          <p className="mt-4 rounded-lg bg-brand-50 p-3 text-sm text-brand-800">
            {needsHomeScreen()
              ? "On iPhone and iPad, tap Share, then Add to Home Screen, and open Pocketwise from there to turn alerts on."
              : "Try a recent Chrome, Edge, Firefox or Safari. Waiting carts still show on your Family Dashboard."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
