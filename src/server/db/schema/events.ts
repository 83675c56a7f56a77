import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * docs/product-contract.md "Hearing at once": every event a family's screens hear, written in the
 * transaction that caused it and announced with NOTIFY, which PostgreSQL delivers only on commit. The
 * id is the SSE event id; a reconnecting stream replays rows after its Last-Event-ID from the last hour.
 */
export const events = pgTable(
  "events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The family (its owner's account id, decision 130); guardians' streams hear all of it. */
    familyId: uuid("family_id").notNull(),
    /** The child the event is about, when one is: that child's session hears it too. */
    childId: uuid("child_id"),
    type: text("type").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("events_family_id_idx").on(t.familyId, t.id), index("events_created_idx").on(t.createdAt)],
);

export type EventRow = typeof events.$inferSelect;
