import { LESSONS, type Lesson, type LessonQuestion, type LessonScreen, type LessonTrigger } from "../lessons";

/** docs/decisions/146: the rules of the money lessons, the same on the server and in the child's screens. */

export const LESSON_STATUSES = ["locked", "available", "completed"] as const;
export type LessonStatus = (typeof LESSON_STATUSES)[number];

/** A lesson is passed with at least this many of its three questions right. */
export const LESSON_PASS_MARK = 2;

export interface LessonScore {
  correct: number;
  total: number;
  passed: boolean;
}

/**
 * The score of one try. An answer that is missing or names no choice counts as wrong, so a short or odd sheet
 * never scores more than its right answers; `answersFit` tells the route to refuse such a sheet first.
 */
export function scoreLesson(lesson: Lesson, answers: readonly number[]): LessonScore {
  const correct = lesson.questions.filter((question, index) => answers[index] === question.answer).length;
  return { correct, total: lesson.questions.length, passed: correct >= LESSON_PASS_MARK };
}

/** Whether `answers` holds exactly one choice index for each of the lesson's questions, in order. */
export const answersFit = (lesson: Lesson, answers: readonly unknown[]): answers is number[] =>
  answers.length === lesson.questions.length &&
  lesson.questions.every((question, index) => {
    const answer = answers[index];
    return Number.isInteger(answer) && (answer as number) >= 0 && (answer as number) < question.choices.length;
  });

/** The lessons an event unlocks, in the lessons' own order. */
export const lessonsUnlockedBy = (trigger: LessonTrigger): Lesson[] =>
  LESSONS.filter((lesson) => lesson.unlockedBy === trigger);

/** Children under this age read the simpler wording. */
export const YOUNGER_WORDING_BELOW_AGE = 11;

export type Wording = "younger" | "standard";

export const wordingFor = (age: number): Wording => (age < YOUNGER_WORDING_BELOW_AGE ? "younger" : "standard");

export const screenBody = (screen: LessonScreen, wording: Wording): string =>
  wording === "younger" ? (screen.youngerBody ?? screen.body) : screen.body;

export const questionPrompt = (question: LessonQuestion, wording: Wording): string =>
  wording === "younger" ? (question.youngerPrompt ?? question.prompt) : question.prompt;

/** What the server keeps of one lesson for one child; no record means nothing happened yet. */
export interface LessonProgress {
  /** Its event has happened for this child. */
  unlocked: boolean;
  /** Some try scored a pass. A later try that fails does not take it back. */
  passed: boolean;
}

/** A lesson is completed once passed, available once its event happened (or from the start for "welcome"). */
export function lessonStatus(lesson: Lesson, progress?: LessonProgress): LessonStatus {
  if (progress?.passed) return "completed";
  if (progress?.unlocked || lesson.unlockedBy === "welcome") return "available";
  return "locked";
}

/** "3 of 12 done": completed lessons out of all of them. */
export function lessonsDone(statuses: readonly LessonStatus[]): { completed: number; total: number } {
  return { completed: statuses.filter((status) => status === "completed").length, total: statuses.length };
}

export const LESSON_BADGE_TYPES = ["first_lesson", "five_lessons"] as const;
export type LessonBadgeType = (typeof LESSON_BADGE_TYPES)[number];

export const FIVE_LESSONS = 5;

/** Badges for learning, each earned once per child like every badge. */
export const LESSON_BADGES: Record<LessonBadgeType, { type: LessonBadgeType; title: string; description: string }> = {
  first_lesson: { type: "first_lesson", title: "Quick Learner", description: "Passed your first money lesson." },
  five_lessons: { type: "five_lessons", title: "Money Scholar", description: "Passed five money lessons." },
};

/** The learning badges a child holds after passing this many different lessons; awarding them is idempotent. */
export function lessonBadgesEarned(completedCount: number): LessonBadgeType[] {
  const earned: LessonBadgeType[] = [];
  if (completedCount >= 1) earned.push("first_lesson");
  if (completedCount >= FIVE_LESSONS) earned.push("five_lessons");
  return earned;
}
