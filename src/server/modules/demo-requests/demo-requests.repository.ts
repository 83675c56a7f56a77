import type { DemoRequest } from "../../../shared/schemas/public-forms";
import type { Executor } from "../../db/client";
import { demoRequests } from "../../db/schema";
import { newestFirst, olderThan, type Page } from "../../lib/paging";

export type DemoRequestRow = typeof demoRequests.$inferSelect;

export function toDemoRequest(row: DemoRequestRow): DemoRequest {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    company: row.company,
    role: row.role as DemoRequest["role"],
    familySize: row.familySize as DemoRequest["familySize"],
    timePreference: row.timePreference as DemoRequest["timePreference"],
    interests: row.interests as DemoRequest["interests"],
    message: row.message,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertDemoRequest(db: Executor, values: typeof demoRequests.$inferInsert) {
  const [row] = await db.insert(demoRequests).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Newest first, for the staff area; the id breaks ties between requests made in the same instant. */
/** Newest first, `limit + 1` rows for the next-page check (docs/decisions/164). */
export async function listDemoRequests(db: Executor, page: Page): Promise<DemoRequest[]> {
  const rows = await db
    .select()
    .from(demoRequests)
    .where(olderThan(demoRequests, page.cursor))
    .orderBy(...newestFirst(demoRequests))
    .limit(page.limit + 1);
  return rows.map(toDemoRequest);
}
