import { afterAll, beforeAll, describe, it } from "vitest";
import { signInAdmin } from "../../test-support/admin";
import { expectPagedList } from "../../test-support/paging";
import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";

/* docs/decisions/164: the staff area's lists answer pages by a cursor, as the Families list does. */

let t: TestApp;
let staff: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ adminJwtSecret: "a test secret of at least thirty-two characters" });
  staff = { authorization: (await signInAdmin(t.app)).authorization };
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000).toISOString();

/** Runs `insert` for 5 rows one minute apart, the first the newest; answers their ids in that order. */
async function five(insert: (i: number, at: string) => Promise<{ id: string }[]>) {
  const ids: string[] = [];
  for (let i = 0; i < 5; i++) {
    const [row] = await insert(i, minutesAgo(i + 1));
    if (row) ids.push(row.id);
  }
  return ids;
}

describe("staff lists page", () => {
  it("GET /api/admin/newsletter", async () => {
    const ids = await five((i, at) =>
      t.database.query("insert into newsletter_subscribers (email, created_at) values ($1, $2) returning id", [
        `reader${i}@example.com`,
        at,
      ]),
    );
    await expectPagedList(t.app, staff, "/api/admin/newsletter", ids);
  });

  it("GET /api/admin/demo-requests", async () => {
    const ids = await five((i, at) =>
      t.database.query(
        "insert into demo_requests (first_name, last_name, email, created_at) values ('Dana', $1, 'dana@example.com', $2) returning id",
        [`Demo${i}`, at],
      ),
    );
    await expectPagedList(t.app, staff, "/api/admin/demo-requests", ids);
  });

  it("GET /api/admin/consents", async () => {
    const ids = await five((i, at) =>
      t.database.query(
        `insert into consents (child_age, full_name, email, phone, relationship, data_collection, educational, third_party, marketing, created_at)
         values (9, $1, 'p@example.com', '555', 'parent', true, true, false, false, $2) returning id`,
        [`Parent ${i}`, at],
      ),
    );
    await expectPagedList(t.app, staff, "/api/admin/consents", ids);
  });

  it("GET /api/admin/users, carrying the search along", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const parent = await signUpParent(t.app, { email: `pagedsearch${i}@example.com` });
      await t.database.query("update users set created_at = $2 where id = $1", [parent.user.id, minutesAgo(i + 1)]);
      ids.push(parent.user.id);
    }
    await expectPagedList(t.app, staff, "/api/admin/users?q=pagedsearch", ids);
  });

  it("GET /api/admin/executions", async () => {
    const parent = await signUpParent(t.app);
    await t.database.query("delete from workflow_executions");
    const ids = await five((_, at) =>
      t.database.query(
        `insert into workflow_executions (workflow_id, user_id, status, started_at)
         select id, $1, 'completed', $2 from workflows where key = 'onboarding' returning id`,
        [parent.user.id, at],
      ),
    );
    await expectPagedList(t.app, staff, "/api/admin/executions", ids);
  });

  it("GET /api/admin/tickets and a parent's own GET /api/support/tickets", async () => {
    await t.database.query("delete from support_tickets");
    const parent = await signUpParent(t.app);
    const other = await signUpParent(t.app);
    const ticket = (userId: string, at: string) =>
      t.database.query<{ id: string }>(
        `insert into support_tickets (user_id, subject, description, priority, created_at, updated_at)
         values ($1, 'Help', 'Please help', 'low', $2, $2) returning id`,
        [userId, at],
      );
    const ids = await five((_, at) => ticket(parent.user.id, at));
    await expectPagedList(t.app, staff, "/api/admin/tickets", ids);
    const [theirs] = await ticket(other.user.id, t.clock.now().toISOString());
    await expectPagedList(t.app, { cookie: parent.cookie }, "/api/support/tickets", ids, theirs?.id);
  });
  it("GET /api/admin/merchants, those registered in the same instant newest added first (decision 166)", async () => {
    const added: string[] = [];
    for (let i = 0; i < 5; i++) {
      const [row] = await t.database.query<{ id: string }>(
        `insert into merchants (name, domain, webhook_url, api_key_hash, webhook_secret_encrypted, created_at, updated_at)
         values ($1, 'shop.example', 'https://shop.example/hook', $2, 'x', $3, $3) returning id`,
        [`Store ${i}`, `paged-hash-${i}`, t.clock.now().toISOString()],
      );
      if (row) added.push(row.id);
    }
    await expectPagedList(t.app, staff, "/api/admin/merchants", added.reverse());
  });
});
