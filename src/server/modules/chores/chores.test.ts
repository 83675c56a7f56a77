import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

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

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", cookie: string, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function family() {
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "premium");
  const child = await addChild(t.app, parent.cookie, { monthlyBudget: "10.00", autoApprovalLimit: "10.00" });
  const kid = await signInChild(t.app, parent.cookie, child.id);
  return { parent, child, kid };
}
const addChore = async (cookie: string, childId: string, body: object = { title: "Dishes", reward: "2.00" }) => {
  const res = await call("POST", cookie, `/api/children/${childId}/chores`, body);
  expect(res.statusCode).toBe(201);
  return res.json();
};

describe("POST /api/children/:id/chores", () => {
  it("creates a chore with its reward and due date", async () => {
    const { parent, child, kid } = await family();
    const res = await call("POST", parent.cookie, `/api/children/${child.id}/chores`, {
      title: " Walk the dog ",
      description: "Twice round the park",
      reward: "3.5",
      dueDate: "2026-06-12",
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      childId: child.id,
      title: "Walk the dog",
      description: "Twice round the park",
      reward: "3.50",
      dueDate: "2026-06-12T00:00:00.000Z",
      isCompleted: false,
      markedDoneAt: null,
      completedAt: null,
    });
    expect((await call("GET", kid, `/api/children/${child.id}/chores`)).json()).toHaveLength(1);
  });

  it.each<[string, object, string, string]>([
    ["a missing title", { reward: "1.00" }, "title", "Title is required"],
    ["a blank title", { title: " ", reward: "1.00" }, "title", "Title is required"],
    [
      "a 101-character title",
      { title: "x".repeat(101), reward: "1.00" },
      "title",
      "Title must be at most 100 characters",
    ],
    ["a missing reward", { title: "Dishes" }, "reward", "Must be a valid amount (e.g., 5.00)"],
    ["a negative reward", { title: "Dishes", reward: "-1.00" }, "reward", "Must be a valid amount (e.g., 5.00)"],
    [
      "a bad due date",
      { title: "Dishes", reward: "1.00", dueDate: "tomorrow" },
      "dueDate",
      "Due date must be a date and time",
    ],
    [
      "a due date in year 0",
      { title: "Dishes", reward: "1.00", dueDate: "0000-01-01" },
      "dueDate",
      "Due date must be in the years 2000 to 9999",
    ],
    [
      "a due date before 2000",
      { title: "Dishes", reward: "1.00", dueDate: "1999-12-31T23:59:59Z" },
      "dueDate",
      "Due date must be in the years 2000 to 9999",
    ],
    [
      "a due date past 9999 once in UTC",
      { title: "Dishes", reward: "1.00", dueDate: "9999-12-31T23:00:00-05:00" },
      "dueDate",
      "Due date must be in the years 2000 to 9999",
    ],
    [
      "a 501-character description",
      { title: "Dishes", reward: "1.00", description: "x".repeat(501) },
      "description",
      "Must be at most 500 characters",
    ],
  ])("refuses %s with 400 and the field's message", async (_name, payload, field, message) => {
    const { parent, child } = await family();
    const res = await call("POST", parent.cookie, `/api/children/${child.id}/chores`, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message }]);
  });

  it("takes due dates at both ends of the years allowed, and refuses year 0 on a change too", async () => {
    const { parent, child } = await family();
    const first = await addChore(parent.cookie, child.id, { title: "A", reward: "1.00", dueDate: "2000-01-01" });
    expect(first.dueDate).toBe("2000-01-01T00:00:00.000Z");
    const last = await addChore(parent.cookie, child.id, { title: "B", reward: "1.00", dueDate: "9999-12-31" });
    expect(last.dueDate).toBe("9999-12-31T00:00:00.000Z");
    const res = await call("PATCH", parent.cookie, `/api/chores/${first.id}`, { dueDate: "0000-01-01" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "dueDate", message: "Due date must be in the years 2000 to 9999" }]);
  });

  it("is the parent's alone: 403 for the child, 404 for other families", async () => {
    const { parent, child, kid } = await family();
    const other = await family();
    expect(
      (await call("POST", kid, `/api/children/${child.id}/chores`, { title: "X", reward: "1.00" })).statusCode,
    ).toBe(403);
    const foreign = await call("POST", parent.cookie, `/api/children/${other.child.id}/chores`, {
      title: "X",
      reward: "1.00",
    });
    expect(foreign.json()).toEqual({ message: "Child not found" });
  });
});

describe("PATCH and DELETE /api/chores/:id", () => {
  it("changes any subset, clears the due date, and deletes with 204", async () => {
    const { parent, child } = await family();
    const chore = await addChore(parent.cookie, child.id, { title: "Dishes", reward: "2.00", dueDate: "2026-06-12" });
    const res = await call("PATCH", parent.cookie, `/api/chores/${chore.id}`, { reward: "2.5", dueDate: null });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: "Dishes", reward: "2.50", dueDate: null });
    expect((await call("DELETE", parent.cookie, `/api/chores/${chore.id}`)).statusCode).toBe(204);
    expect((await call("PATCH", parent.cookie, `/api/chores/${chore.id}`, { title: "X" })).json()).toEqual({
      message: "Chore not found",
    });
  });

  it("keeps a confirmed chore as it was (409), answers 404 to others and 403 to the child", async () => {
    const { parent, child, kid } = await family();
    const chore = await addChore(parent.cookie, child.id);
    const other = await family();
    expect((await call("PATCH", other.parent.cookie, `/api/chores/${chore.id}`, { title: "X" })).statusCode).toBe(404);
    expect((await call("DELETE", other.parent.cookie, `/api/chores/${chore.id}`)).statusCode).toBe(404);
    expect((await call("PATCH", kid, `/api/chores/${chore.id}`, { reward: "50.00" })).statusCode).toBe(403);
    expect((await call("DELETE", kid, `/api/chores/${chore.id}`)).statusCode).toBe(403);
    await call("POST", parent.cookie, `/api/chores/${chore.id}/confirm`);
    expect((await call("PATCH", parent.cookie, `/api/chores/${chore.id}`, { reward: "9.00" })).statusCode).toBe(409);
    expect((await call("DELETE", parent.cookie, `/api/chores/not-an-id`)).statusCode).toBe(404);
  });
});

