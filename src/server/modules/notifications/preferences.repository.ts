import { inArray, sql } from "drizzle-orm";
import {
  allNotificationsOn,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
} from "../../../shared/schemas/notifications";
import type { Executor } from "../../db/client";
import { notificationPreferences } from "../../db/schema";

/** A stored record over the defaults, so a kind added later starts on for everyone (no row means all on). */
function withDefaults(stored: Partial<Record<string, Partial<Record<string, unknown>>>> | undefined) {
  const prefs = allNotificationsOn();
  for (const channel of NOTIFICATION_CHANNELS) {
    for (const kind of NOTIFICATION_KINDS) {
      const value = stored?.[channel]?.[kind];
      if (typeof value === "boolean") prefs[channel][kind] = value;
    }
  }
  return prefs;
}

export async function readPreferences(db: Executor, userId: string): Promise<NotificationPreferences> {
  return (await readPreferencesOf(db, [userId])).get(userId) ?? allNotificationsOn();
}

/** Several guardians' preferences at once, by user id; every id asked for has an answer. */
export async function readPreferencesOf(db: Executor, userIds: string[]) {
  const rows = userIds.length
    ? await db.select().from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds))
    : [];
  const stored = new Map(rows.map((r) => [r.userId, r.channels]));
  return new Map(userIds.map((id) => [id, withDefaults(stored.get(id))]));
}

/**
 * Applies a partial change in one statement, merged into the stored JSON by the database, so two
 * changes at once (two tabs, an unsubscribe link) never undo each other.
 */
export async function patchPreferences(
  db: Executor,
  userId: string,
  patch: NotificationPreferencesPatch,
  now: Date,
): Promise<NotificationPreferences> {
  const email = JSON.stringify(patch.email ?? {});
  const push = JSON.stringify(patch.push ?? {});
  const created = allNotificationsOn();
  Object.assign(created.email, patch.email);
  Object.assign(created.push, patch.push);
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, channels: created, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: {
        channels: sql`jsonb_build_object(
          'email', coalesce(${notificationPreferences.channels} -> 'email', '{}'::jsonb) || ${email}::jsonb,
          'push', coalesce(${notificationPreferences.channels} -> 'push', '{}'::jsonb) || ${push}::jsonb)`,
        updatedAt: now,
      },
    })
    .returning({ channels: notificationPreferences.channels });
  return withDefaults(row?.channels);
}
