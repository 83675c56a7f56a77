import type { FastifyInstance } from "fastify";
import { LESSONS, type Lesson, lessonById } from "../../../shared/lessons";
import { BADGES } from "../../../shared/rules/badges";
import { answersFit, lessonBadgesEarned, lessonStatus, scoreLesson } from "../../../shared/rules/lessons";
import { ANSWERS_MESSAGE, type LessonResult, type LessonSummary } from "../../../shared/schemas/lessons";
import type { Executor } from "../../db/client";
import type { ChildRow } from "../../db/schema";
import { codedError, forbidden, HttpError, notFound } from "../../lib/http-errors";
import type { Actor } from "../../plugins/auth";
import { changeChildBudget } from "../budget/budget";
import { CHILD_NOT_FOUND } from "../children/children.service";
import {
  countPassedLessons,
  heldBadgeTypes,
  insertLessonAttempt,
  insertLessonUnlocks,
  type LessonRecords,
  lessonsOpenedBy,
  readLessonRecords,
} from "./lessons.repository";

export const LESSON_NOT_FOUND = "Lesson not found";
export const LESSON_LOCKED = "This lesson opens later. Keep shopping, saving and earning to unlock it.";
export const ONLY_THE_CHILD_COMPLETES = "Only the child can answer a lesson's questions";

const monthStartOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * docs/decisions/154: the child's lesson records, with the unlocks that what already happened implies
 * kept first, so each lesson unlocks once, at the first read that finds its event, and stays unlocked.
 */
async function recordsWithUnlocks(ex: Executor, childId: string, now: Date): Promise<LessonRecords> {
  const records = await readLessonRecords(ex, childId, monthStartOf(now));
  const fresh = lessonsOpenedBy(records.happened).filter((id) => !records.unlockedAt.has(id));
  for (const row of await insertLessonUnlocks(ex, childId, fresh, now))
    records.unlockedAt.set(row.lessonId, row.unlockedAt);
  return records;
}

function summary(lesson: Lesson, records: LessonRecords): LessonSummary {
  const unlockedAt = records.unlockedAt.get(lesson.id) ?? null;
  const attempt = records.attempts.get(lesson.id);
  const completedAt = attempt?.completedAt ?? null;
  return {
    id: lesson.id,
    title: lesson.title,
    minutes: lesson.minutes,
    status: lessonStatus(lesson, { unlocked: unlockedAt !== null, passed: completedAt !== null }),
    unlockedBy: lesson.unlockedBy,
    unlockedAt: unlockedAt?.toISOString() ?? null,
    completedAt: completedAt?.toISOString() ?? null,
    ...(attempt ? { score: { correct: attempt.correct, total: attempt.total } } : {}),
  };
}

/** Every lesson in the lessons' own order, as the child stands with it. */
export async function listLessons(app: FastifyInstance, child: ChildRow): Promise<LessonSummary[]> {
  const records = await recordsWithUnlocks(app.database.db, child.id, app.now());
  return LESSONS.map((lesson) => summary(lesson, records));
}

/**
 * Scores a try and keeps it. Under the family's lock, like every badge write, so two tries at once cannot
 * both see a badge as new: the answer names each badge only the time it is earned.
 */
export function completeLesson(
  app: FastifyInstance,
  actor: Actor,
  child: ChildRow,
  lesson: Lesson,
  answers: number[],
): Promise<LessonResult> {
  // A guardian reads the results; the answers are the child's own.
  if (actor.kind !== "child") throw forbidden(ONLY_THE_CHILD_COMPLETES);
  if (!answersFit(lesson, answers)) {
    throw new HttpError(400, ANSWERS_MESSAGE, [{ field: "answers", message: ANSWERS_MESSAGE }]);
  }
  return changeChildBudget(app, child.parentId, child.id, CHILD_NOT_FOUND, async (tx, locked) => {
    const now = app.now();
    const records = await recordsWithUnlocks(tx, locked.child.id, now);
    const unlocked = records.unlockedAt.has(lesson.id);
    const passedBefore = records.attempts.get(lesson.id)?.completedAt != null;
    if (lessonStatus(lesson, { unlocked, passed: passedBefore }) === "locked") {
      throw codedError(409, "lesson_locked", LESSON_LOCKED);
    }
    const score = scoreLesson(lesson, answers);
    await insertLessonAttempt(tx, {
      childId: locked.child.id,
      lessonId: lesson.id,
      answers,
      correct: score.correct,
      total: score.total,
      passedAt: score.passed ? now : null,
      createdAt: now,
    });
    const earned = score.passed ? lessonBadgesEarned(await countPassedLessons(tx, locked.child.id)) : [];
    const held = await heldBadgeTypes(tx, locked.child.id, earned);
    const fresh = earned.filter((type) => !held.has(type));
    return {
      result: { ...score, badges: fresh.map((type) => BADGES[type].title) },
      changes: { badges: fresh.map((type) => ({ childId: locked.child.id, ...BADGES[type], earnedAt: now })) },
    };
  });
}

/** The lesson a path names; 404 for an id no lesson has. */
export function findLesson(id: string): Lesson {
  const lesson = lessonById(id);
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  return lesson;
}
