import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
} from "@shared/schemas/notifications";
import { Mail, Smartphone } from "lucide-react";
import { useId } from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/hooks/use-toast";
import { clientErrorMessage } from "@/lib/api";
import { useNotificationPreferences } from "../api/get-notification-preferences";
import { useUpdateNotificationPreferences } from "../api/update-notification-preferences";

/** Where the e-mails' "Choose what we send you" link lands. */
export const NOTIFICATIONS_SECTION_ID = "notifications";

const CHANNEL_NAMES: Record<NotificationChannel, string> = { email: "E-mail", push: "Push" };

/** One switch that saves the moment it changes, as the child settings' switches do (decision 013). */
function PreferenceSwitch({
  channel,
  kind,
  saved,
  describedBy,
}: {
  channel: NotificationChannel;
  kind: NotificationKind;
  saved: NotificationPreferences;
  describedBy: string;
}) {
  const update = useUpdateNotificationPreferences();
  const label = NOTIFICATION_KIND_LABELS[kind].label;
  // The new position while the save is in flight; a failure falls back to the saved one.
  const pending = update.isPending ? update.variables?.[channel]?.[kind] : undefined;
  const checked = pending ?? saved[channel][kind];
  return (
    <Switch
      checked={checked}
      disabled={update.isPending}
      aria-label={`${CHANNEL_NAMES[channel]}: ${label}`}
      aria-describedby={describedBy}
      onCheckedChange={(value) =>
        update.mutate(
          { [channel]: { [kind]: value } },
          {
            onSuccess: () =>
              toast({
                title: "Notifications updated",
                description: `${CHANNEL_NAMES[channel]} for ${label.toLowerCase()} is now ${value ? "on" : "off"}.`,
              }),
            onError: (error) =>
              toast({
                variant: "destructive",
                title: "Error",
                description: clientErrorMessage(error, "Failed to update notifications. Please try again."),
              }),
          },
        )
      }
    />
  );
}

/**
 * docs/product-contract.md "Hearing at once": what the signed-in adult hears of, by e-mail and by push,
 * for all the family's children. A child's own switches (in that child's settings) come first: a kind
 * turned off there is sent to no one.
 */
export function NotificationPreferencesCard() {
  const preferences = useNotificationPreferences();
  const id = useId();
  return (
    <Card id={NOTIFICATIONS_SECTION_ID} aria-labelledby={`${id}-title`} className="scroll-mt-24">
      <CardHeader>
        <CardTitle id={`${id}-title`}>Notifications</CardTitle>
        <CardDescription>
          What we tell you, and how, for all your children; a child's own switches in their settings come first. Push
          alerts reach each device where you turned them on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {preferences.isLoading ? (
          <Spinner label="Loading notification settings" className="py-6" />
        ) : !preferences.data ? (
          <p role="alert" className="text-sm text-red-800">
            {clientErrorMessage(preferences.error, "We couldn't load your notification settings.")}
          </p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-left text-xs text-slate-600">
                <th scope="col" className="pb-2 font-semibold">
                  <span className="sr-only">Notification</span>
                </th>
                <th scope="col" className="w-20 whitespace-nowrap pb-2 text-center font-semibold">
                  <span className="inline-flex items-center gap-1">
                    <Mail className="h-3.5 w-3.5" aria-hidden /> {CHANNEL_NAMES.email}
                  </span>
                </th>
                <th scope="col" className="w-20 whitespace-nowrap pb-2 text-center font-semibold">
                  <span className="inline-flex items-center gap-1">
                    <Smartphone className="h-3.5 w-3.5" aria-hidden /> {CHANNEL_NAMES.push}
                  </span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {NOTIFICATION_KINDS.map((kind) => {
                const { label, description } = NOTIFICATION_KIND_LABELS[kind];
                const describedBy = `${id}-${kind}`;
                return (
                  <tr key={kind}>
                    <th scope="row" className="py-3 pr-3 text-left align-top font-normal">
                      <span className="block font-semibold text-slate-900">{label}</span>
                      <span id={describedBy} className="block text-slate-600">
                        {description}
                      </span>
                    </th>
                    {(["email", "push"] as const).map((channel) => (
                      <td key={channel} className="py-3 text-center align-top">
                        <PreferenceSwitch
                          channel={channel}
                          kind={kind}
                          saved={preferences.data}
                          describedBy={describedBy}
                        />
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}
