import { eq } from "drizzle-orm";
import type { Executor } from "../db/client";
import { serverSecrets } from "../db/schema";

/**
 * The secret kept under `name`, made by `make` the first time any instance asks. Inserted only if absent
 * and then read back, so instances starting together all answer the one that won the insert.
 */
export async function sharedSecret<T extends Record<string, string>>(
  db: Executor,
  name: string,
  make: () => T,
): Promise<T> {
  await db.insert(serverSecrets).values({ name, value: make() }).onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} was neither inserted nor found`);
  return row.value as T;
}
