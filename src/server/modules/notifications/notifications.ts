/*
 * Notifications (decision 133): e-mail and push for the family's guardians, their preferences, one-click
 * unsubscribe links and one-tap decision links. Other modules import from this file only.
 *
 * A cause writes one intent row in its own transaction (`queueNotification`, or the budget write's
 * notification part for the events it writes); the worker (`notifications.plugin.ts`) turns it into a
 * message per guardian and channel and sends each once, on whichever instance claims it. Call
 * `app.notifications.wake()` after the transaction commits to have it sent at once rather than at the
 * next sweep.
 */
import type { Executor } from "../../db/client";
import { type NotificationIntent, outboundMessages } from "../../db/schema";

export type { NotificationIntent } from "../../db/schema";

/** Writes one notification intent in the caller's transaction, so it exists exactly when its cause commits. */
export async function queueNotification(ex: Executor, intent: NotificationIntent): Promise<void> {
  await ex.insert(outboundMessages).values({ channel: "intent", type: intent.type, payload: intent });
}
