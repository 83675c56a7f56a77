import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { childDevices, childLoginCodes, sessions } from "../db/schema";

/**
 * Ends every way a child is signed in, at once: open sessions (remembered browsers' included), devices (the
 * extension's tokens) and codes not yet used. Consent withdrawn, refused or newly needed (docs/decisions/157)
 * must leave the child signed in nowhere.
 */
export async function endChildSignIns(ex: Executor, childId: string) {
  await ex.delete(sessions).where(sql`${sessions.sess}->>'childId' = ${childId}`);
  await ex.delete(childDevices).where(eq(childDevices.childId, childId));
  await ex.delete(childLoginCodes).where(and(eq(childLoginCodes.childId, childId), isNull(childLoginCodes.usedAt)));
}
