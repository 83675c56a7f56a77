import type { Relationship, VerificationMethod } from "../../../shared/rules/consent-steps";
import type { Consent } from "../../../shared/schemas/public-forms";
import type { Executor } from "../../db/client";
import { consents } from "../../db/schema";
import { newestFirst, olderThan, type Page } from "../../lib/paging";

export type ConsentRow = typeof consents.$inferSelect;

export function toConsent(row: ConsentRow): Consent {
  return {
    id: row.id,
    childAge: row.childAge,
    fullName: row.fullName,
    email: row.email,
    phone: row.phone,
    relationship: row.relationship as Relationship,
    verificationMethod: row.verificationMethod as VerificationMethod | null,
    dataCollection: row.dataCollection,
    educational: row.educational,
    thirdParty: row.thirdParty,
    marketing: row.marketing,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertConsent(db: Executor, values: typeof consents.$inferInsert) {
  const [row] = await db.insert(consents).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** Newest first, for the staff area; the id breaks ties between records made in the same instant. */
/** Newest first, `limit + 1` rows for the next-page check (docs/decisions/164). */
export async function listConsents(db: Executor, page: Page): Promise<Consent[]> {
  const rows = await db
    .select()
    .from(consents)
    .where(olderThan(consents, page.cursor))
    .orderBy(...newestFirst(consents))
    .limit(page.limit + 1);
  return rows.map(toConsent);
}
