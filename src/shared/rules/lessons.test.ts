import { describe, expect, it } from "vitest";
import { LESSON_TRIGGERS, LESSONS, type Lesson, type LessonTrigger, lessonById } from "../lessons";
import {
  answersFit,
  type LessonBadgeType,
  type LessonProgress,
  type LessonStatus,
  lessonBadgesEarned,
  lessonStatus,
  lessonsDone,
  lessonsUnlockedBy,
  questionPrompt,
  scoreLesson,
  screenBody,
  type Wording,
  wordingFor,
} from "./lessons";

const needsAndWants = lessonById("needs-and-wants")!;
const right = needsAndWants.questions.map((question) => question.answer);
const wrong = needsAndWants.questions.map((question) => (question.answer + 1) % question.choices.length);

describe("scoreLesson", () => {
  it.each<[string, number[], { correct: number; total: number; passed: boolean }]>([
    ["all three right", right, { correct: 3, total: 3, passed: true }],
    ["two right", [right[0]!, right[1]!, wrong[2]!], { correct: 2, total: 3, passed: true }],
    ["two right, the first wrong", [wrong[0]!, right[1]!, right[2]!], { correct: 2, total: 3, passed: true }],
    ["one right", [right[0]!, wrong[1]!, wrong[2]!], { correct: 1, total: 3, passed: false }],
    ["none right", wrong, { correct: 0, total: 3, passed: false }],
    ["no answers", [], { correct: 0, total: 3, passed: false }],
    ["answers in the wrong places", [right[1]!, right[2]!, right[0]!], { correct: 0, total: 3, passed: false }],
    ["extra answers after three right ones", [...right, 0, 1], { correct: 3, total: 3, passed: true }],
  ])("%s", (_name, answers, expected) => {
    expect(scoreLesson(needsAndWants, answers)).toEqual(expected);
  });

  it("passes every lesson when every answer is its key", () => {
    for (const lesson of LESSONS) {
      expect(
        scoreLesson(
          lesson,
          lesson.questions.map((q) => q.answer),
        ).passed,
        lesson.id,
      ).toBe(true);
    }
  });
});

describe("answersFit", () => {
  it.each<[string, unknown[], boolean]>([
    ["one valid index per question", [0, 1, 2], true],
    ["the last choice of a four-choice question", [3, 0, 0], true],
    ["too few", [0, 1], false],
    ["too many", [0, 1, 2, 0], false],
    ["a negative index", [-1, 0, 0], false],
    ["an index past the choices", [0, 3, 0], false],
    ["a fraction", [0.5, 0, 0], false],
    ["a string", ["1", 0, 0], false],
    ["null", [null, 0, 0], false],
    ["NaN", [Number.NaN, 0, 0], false],
  ])("%s", (_name, answers, expected) => {
    // needs-and-wants has four choices, then three, then three.
    expect(answersFit(needsAndWants, answers)).toBe(expected);
  });
});

describe("lessonsUnlockedBy", () => {
  it.each<[LessonTrigger, string[]]>([
    ["first_decline", ["needs-and-wants"]],
    ["budget_75", ["making-a-month-last"]],
    ["first_chore_done", ["earning-money"]],
    ["goal_created", ["saving-for-a-goal"]],
    ["first_suggestion", ["comparing-prices"]],
    ["first_purchase_approved", ["what-things-really-cost"]],
    ["first_completed_purchase", ["checking-a-receipt"]],
    ["first_cart_submitted", ["safe-shopping-and-scams"]],
    ["budget_90", ["borrowing"]],
    ["goal_reached", ["how-interest-works"]],
    ["new_month", ["giving"]],
    ["welcome", ["ads-and-in-app-purchases"]],
  ])("%s unlocks %j", (trigger, ids) => {
    expect(lessonsUnlockedBy(trigger).map((lesson) => lesson.id)).toEqual(ids);
  });

  it("unlocks every lesson through exactly one trigger", () => {
    const unlocked = LESSON_TRIGGERS.flatMap((trigger) => lessonsUnlockedBy(trigger).map((lesson) => lesson.id));
    expect(unlocked.toSorted()).toEqual(LESSONS.map((lesson) => lesson.id).toSorted());
  });
});

describe("wordingFor", () => {
  it.each<[number, Wording]>([
    [3, "younger"],
    [8, "younger"],
    [10, "younger"],
    [11, "standard"],
    [12, "standard"],
    [16, "standard"],
    [18, "standard"],
  ])("age %i reads the %s wording", (age, wording) => {
    expect(wordingFor(age)).toBe(wording);
  });

  const screen = { title: "T", body: "Standard body.", youngerBody: "Younger body." };
  const plain = { title: "T", body: "Only body." };
  const question = {
    prompt: "Standard?",
    youngerPrompt: "Younger?",
    choices: ["a", "b", "c"],
    answer: 0,
    explain: "e",
  };

  it.each<[string, string, string]>([
    ["a younger reader gets the younger body", screenBody(screen, "younger"), "Younger body."],
    ["an older reader gets the body", screenBody(screen, "standard"), "Standard body."],
    ["a younger reader of a screen without one gets the body", screenBody(plain, "younger"), "Only body."],
    ["a younger reader gets the younger prompt", questionPrompt(question, "younger"), "Younger?"],
    ["an older reader gets the prompt", questionPrompt(question, "standard"), "Standard?"],
    [
      "a younger reader of a question without one gets the prompt",
      questionPrompt({ ...question, youngerPrompt: undefined }, "younger"),
      "Standard?",
    ],
  ])("%s", (_name, text, expected) => {
    expect(text).toBe(expected);
  });
});

describe("lessonStatus", () => {
  const locked = lessonById("making-a-month-last")!;
  const fromTheStart = LESSONS.find((lesson) => lesson.unlockedBy === "welcome")!;
  it.each<[string, Lesson, LessonProgress | undefined, LessonStatus]>([
    ["nothing happened yet", locked, undefined, "locked"],
    ["a record without its event", locked, { unlocked: false, passed: false }, "locked"],
    ["its event happened", locked, { unlocked: true, passed: false }, "available"],
    ["passed", locked, { unlocked: true, passed: true }, "completed"],
    ["a welcome lesson with no record", fromTheStart, undefined, "available"],
    ["a welcome lesson passed", fromTheStart, { unlocked: false, passed: true }, "completed"],
  ])("%s: %s", (_name, lesson, progress, expected) => {
    expect(lessonStatus(lesson, progress)).toBe(expected);
  });
});

describe("lessonsDone", () => {
  it.each<[LessonStatus[], { completed: number; total: number }]>([
    [[], { completed: 0, total: 0 }],
    [["locked", "available", "locked"], { completed: 0, total: 3 }],
    [["completed", "available", "completed", "locked", "completed"], { completed: 3, total: 5 }],
  ])("%j", (statuses, expected) => {
    expect(lessonsDone(statuses)).toEqual(expected);
  });
});

describe("lessonBadgesEarned", () => {
  it.each<[number, LessonBadgeType[]]>([
    [0, []],
    [1, ["first_lesson"]],
    [4, ["first_lesson"]],
    [5, ["first_lesson", "five_lessons"]],
    [12, ["first_lesson", "five_lessons"]],
  ])("after %i lessons passed: %j", (count, expected) => {
    expect(lessonBadgesEarned(count)).toEqual(expected);
  });
});
