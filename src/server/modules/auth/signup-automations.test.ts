import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, SLOW_START_MS, signUpParent, type TestApp } from "../../test-support/test-app";

/* docs/product-contract.md "Deciding from anywhere": the automations' trigger events are real. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

it("a new parent's sign-up starts the welcome sequence, which sends its first e-mail", async () => {
  const parent = await signUpParent(t.app);
  const started = await t.database.query<{ key: string; status: string }>(
    `select w.key, e.status from workflow_executions e join workflows w on w.id = e.workflow_id where e.user_id = $1`,
    [parent.user.id],
  );
  expect(started).toEqual([{ key: "onboarding", status: "running" }]);
  await t.app.automations.runDue();
  const [after] = await t.database.query<{ status: string }>(
    "select status from workflow_executions where user_id = $1",
    [parent.user.id],
  );
  expect(after?.status).toBe("waiting");
});
