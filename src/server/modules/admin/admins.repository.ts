import { count, eq, sql } from "drizzle-orm";
import type { AdminUser } from "../../../shared/schemas/staff";
import type { Executor } from "../../db/client";
import { type AdminRow, admins } from "../../db/schema";

/** Any constant would do; it only has to differ from the other advisory locks (migrations use 727274). */
const FIRST_ADMIN_LOCK = 727_275;

export function toAdminUser(row: AdminRow): AdminUser {
  return { id: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName };
}

export async function findAdminByEmail(db: Executor, email: string) {
  const [row] = await db.select().from(admins).where(eq(admins.email, email.toLowerCase()));
  return row ?? null;
}

export async function findAdminById(db: Executor, id: string) {
  const [row] = await db.select().from(admins).where(eq(admins.id, id));
  return row ?? null;
}

/**
 * Creates the first admin, or answers null when one exists already. The check and the insert run under
 * one transaction-scoped advisory lock: row locks cannot guard a table that has no rows yet, and two
 * setups that both saw it empty would otherwise both insert.
 */
export function insertFirstAdmin(
  db: Executor,
  values: { email: string; passwordHash: string; firstName: string; lastName: string },
  now: Date,
): Promise<AdminRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_ADMIN_LOCK})`);
    const [existing] = await tx.select({ n: count() }).from(admins);
    if ((existing?.n ?? 0) > 0) return null;
    const [row] = await tx
      .insert(admins)
      .values({ ...values, createdAt: now, updatedAt: now })
      .returning();
    return row ?? null;
  });
}
