import { eq } from "drizzle-orm";
import type { NewsletterSubscription } from "../../../shared/schemas/public-forms";
import type { Executor } from "../../db/client";
import { newsletterSubscribers } from "../../db/schema";
import { newestFirst, olderThan, type Page } from "../../lib/paging";

export type NewsletterSubscriberRow = typeof newsletterSubscribers.$inferSelect;

export function toSubscription(row: NewsletterSubscriberRow): NewsletterSubscription {
  return { id: row.id, email: row.email, createdAt: row.createdAt.toISOString() };
}

/**
 * Subscribes an e-mail once: a repeat, even a concurrent one, finds the existing row instead of
 * adding a second (the unique index decides the race).
 */
export async function subscribe(db: Executor, email: string, now: Date) {
  const [inserted] = await db
    .insert(newsletterSubscribers)
    .values({ email, createdAt: now })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning();
  if (inserted) return inserted;
  const [existing] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  if (!existing) throw new Error("subscriber vanished between insert and select");
  return existing;
}

/** Newest first, for the staff area; a repeat sign-up keeps the date of the first. */
/** Newest first, `limit + 1` rows for the next-page check (docs/decisions/164). */
export async function listSubscriptions(db: Executor, page: Page): Promise<NewsletterSubscription[]> {
  const rows = await db
    .select()
    .from(newsletterSubscribers)
    .where(olderThan(newsletterSubscribers, page.cursor))
    .orderBy(...newestFirst(newsletterSubscribers))
    .limit(page.limit + 1);
  return rows.map(toSubscription);
}
