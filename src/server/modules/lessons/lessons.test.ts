import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LESSONS, type Lesson, lessonById } from "../../../shared/lessons";
import { LESSON_BADGES } from "../../../shared/rules/lessons";
import type { LessonSummary } from "../../../shared/schemas/lessons";
import {
  addChild,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";
import { LESSON_LOCKED, ONLY_THE_CHILD_COMPLETES } from "./lessons.service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);
beforeEach(() => {
  t.clock.set("2026-06-10T12:00:00Z");
});

const call = (method: "GET" | "POST" | "PATCH", cookie: string, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function family() {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "premium");
  const child = await addChild(t.app, parent.cookie, { monthlyBudget: "40.00", autoApprovalLimit: "0.00" });
  const kid = await signInChild(t.app, parent.cookie, child.id);
  return { parent, child, kid };
}

const lesson = (id: string) => lessonById(id) as Lesson;
const rightAnswers = (l: Lesson) => l.questions.map((q) => q.answer);
/** Two right and the last one wrong: still a pass. */
const twoRight = (l: Lesson) => l.questions.map((q, i) => (i < 2 ? q.answer : (q.answer + 1) % q.choices.length));
const oneRight = (l: Lesson) => l.questions.map((q, i) => (i < 1 ? q.answer : (q.answer + 1) % q.choices.length));

async function list(cookie: string, childId: string): Promise<LessonSummary[]> {
  const res = await call("GET", cookie, `/api/children/${childId}/lessons`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const statusOf = async (cookie: string, childId: string, id: string) =>
  (await list(cookie, childId)).find((l) => l.id === id)?.status;
const complete = (cookie: string, childId: string, id: string, answers: unknown) =>
  call("POST", cookie, `/api/children/${childId}/lessons/${id}/complete`, { answers });

const unlockCount = async (childId: string) =>
  (
    await t.database.query<{ n: number }>("select count(*)::int as n from lesson_unlocks where child_id = $1", [
      childId,
    ])
  )[0]?.n;

describe("GET /api/children/:id/lessons", () => {
  it("lists every lesson in order: the welcome lesson available, the others locked with their trigger", async () => {
    const { child, kid } = await family();
    const lessons = await list(kid, child.id);
    expect(lessons.map((l) => l.id)).toEqual(LESSONS.map((l) => l.id));
    expect(lessons.filter((l) => l.status === "available").map((l) => l.id)).toEqual(["ads-and-in-app-purchases"]);
    expect(lessons.find((l) => l.id === "needs-and-wants")).toEqual({
      id: "needs-and-wants",
      title: "Needs and wants",
      minutes: lesson("needs-and-wants").minutes,
      status: "locked",
      unlockedBy: "first_decline",
      unlockedAt: null,
      completedAt: null,
    });
  });

  it("opens Needs and wants when a parent declines a cart, once, at the first read that sees it", async () => {
    const { parent, child, kid } = await family();
    const cartId = await insertCart(t.database, child.id, { total: "12.00" });
    const declined = await call("PATCH", parent.cookie, `/api/carts/${cartId}/status`, { status: "declined" });
    expect(declined.statusCode).toBe(200);

    const first = (await list(kid, child.id)).find((l) => l.id === "needs-and-wants");
    expect(first).toMatchObject({ status: "available", unlockedAt: "2026-06-10T12:00:00.000Z" });
    // The cart was sent too: the safe-shopping lesson opens with it.
    expect(await statusOf(kid, child.id, "safe-shopping-and-scams")).toBe("available");
    const unlocks = await unlockCount(child.id);

    t.clock.set("2026-06-10T12:10:00Z");
    const again = await list(parent.cookie, child.id);
    expect(again.find((l) => l.id === "needs-and-wants")?.unlockedAt).toBe("2026-06-10T12:00:00.000Z");
    expect(await unlockCount(child.id)).toBe(unlocks);
  });

  it("does not count an expired cart as a decline", async () => {
    const { child, kid } = await family();
    const cartId = await insertCart(t.database, child.id, { status: "declined" });
    await t.database.query("update carts set decision_note = $1 where id = $2", [
      "Expired: no one decided in time",
      cartId,
    ]);
    expect(await statusOf(kid, child.id, "needs-and-wants")).toBe("locked");
  });

  it.each<[string, string, string | undefined]>([
    ["74.99% of the budget", "29.99", "locked"],
    ["75% of the budget", "30.00", "available"],
  ])("Making a month last after spending %s", async (_name, total, expected) => {
    const { child, kid } = await family();
    await insertCart(t.database, child.id, { total, status: "approved" });
    expect(await statusOf(kid, child.id, "making-a-month-last")).toBe(expected);
    expect(await statusOf(kid, child.id, "borrowing")).toBe("locked");
  });

  it("counts each calendar month on its own, and opens Borrowing at 90%", async () => {
    const { child, kid } = await family();
    // $20 in May and $20 in June: half the budget each month, whatever the sum.
    await insertCart(t.database, child.id, { total: "20.00", status: "completed", createdAt: new Date("2026-05-20") });
    await insertCart(t.database, child.id, { total: "20.00", status: "approved", createdAt: new Date("2026-06-02") });
    expect(await statusOf(kid, child.id, "making-a-month-last")).toBe("locked");
    await insertCart(t.database, child.id, { total: "16.00", status: "approved", createdAt: new Date("2026-06-03") });
    expect(await statusOf(kid, child.id, "making-a-month-last")).toBe("available");
    expect(await statusOf(kid, child.id, "borrowing")).toBe("available");
    // A bought cart opens the receipt lesson, an approved one the real-cost one.
    expect(await statusOf(kid, child.id, "checking-a-receipt")).toBe("available");
    expect(await statusOf(kid, child.id, "what-things-really-cost")).toBe("available");
  });

  it("opens Earning money with a chore marked done, Giving in the next month, and the goal lessons with goals", async () => {
    const { child, kid } = await family();
    await t.database.query(
      "insert into chores (child_id, title, reward, marked_done_at) values ($1, 'Dishes', '2.00', now())",
      [child.id],
    );
    expect(await statusOf(kid, child.id, "earning-money")).toBe("available");
    expect(await statusOf(kid, child.id, "giving")).toBe("locked");
    await t.database.query("update children set created_at = '2026-05-31T23:00:00Z' where id = $1", [child.id]);
    expect(await statusOf(kid, child.id, "giving")).toBe("available");
    await t.database.query(
      "insert into savings_goals (child_id, name, target, status, reached_at) values ($1, 'Bike', '60.00', 'reached', now())",
      [child.id],
    );
    expect(await statusOf(kid, child.id, "saving-for-a-goal")).toBe("available");
    expect(await statusOf(kid, child.id, "how-interest-works")).toBe("available");
  });

  it("answers another family's child with 404 and a sibling's session with 403", async () => {
    const { parent, child } = await family();
    const sibling = await addChild(t.app, parent.cookie, { name: "Sam" });
    const siblingKid = await signInChild(t.app, parent.cookie, sibling.id);
    const other = await signUpParent(t.app);
    expect((await call("GET", other.cookie, `/api/children/${child.id}/lessons`)).statusCode).toBe(404);
    expect((await call("GET", siblingKid, `/api/children/${child.id}/lessons`)).statusCode).toBe(403);
    expect((await call("GET", "", `/api/children/${child.id}/lessons`)).statusCode).toBe(401);
  });
});

describe("POST /api/children/:id/lessons/:lessonId/complete", () => {
  it("scores a try, passes at 2 of 3, and keeps the lesson completed after a later miss", async () => {
    const { child, kid } = await family();
    const ads = lesson("ads-and-in-app-purchases");
    const miss = await complete(kid, child.id, ads.id, oneRight(ads));
    expect(miss.statusCode).toBe(200);
    expect(miss.json()).toEqual({ correct: 1, total: 3, passed: false, badges: [] });
    expect(await statusOf(kid, child.id, ads.id)).toBe("available");

    t.clock.set("2026-06-10T12:05:00Z");
    const pass = await complete(kid, child.id, ads.id, twoRight(ads));
    expect(pass.json()).toEqual({ correct: 2, total: 3, passed: true, badges: [LESSON_BADGES.first_lesson.title] });

    t.clock.set("2026-06-10T12:10:00Z");
    await complete(kid, child.id, ads.id, rightAnswers(ads));
    await complete(kid, child.id, ads.id, oneRight(ads));
    expect((await list(kid, child.id)).find((l) => l.id === ads.id)).toMatchObject({
      status: "completed",
      completedAt: "2026-06-10T12:05:00.000Z",
      score: { correct: 3, total: 3 },
    });
  });

  it("refuses a locked lesson with 409 and a stable code", async () => {
    const { child, kid } = await family();
    const needs = lesson("needs-and-wants");
    const res = await complete(kid, child.id, needs.id, rightAnswers(needs));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "lesson_locked", message: LESSON_LOCKED });
  });

  it.each<[string, unknown]>([
    ["too few answers", [0, 1]],
    ["too many answers", [0, 1, 2, 0]],
    ["a choice that does not exist", [0, 1, 9]],
    ["a negative choice", [0, -1, 0]],
    ["a fraction", [0, 1.5, 0]],
    ["text", ["a", "b", "c"]],
    ["no list", "0,1,2"],
  ])("answers 400 with the field for %s", async (_name, answers) => {
    const { child, kid } = await family();
    const res = await complete(kid, child.id, "ads-and-in-app-purchases", answers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors?.[0]?.field).toMatch(/^answers/);
  });

  it("answers 404 for an unknown lesson", async () => {
    const { child, kid } = await family();
    expect((await complete(kid, child.id, "no-such-lesson", [0, 0, 0])).statusCode).toBe(404);
  });

  it("lets only the child complete: a guardian gets 403, a sibling 403, another family 404", async () => {
    const { parent, child } = await family();
    const sibling = await addChild(t.app, parent.cookie, { name: "Sam" });
    const siblingKid = await signInChild(t.app, parent.cookie, sibling.id);
    const other = await signUpParent(t.app);
    const ads = lesson("ads-and-in-app-purchases");
    const byParent = await complete(parent.cookie, child.id, ads.id, rightAnswers(ads));
    expect(byParent.statusCode).toBe(403);
    expect(byParent.json().message).toBe(ONLY_THE_CHILD_COMPLETES);
    expect((await complete(siblingKid, child.id, ads.id, rightAnswers(ads))).statusCode).toBe(403);
    expect((await complete(other.cookie, child.id, ads.id, rightAnswers(ads))).statusCode).toBe(404);
  });

  it("grants Quick Learner with the first pass and Money Scholar with the fifth lesson, each once", async () => {
    const { parent, child, kid } = await family();
    // A declined cart with a suggestion and a bought one open five lessons besides the welcome one.
    const declined = await insertCart(t.database, child.id, { status: "declined" });
    await t.database.query(
      `update carts set decided_by = $1, suggested_item = '{"name":"Cheaper one","price":"3.00"}'::jsonb where id = $2`,
      [parent.user.id, declined],
    );
    await insertCart(t.database, child.id, { status: "completed", total: "5.00" });
    const open = (await list(kid, child.id)).filter((l) => l.status === "available");
    expect(open.length).toBeGreaterThanOrEqual(5);

    const earned: string[][] = [];
    for (const { id } of open.slice(0, 5)) {
      const res = await complete(kid, child.id, id, rightAnswers(lesson(id)));
      expect(res.statusCode).toBe(200);
      earned.push(res.json().badges);
    }
    expect(earned).toEqual([["Quick Learner"], [], [], [], ["Money Scholar"]]);
    const again = await complete(kid, child.id, open[0]?.id ?? "", rightAnswers(lesson(open[0]?.id ?? "")));
    expect(again.json().badges).toEqual([]);

    const badges = (await call("GET", parent.cookie, `/api/children/${child.id}/achievements`)).json();
    expect(badges.map((b: { type: string }) => b.type).sort()).toEqual(["first_lesson", "five_lessons"]);
  });
});
