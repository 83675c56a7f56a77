/**
 * The money lessons' content model (docs/decisions/146). Lessons ship with the product as typed files, so a
 * child reads one without a network and a change to one is reviewed like code.
 */

/**
 * What unlocks a lesson for a child: the first time each event happens (later times change nothing), or,
 * for "welcome", nothing at all. The events are ones the server already sees: carts sent, decided and
 * bought, chores, the budget warnings, goals and months.
 */
export const LESSON_TRIGGERS = [
  /** No event: the lessons every child can read from the start. */
  "welcome",
  /** The child's first cart sent to a parent. */
  "first_cart_submitted",
  /** A guardian declines one of the child's carts for the first time (an expiry is not a decline). */
  "first_decline",
  /** A guardian first declines with a suggested item instead. */
  "first_suggestion",
  /** The child's first approved purchase, automatic or by a guardian. */
  "first_purchase_approved",
  /** The child's first purchase marked as bought (the cart completed). */
  "first_completed_purchase",
  /** Spending passes 75% of the month's budget (the 75% budget warning) for the first time. */
  "budget_75",
  /** Spending passes 90% of the month's budget (the 90% budget warning) for the first time. */
  "budget_90",
  /** The child marks a chore done for the first time. */
  "first_chore_done",
  /** The child's first savings goal. */
  "goal_created",
  /** A savings goal reaches its target for the first time. */
  "goal_reached",
  /** The first new calendar month the child starts with Pocketwise. */
  "new_month",
] as const;
export type LessonTrigger = (typeof LESSON_TRIGGERS)[number];

/** What a locked lesson tells the child about how to open it. */
export const LESSON_TRIGGER_HINTS: Record<LessonTrigger, string> = {
  welcome: "Ready from the start.",
  first_cart_submitted: "Opens when you send your first cart.",
  first_decline: "Opens the first time a cart gets a no.",
  first_suggestion: "Opens when a parent suggests something else to buy.",
  first_purchase_approved: "Opens when your first purchase is approved.",
  first_completed_purchase: "Opens when your first purchase is bought.",
  budget_75: "Opens when you have used three quarters of a month's budget.",
  budget_90: "Opens when you have used 90% of a month's budget.",
  first_chore_done: "Opens when you finish your first chore.",
  goal_created: "Opens when you set your first savings goal.",
  goal_reached: "Opens when you reach a savings goal.",
  new_month: "Opens when a new month begins.",
};

/** One idea, said in one to three short sentences. */
export interface LessonScreen {
  title: string;
  body: string;
  /** The same idea in simpler words for children under 11; `body` is shown when there is none. */
  youngerBody?: string;
}

export interface LessonQuestion {
  prompt: string;
  /** The question in simpler words for children under 11; `prompt` is shown when there is none. */
  youngerPrompt?: string;
  /** Three or four distinct choices. */
  choices: string[];
  /** The index in `choices` of the right answer. */
  answer: number;
  /** Why the right answer is right, shown after the check. */
  explain: string;
}

export interface Lesson {
  /** A kebab-case slug, stable forever: progress is stored under it. */
  id: string;
  title: string;
  /** About how long it takes to read and answer. */
  minutes: number;
  unlockedBy: LessonTrigger;
  /** Three to six screens. */
  screens: LessonScreen[];
  /** Exactly three questions. */
  questions: LessonQuestion[];
}