describe("completing and confirming chores", () => {
  it("lets the child mark a chore done, then the parent confirm it, raising this month's budget", async () => {
    const { parent, child, kid } = await family();
    const chore = await addChore(parent.cookie, child.id);
    const done = await call("POST", kid, `/api/chores/${chore.id}/complete`);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ markedDoneAt: "2026-06-10T12:00:00.000Z", isCompleted: false });
    t.clock.advance(60_000);
    expect((await call("POST", kid, `/api/chores/${chore.id}/complete`)).json().markedDoneAt).toBe(
      "2026-06-10T12:00:00.000Z",
    );

    const confirmed = await call("POST", parent.cookie, `/api/chores/${chore.id}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ isCompleted: true, completedAt: "2026-06-10T12:01:00.000Z" });
    const me = (await call("GET", kid, `/api/children/${child.id}`)).json();
    expect(me).toMatchObject({ monthlyBudget: "10.00", bonusBudget: "2.00" });

    // The reward is budget: a cart of 12.00 now fits, though only after the limit is raised too.
    await call("PATCH", parent.cookie, `/api/children/${child.id}`, { autoApprovalLimit: "10.00" });
    await call("POST", kid, `/api/children/${child.id}/carts`, {
      retailer: "Shop",
      items: [{ name: "A", price: "10.00", quantity: 1 }],
    });
    const second = await call("POST", kid, `/api/children/${child.id}/carts`, {
      retailer: "Shop",
      items: [{ name: "B", price: "2.00", quantity: 1 }],
    });
    expect(second.json().status).toBe("approved");

    const again = await call("POST", parent.cookie, `/api/chores/${chore.id}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This chore is already confirmed");
    expect((await call("POST", kid, `/api/chores/${chore.id}/complete`)).statusCode).toBe(409);
    expect((await call("GET", parent.cookie, `/api/children/${child.id}`)).json().bonusBudget).toBe("2.00");
  });

  it("lets the parent mark done or confirm directly; the child may not confirm", async () => {
    const { parent, child, kid } = await family();
    const first = await addChore(parent.cookie, child.id);
    expect((await call("POST", parent.cookie, `/api/chores/${first.id}/complete`)).json().markedDoneAt).not.toBeNull();
    const second = await addChore(parent.cookie, child.id);
    expect((await call("POST", kid, `/api/chores/${second.id}/confirm`)).statusCode).toBe(403);
    const direct = await call("POST", parent.cookie, `/api/chores/${second.id}/confirm`);
    expect(direct.json()).toMatchObject({ isCompleted: true, markedDoneAt: "2026-06-10T12:00:00.000Z" });
  });

  it("pays the reward into the month of confirmation only", async () => {
    t.clock.set("2026-06-30T23:50:00Z");
    const { parent, child } = await family();
    const chore = await addChore(parent.cookie, child.id, { title: "Dishes", reward: "4.00" });
    await call("POST", parent.cookie, `/api/chores/${chore.id}/confirm`);
    expect((await call("GET", parent.cookie, `/api/children/${child.id}`)).json().bonusBudget).toBe("4.00");
    t.clock.set("2026-07-01T00:05:00Z");
    expect((await call("GET", parent.cookie, `/api/children/${child.id}`)).json().bonusBudget).toBe("0.00");
    const next = await addChore(parent.cookie, child.id, { title: "Bins", reward: "1.50" });
    await call("POST", parent.cookie, `/api/chores/${next.id}/confirm`);
    expect((await call("GET", parent.cookie, `/api/children/${child.id}`)).json().bonusBudget).toBe("1.50");
  });

  it("answers 404 for another family's chore, and 403 for a sibling's chore seen from a child session", async () => {
    const { parent, child, kid } = await family();
    const sibling = await addChild(t.app, parent.cookie, { name: "Leo" });
    const siblings = await addChore(parent.cookie, sibling.id);
    const mine = await addChore(parent.cookie, child.id);
    const other = await family();
    const refused = await call("POST", kid, `/api/chores/${siblings.id}/complete`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "You can only see your own things" });
    expect((await call("GET", parent.cookie, `/api/children/${sibling.id}/chores`)).json()[0].markedDoneAt).toBeNull();
    expect((await call("POST", other.kid, `/api/chores/${mine.id}/complete`)).statusCode).toBe(404);
    expect((await call("POST", other.parent.cookie, `/api/chores/${mine.id}/confirm`)).statusCode).toBe(404);
    expect((await call("POST", "", `/api/chores/${mine.id}/complete`)).statusCode).toBe(401);
  });
});
