import { and, eq, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { LESSONS, type LessonTrigger } from "../../../shared/lessons";
import { EXPIRED_NOTE } from "../../../shared/rules/approval-window";
import type { Executor } from "../../db/client";
import { achievements, children, lessonAttempts, lessonUnlocks } from "../../db/schema";

/** The child's lessons' records: when each unlocked, and the tries at each. */
export interface LessonRecords {
  /** Which triggers have happened for the child, read from the rows that record them. */
  happened: Set<LessonTrigger>;
  unlockedAt: Map<string, Date>;
  attempts: Map<string, { completedAt: Date | null; correct: number; total: number }>;
}

type Facts = Record<Exclude<LessonTrigger, "welcome">, boolean>;

/** The child the list is for: the outer row every subquery below is correlated with. */
const CHILD = sql`"children"`;

const childCarts = (where: SQL) => sql`exists (select 1 from carts c where c.child_id = ${CHILD}.id and ${where})`;

/*
 * docs/decisions/154: a trigger has happened when the rows the product already keeps say so, each read as
 * one `exists` (or one aggregate for the budget) over the child's own rows, so the whole list is one query.
 * The subqueries name their tables with aliases: Drizzle writes a column of a one-table select without its
 * table, which inside a subquery would name the subquery's own column.
 */
function factsSql(monthStart: Date) {
  // The highest share of a month's budget (its bonus included) that the child's approved and bought
  // carts reached in any calendar month (UTC), as approval counts a cart in its month.
  const month = sql`to_char(coalesce(c.approved_at, c.created_at) at time zone 'UTC', 'YYYY-MM')`;
  const bestShare = sql`(select max(m.spent * 100 / nullif(m.budget, 0)) from (
    select sum(c.total) as spent,
      ${CHILD}.monthly_budget + case when ${CHILD}.bonus_month = ${month} then ${CHILD}.bonus_budget else 0 end as budget
    from carts c
    where c.child_id = ${CHILD}.id and c.status in ('approved', 'completed')
    group by ${month}) m)`;
  return sql<Facts>`json_build_object(
    'first_cart_submitted', ${childCarts(sql`true`)},
    'first_decline', ${childCarts(
      // An expiry is a decline no one made (decision 134): it teaches nothing about needs and wants.
      sql`c.status = 'declined' and (c.decided_by is not null or c.decision_note is distinct from ${EXPIRED_NOTE})`,
    )},
    'first_suggestion', ${childCarts(sql`c.suggested_item is not null`)},
    'first_purchase_approved', ${childCarts(sql`c.status in ('approved', 'completed')`)},
    'first_completed_purchase', ${childCarts(sql`c.status = 'completed'`)},
    'budget_75', coalesce(${bestShare} >= 75, false),
    'budget_90', coalesce(${bestShare} >= 90, false),
    'first_chore_done', exists (select 1 from chores h where h.child_id = ${CHILD}.id
      and (h.marked_done_at is not null or h.is_completed)),
    'goal_created', exists (select 1 from savings_goals g where g.child_id = ${CHILD}.id),
    'goal_reached', exists (select 1 from savings_goals g where g.child_id = ${CHILD}.id
      and (g.reached_at is not null or g.status in ('reached', 'bought'))),
    'new_month', ${CHILD}.created_at < ${monthStart.toISOString()}::timestamptz
  )`;
}

interface UnlockJson {
  lessonId: string;
  unlockedAt: string;
}
interface AttemptJson {
  lessonId: string;
  completedAt: string | null;
  correct: number;
  total: number;
}

/**
 * Everything the lessons list needs in one statement: the triggers, the unlocks kept, and per lesson the
 * first pass and the best try. `monthStart` is the start of the current month (UTC), for `new_month`.
 */
export async function readLessonRecords(ex: Executor, childId: string, monthStart: Date): Promise<LessonRecords> {
  const [row] = await ex
    .select({
      facts: factsSql(monthStart),
      unlocks: sql<UnlockJson[]>`coalesce((select json_agg(json_build_object('lessonId', u.lesson_id,
        'unlockedAt', u.unlocked_at)) from lesson_unlocks u where u.child_id = ${CHILD}.id), '[]'::json)`,
      attempts: sql<AttemptJson[]>`coalesce((select json_agg(json_build_object('lessonId', a.lesson_id,
        'completedAt', a.completed_at, 'correct', a.correct, 'total', a.total)) from (
          select lesson_id, min(passed_at) as completed_at, max(correct) as correct, max(total) as total
          from lesson_attempts where child_id = ${CHILD}.id group by lesson_id) a), '[]'::json)`,
    })
    .from(children)
    .where(eq(children.id, childId));
  if (!row) return { happened: new Set(), unlockedAt: new Map(), attempts: new Map() };
  const facts = row.facts as Facts;
  const happened = new Set<LessonTrigger>(["welcome"]);
  for (const [trigger, yes] of Object.entries(facts)) if (yes) happened.add(trigger as LessonTrigger);
  return {
    happened,
    unlockedAt: new Map(row.unlocks.map((u) => [u.lessonId, new Date(u.unlockedAt)])),
    attempts: new Map(
      row.attempts.map((a) => [
        a.lessonId,
        { completedAt: a.completedAt ? new Date(a.completedAt) : null, correct: a.correct, total: a.total },
      ]),
    ),
  };
}

/**
 * Keeps the unlocks just found; the (child, lesson) key makes a repeat, or a second request finding the
 * same unlock, change nothing. Answers the rows really added.
 */
export async function insertLessonUnlocks(ex: Executor, childId: string, lessonIds: string[], now: Date) {
  if (!lessonIds.length) return [];
  return ex
    .insert(lessonUnlocks)
    .values(lessonIds.map((lessonId) => ({ childId, lessonId, unlockedAt: now })))
    .onConflictDoNothing()
    .returning({ lessonId: lessonUnlocks.lessonId, unlockedAt: lessonUnlocks.unlockedAt });
}

/** The lessons a child's triggers open, in the lessons' own order. */
export const lessonsOpenedBy = (happened: Set<LessonTrigger>) =>
  LESSONS.filter((lesson) => happened.has(lesson.unlockedBy)).map((lesson) => lesson.id);

export async function insertLessonAttempt(ex: Executor, row: typeof lessonAttempts.$inferInsert) {
  await ex.insert(lessonAttempts).values(row);
}

/** How many different lessons the child has passed. */
export async function countPassedLessons(ex: Executor, childId: string): Promise<number> {
  const [row] = await ex
    .select({ count: sql<number>`count(distinct ${lessonAttempts.lessonId})::int` })
    .from(lessonAttempts)
    .where(and(eq(lessonAttempts.childId, childId), isNotNull(lessonAttempts.passedAt)));
  return row?.count ?? 0;
}

/** Which of these badge types the child already holds. */
export async function heldBadgeTypes(ex: Executor, childId: string, types: string[]): Promise<Set<string>> {
  if (!types.length) return new Set();
  const rows = await ex
    .select({ type: achievements.type })
    .from(achievements)
    .where(and(eq(achievements.childId, childId), inArray(achievements.type, types)));
  return new Set(rows.map((row) => row.type));
}
