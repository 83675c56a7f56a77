import { describe, expect, it } from "vitest";
import { hasHiddenCharacters } from "../rules/spoofing-text";
import { LESSON_TRIGGER_HINTS, LESSON_TRIGGERS, LESSONS, type Lesson, lessonById } from ".";

/**
 * Every lesson is complete and readable (docs/decisions/146). A new or edited lesson that breaks a rule
 * here fails review before a child ever sees it.
 */

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const TITLE_MAX = 40;
const BODY_MAX = 200;
/** A body longer than this needs simpler words for under-11s. */
const BODY_NEEDS_YOUNGER = 100;
const YOUNGER_BODY_MAX = 140;
const PROMPT_MAX = 160;
const PROMPT_NEEDS_YOUNGER = 90;
const YOUNGER_PROMPT_MAX = 110;
const CHOICE_MAX = 60;
const EXPLAIN_MAX = 200;
/** Words in one sentence of the younger wording. */
const YOUNGER_SENTENCE_WORDS = 16;

/** A sentence ends at . ! or ? (maybe inside a closing quote) before a space or the end; "$4.99" does not. */
const sentences = (text: string) =>
  text
    .split(/(?<=[.!?]"?)\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
const words = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** Every piece of text a lesson shows, with where it is, for the rules all text shares. */
function texts(lesson: Lesson): [string, string][] {
  return [
    ["title", lesson.title],
    ...lesson.screens.flatMap((screen, s): [string, string][] => [
      [`screens[${s}].title`, screen.title],
      [`screens[${s}].body`, screen.body],
      ...(screen.youngerBody === undefined
        ? []
        : [[`screens[${s}].youngerBody`, screen.youngerBody] as [string, string]]),
    ]),
    ...lesson.questions.flatMap((question, q): [string, string][] => [
      [`questions[${q}].prompt`, question.prompt],
      ...(question.youngerPrompt === undefined
        ? []
        : [[`questions[${q}].youngerPrompt`, question.youngerPrompt] as [string, string]]),
      ...question.choices.map((choice, c): [string, string] => [`questions[${q}].choices[${c}]`, choice]),
      [`questions[${q}].explain`, question.explain],
    ]),
  ];
}

describe("the lessons", () => {
  it("cover at least the twelve topics, in a stable order, with unique ids and titles", () => {
    expect(LESSONS.length).toBeGreaterThanOrEqual(12);
    const ids = LESSONS.map((lesson) => lesson.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(LESSONS.map((lesson) => lesson.title.toLowerCase())).size).toBe(LESSONS.length);
    expect(ids.slice(0, 12)).toEqual([
      "needs-and-wants",
      "making-a-month-last",
      "comparing-prices",
      "saving-for-a-goal",
      "earning-money",
      "what-things-really-cost",
      "how-interest-works",
      "ads-and-in-app-purchases",
      "safe-shopping-and-scams",
      "giving",
      "borrowing",
      "checking-a-receipt",
    ]);
  });

  it("keep the titles the product promises", () => {
    expect(lessonById("needs-and-wants")?.title).toBe("Needs and wants");
    expect(lessonById("needs-and-wants")?.unlockedBy).toBe("first_decline");
    expect(lessonById("needs-and-wants")?.minutes).toBe(2);
    expect(lessonById("making-a-month-last")?.title).toBe("Making a month last");
    expect(lessonById("making-a-month-last")?.unlockedBy).toBe("budget_75");
    expect(lessonById("no-such-lesson")).toBeUndefined();
  });

  it("use every trigger, and tell a child how each one unlocks", () => {
    for (const trigger of LESSON_TRIGGERS) {
      expect(
        LESSONS.some((lesson) => lesson.unlockedBy === trigger),
        trigger,
      ).toBe(true);
      expect(LESSON_TRIGGER_HINTS[trigger].trim(), trigger).not.toBe("");
    }
  });

  it("put the right answer in varied places, so a pattern never passes a lesson", () => {
    const positions = LESSONS.flatMap((lesson) => lesson.questions.map((question) => question.answer));
    for (const position of new Set(positions)) {
      expect(positions.filter((p) => p === position).length).toBeLessThanOrEqual(positions.length / 2);
    }
  });
});

describe.each(LESSONS.map((lesson) => [lesson.id, lesson] as const))("%s", (_id, lesson) => {
  it("has a slug id, a short title and a sensible length", () => {
    expect(lesson.id).toMatch(SLUG);
    expect(lesson.title.length).toBeLessThanOrEqual(TITLE_MAX);
    expect(Number.isInteger(lesson.minutes)).toBe(true);
    expect(lesson.minutes).toBeGreaterThanOrEqual(1);
    expect(lesson.minutes).toBeLessThanOrEqual(5);
    expect(LESSON_TRIGGERS).toContain(lesson.unlockedBy);
  });

  it("has 3-6 screens of one idea each, with simpler words for under-11s where the text is long", () => {
    expect(lesson.screens.length).toBeGreaterThanOrEqual(3);
    expect(lesson.screens.length).toBeLessThanOrEqual(6);
    expect(new Set(lesson.screens.map((screen) => screen.title)).size).toBe(lesson.screens.length);
    for (const [s, screen] of lesson.screens.entries()) {
      const where = `screens[${s}]`;
      expect(screen.title.length, where).toBeLessThanOrEqual(TITLE_MAX);
      expect(screen.body.length, where).toBeLessThanOrEqual(BODY_MAX);
      expect(sentences(screen.body).length, where).toBeLessThanOrEqual(3);
      if (screen.body.length > BODY_NEEDS_YOUNGER) expect(screen.youngerBody, where).toBeDefined();
      if (screen.youngerBody === undefined) continue;
      expect(screen.youngerBody, where).not.toBe(screen.body);
      expect(screen.youngerBody.length, where).toBeLessThanOrEqual(YOUNGER_BODY_MAX);
      expect(sentences(screen.youngerBody).length, where).toBeLessThanOrEqual(3);
      for (const sentence of sentences(screen.youngerBody)) {
        expect(words(sentence), `${where}: ${sentence}`).toBeLessThanOrEqual(YOUNGER_SENTENCE_WORDS);
      }
    }
  });

  it("ends with exactly three questions, each with 3-4 distinct choices and a valid answer", () => {
    expect(lesson.questions).toHaveLength(3);
    for (const [q, question] of lesson.questions.entries()) {
      const where = `questions[${q}]`;
      expect(question.prompt.length, where).toBeLessThanOrEqual(PROMPT_MAX);
      if (question.prompt.length > PROMPT_NEEDS_YOUNGER) expect(question.youngerPrompt, where).toBeDefined();
      if (question.youngerPrompt !== undefined) {
        expect(question.youngerPrompt, where).not.toBe(question.prompt);
        expect(question.youngerPrompt.length, where).toBeLessThanOrEqual(YOUNGER_PROMPT_MAX);
      }
      expect(question.choices.length, where).toBeGreaterThanOrEqual(3);
      expect(question.choices.length, where).toBeLessThanOrEqual(4);
      const normalized = question.choices.map((choice) => choice.trim().toLowerCase());
      expect(new Set(normalized).size, where).toBe(question.choices.length);
      for (const choice of question.choices) expect(choice.length, where).toBeLessThanOrEqual(CHOICE_MAX);
      expect(Number.isInteger(question.answer), where).toBe(true);
      expect(question.answer, where).toBeGreaterThanOrEqual(0);
      expect(question.answer, where).toBeLessThan(question.choices.length);
      expect(question.explain.length, where).toBeLessThanOrEqual(EXPLAIN_MAX);
    }
  });

  it("shows only clean, visible text in US dollars", () => {
    for (const [where, text] of texts(lesson)) {
      expect(text.trim(), where).not.toBe("");
      expect(text, where).toBe(text.trim());
      expect(text, where).not.toMatch(/\s{2,}/);
      expect(hasHiddenCharacters(text), where).toBe(false);
      expect(text, where).not.toMatch(/[£€¥₹]/);
      // Every amount is written like "$4", "$4.99" or "$1,000".
      expect(text, where).not.toMatch(/\$(?!\d{1,3}(,\d{3})*(\.\d{2})?(?!\d|[.,]\d))/);
    }
  });
});
