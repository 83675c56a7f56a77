import { afterAll, beforeAll, describe, it } from "vitest";
import { expectPagedList } from "../test-support/paging";
import { addChild, createTestApp, SLOW_START_MS, setTier, signUpParent, type TestApp } from "../test-support/test-app";

/* docs/decisions/164: a family's lists besides carts (carts.paging.test.ts) answer pages too. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000).toISOString();

async function family() {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "premium");
  const child = await addChild(t.app, parent.cookie);
  return { parent, child };
}

/** Inserts rows one minute apart, the first the newest; answers their ids in that order. */
async function insertRows(n: number, insert: (i: number, at: string) => Promise<{ id: string }[]>) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const [row] = await insert(i, minutesAgo(i + 1));
    if (row) ids.push(row.id);
  }
  return ids;
}

const chores = (childId: string, n: number) =>
  insertRows(n, (i, at) =>
    t.database.query(
      "insert into chores (child_id, title, reward, created_at, updated_at) values ($1, $2, 1, $3, $3) returning id",
      [childId, `Chore ${i}`, at],
    ),
  );

const goals = (childId: string, n: number) =>
  insertRows(n, (i, at) =>
    t.database.query(
      "insert into savings_goals (child_id, name, target, created_at, updated_at) values ($1, $2, 10, $3, $3) returning id",
      [childId, `Goal ${i}`, at],
    ),
  );

/** Categories list by name: inserted newest first as "Cat e", "Cat d"... so the answer is the reverse. */
const categories = async (childId: string, n: number) =>
  (
    await insertRows(n, (i, at) =>
      t.database.query(
        "insert into budget_categories (child_id, name, created_at, updated_at) values ($1, $2, $3, $3) returning id",
        [childId, `Cat ${String.fromCharCode(101 - i)}`, at],
      ),
    )
  ).reverse();

describe("a child's lists page", () => {
  for (const [name, seed] of [
    ["chores", chores],
    ["goals", goals],
    ["categories", categories],
  ] as const) {
    it(`GET /api/children/:id/${name}`, async () => {
      const { parent, child } = await family();
      const expected = await seed(child.id, 5);
      const stranger = await family();
      const [theirs] = await seed(stranger.child.id, 1);
      await expectPagedList(t.app, { cookie: parent.cookie }, `/api/children/${child.id}/${name}`, expected, theirs);
    });
  }
});

/* docs/decisions/166: rows added in the same instant (the test clock stands still) keep the order they were added in. */
describe("lists whose rows share their time page in the order they were added", () => {
  it("GET /api/children, oldest first", async () => {
    const { parent, child } = await family();
    const expected = [child.id];
    for (const name of ["Ava", "Ben", "Cal", "Dee"]) expected.push((await addChild(t.app, parent.cookie, { name })).id);
    const stranger = await family();
    await expectPagedList(t.app, { cookie: parent.cookie }, "/api/children", expected, stranger.child.id);
  });

  it("GET /api/children/:id/achievements, newest added first", async () => {
    const { parent, child } = await family();
    const badge = (childId: string, type: string) =>
      t.database.query<{ id: string }>(
        "insert into achievements (child_id, type, title, description, earned_at) values ($1, $2, $2, $2, $3) returning id",
        [childId, type, t.clock.now().toISOString()],
      );
    const added: string[] = [];
    for (const type of ["first", "saver", "planner", "budget_master", "streak"]) {
      const [row] = await badge(child.id, type);
      if (row) added.push(row.id);
    }
    const stranger = await family();
    const [theirs] = await badge(stranger.child.id, "first");
    await expectPagedList(
      t.app,
      { cookie: parent.cookie },
      `/api/children/${child.id}/achievements`,
      added.reverse(),
      theirs?.id,
    );
  });
});
