import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type ChildDeviceKind, type ChildDeviceRow, childDevices, sessions } from "../../db/schema";
import { randomToken, sha256 } from "../../lib/tokens";
import { CHILD_TOKEN_PREFIX, DEVICE_TTL_MS } from "../../plugins/session";

/** docs/decisions/147: the most remembered devices one child keeps; signing in on one more forgets the oldest. */
export const MAX_DEVICES_PER_CHILD = 10;

/**
 * Remembers a device for a child, forgetting the least recently used beyond the cap (and ending its
 * sessions). An extension gets a bearer token, answered once and kept only as its SHA-256.
 */
export async function rememberDevice(
  ex: Executor,
  input: { childId: string; kind: ChildDeviceKind; name: string; now: Date },
): Promise<{ device: ChildDeviceRow; token: string | null }> {
  const token = input.kind === "extension" ? `${CHILD_TOKEN_PREFIX}${randomToken(32)}` : null;
  const [device] = await ex
    .insert(childDevices)
    .values({
      childId: input.childId,
      kind: input.kind,
      name: input.name,
      tokenHash: token ? sha256(token) : null,
      expiresAt: new Date(input.now.getTime() + DEVICE_TTL_MS),
      lastUsedAt: input.now,
      createdAt: input.now,
    })
    .returning();
  if (!device) throw new Error("the device was not stored");
  const beyondCap = await ex
    .select({ id: childDevices.id })
    .from(childDevices)
    .where(eq(childDevices.childId, input.childId))
    .orderBy(desc(childDevices.lastUsedAt), desc(childDevices.createdAt))
    .offset(MAX_DEVICES_PER_CHILD);
  for (const { id } of beyondCap) await forgetDevice(ex, input.childId, id);
  return { device, token };
}

/** A child's devices still standing, most recently used first. */
export const liveDevices = (ex: Executor, childId: string, now: Date) =>
  ex
    .select()
    .from(childDevices)
    .where(and(eq(childDevices.childId, childId), gt(childDevices.expiresAt, now)))
    .orderBy(desc(childDevices.lastUsedAt))
    .limit(MAX_DEVICES_PER_CHILD);

/**
 * Ends a device at once: its row (and with it an extension's token) and a remembered browser's sessions.
 * Answers whether the child had that device.
 */
export async function forgetDevice(ex: Executor, childId: string, deviceId: string): Promise<boolean> {
  const gone = await ex
    .delete(childDevices)
    .where(and(eq(childDevices.id, deviceId), eq(childDevices.childId, childId)))
    .returning({ id: childDevices.id });
  if (!gone.length) return false;
  await ex.delete(sessions).where(sql`${sessions.sess}->>'deviceId' = ${deviceId}`);
  return true;
}

export const toDevice = (row: ChildDeviceRow) => ({
  id: row.id,
  kind: row.kind,
  name: row.name,
  lastUsedAt: row.lastUsedAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
});
