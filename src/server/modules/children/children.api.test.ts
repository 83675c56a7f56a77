import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  insertCart,
  SLOW_START_MS,
  setTier,
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

const create = (cookie: string, payload: unknown) =>
  t.app.inject({ method: "POST", url: "/api/children", headers: { cookie }, payload: payload as object });
const patch = (cookie: string, id: string, payload: unknown) =>
  t.app.inject({ method: "PATCH", url: `/api/children/${id}`, headers: { cookie }, payload: payload as object });
const get = (cookie: string, url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

const childCount = async (parentId: string) =>
  (await t.database.query("select id from children where parent_id = $1", [parentId])).length;

const valid = { name: "Maya", age: 10, profileColor: "#10B981", monthlyBudget: "50.00", autoApprovalLimit: "10.00" };

describe("POST /api/children", () => {
  it("creates the child for the signed-in parent and answers 201 with it", async () => {
    const parent = await signUpParent(t.app);
    const res = await create(parent.cookie, valid);
    expect(res.statusCode).toBe(201);
    const child = res.json();
    expect(child).toMatchObject({
      parentId: parent.user.id,
      name: "Maya",
      age: 10,
      profileColor: "#10B981",
      monthlyBudget: "50.00",
      currentSpent: "0.00",
      autoApprovalLimit: "10.00",
      isActive: true,
      requireApprovalForAll: false,
      blockAdultContent: true,
      notifyPurchaseApprovals: true,
      notifyBudgetWarnings: true,
      notifyAchievementUpdates: true,
    });
    expect(child.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json()).toEqual(child);
  });

  it("uses the spec's defaults: age 8, colour #8B5CF6, auto-approval 10.00", async () => {
    const parent = await signUpParent(t.app);
    const res = await create(parent.cookie, { name: "Leo", monthlyBudget: "50" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      age: 8,
      profileColor: "#8B5CF6",
      monthlyBudget: "50.00",
      autoApprovalLimit: "10.00",
    });
  });

  it("caps the default auto-approval limit at a budget below 10.00", async () => {
    const parent = await signUpParent(t.app);
    const res = await create(parent.cookie, { name: "Leo", monthlyBudget: "6.50" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ monthlyBudget: "6.50", autoApprovalLimit: "6.50" });
  });

  it("trims the name and stores the colour in upper case", async () => {
    const parent = await signUpParent(t.app);
    const res = await create(parent.cookie, { ...valid, name: "  Zoë  ", age: 12, profileColor: "#ec4899" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: "Zoë", age: 12, profileColor: "#EC4899" });
  });

  it("ignores a parentId in the body and any unknown or computed field", async () => {
    const parent = await signUpParent(t.app);
    const other = await signUpParent(t.app);
    const res = await create(parent.cookie, {
      ...valid,
      parentId: other.user.id,
      currentSpent: "45.00",
      id: "00000000-0000-4000-8000-000000000000",
      favouriteColour: "teal",
    });
    expect(res.statusCode).toBe(201);
    const child = res.json();
    expect(child.parentId).toBe(parent.user.id);
    expect(child.currentSpent).toBe("0.00");
    expect(child.id).not.toBe("00000000-0000-4000-8000-000000000000");
    expect(child).not.toHaveProperty("favouriteColour");
    expect(await childCount(other.user.id)).toBe(0);
  });

  it.each([
    ["a missing name", { name: undefined }, "name", "Name is required"],
    ["a blank name", { name: "    " }, "name", "Name is required"],
    ["a 51-character name", { name: "x".repeat(51) }, "name", "Name must be at most 50 characters"],
    ["age 2", { age: 2 }, "age", "Age must be at least 3"],
    ["age 19", { age: 19 }, "age", "Age must be under 18"],
    ["age 10.5", { age: 10.5 }, "age", "Age must be a whole number"],
    ["age as words", { age: "ten" }, "age", "Age must be a number"],
    // docs/decisions/123: the contract's integer; the forms send a number.
    ["age as digits in text", { age: "9" }, "age", "Age must be a number"],
    [
      "a direction override in the name",
      { name: "Maya\u202Egnp.exe" },
      "name",
      "Name can't contain hidden or control characters",
    ],
    [
      "a zero-width space in the name",
      { name: "Ma\u200Bya" },
      "name",
      "Name can't contain hidden or control characters",
    ],
    ["a name of zero-width spaces", { name: "\u200B\u200B" }, "name", "Name is required"],
    ["a three-digit colour", { profileColor: "#abc" }, "profileColor", "Choose a colour like #8B5CF6"],
    ["a named colour", { profileColor: "purple" }, "profileColor", "Choose a colour like #8B5CF6"],
    ["a missing budget", { monthlyBudget: undefined }, "monthlyBudget", "Monthly budget is required"],
    ["an empty budget", { monthlyBudget: "" }, "monthlyBudget", "Monthly budget is required"],
    ["a negative budget", { monthlyBudget: "-5.00" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    ["a NaN budget", { monthlyBudget: "NaN" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    ["an exponent budget", { monthlyBudget: "1e3" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    ["three decimals", { monthlyBudget: "1.234" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    ["nine whole digits", { monthlyBudget: "123456789" }, "monthlyBudget", "Must be a valid amount (e.g., 50.00)"],
    ["a budget as a number", { monthlyBudget: 50 }, "monthlyBudget", "Monthly budget is required"],
    ["a bad limit", { autoApprovalLimit: "ten" }, "autoApprovalLimit", "Must be a valid amount (e.g., 10.00)"],
    ["a negative limit", { autoApprovalLimit: "-1" }, "autoApprovalLimit", "Must be a valid amount (e.g., 10.00)"],
    [
      "a limit over the budget",
      { monthlyBudget: "20.00", autoApprovalLimit: "20.01" },
      "autoApprovalLimit",
      "Auto-approval limit cannot exceed the monthly budget",
    ],
  ])("refuses %s with 400 and the field's message, storing nothing", async (_label, change, field, message) => {
    const parent = await signUpParent(t.app);
    const res = await create(parent.cookie, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect(res.json().message).toContain(message);
    expect(await childCount(parent.user.id)).toBe(0);
  });

  it("accepts the boundaries: age 3 and 18, a 50-character name, 99999999.99, a limit equal to the budget", async () => {
    const parent = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, "premium");
    for (const change of [
      { age: 3 },
      { age: 18 },
      { name: "n".repeat(50) },
      { monthlyBudget: "99999999.99", autoApprovalLimit: "99999999.99" },
      { monthlyBudget: "0", autoApprovalLimit: "0" },
      { monthlyBudget: "25.5", autoApprovalLimit: "25.50" },
    ]) {
      const res = await create(parent.cookie, { ...valid, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(201);
    }
  });

  it("answers 401 without a session and stores nothing", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/children", payload: valid });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("GET /api/children", () => {
  it("lists only the parent's own children, oldest first, with the fields the dashboard reads", async () => {
    const parent = await signUpParent(t.app);
    const other = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, "family");
    await addChild(t.app, parent.cookie, { name: "Maya" });
    t.clock.advance(1000);
    await addChild(t.app, parent.cookie, { name: "Leo", age: 13 });
    await addChild(t.app, other.cookie, { name: "Stranger" });

    const res = await get(parent.cookie, "/api/children");
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((c: { name: string }) => c.name)).toEqual(["Maya", "Leo"]);
    for (const child of list) {
      for (const key of [
        "id",
        "name",
        "age",
        "profileColor",
        "monthlyBudget",
        "currentSpent",
        "autoApprovalLimit",
        "isActive",
      ]) {
        expect(child).toHaveProperty(key);
      }
    }
  });

  it("answers an empty list to a parent without children", async () => {
    const parent = await signUpParent(t.app);
    expect((await get(parent.cookie, "/api/children")).json()).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/children" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("PATCH /api/children/:id", () => {
  it("saves the settings form and answers the changed child", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    t.clock.advance(1000);
    const res = await patch(parent.cookie, child.id, {
      name: " Maya Rose ",
      age: 11,
      profileColor: "#f59e0b",
      monthlyBudget: "60",
      autoApprovalLimit: "15.5",
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      id: child.id,
      name: "Maya Rose",
      age: 11,
      profileColor: "#F59E0B",
      monthlyBudget: "60.00",
      autoApprovalLimit: "15.50",
    });
    expect(updated.updatedAt > child.updatedAt).toBe(true);
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json()).toEqual(updated);
  });

  it("saves every toggle, including the ones the prototype never saved", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const toggles = {
      requireApprovalForAll: true,
      blockAdultContent: false,
      notifyPurchaseApprovals: false,
      notifyBudgetWarnings: false,
      notifyAchievementUpdates: false,
    };
    const res = await patch(parent.cookie, child.id, toggles);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ...toggles, name: "Maya", monthlyBudget: "50.00" });
  });

  it("changes only what is sent", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const res = await patch(parent.cookie, child.id, { age: 12 });
    expect(res.statusCode).toBe(200);
    const { updatedAt: _a, ...before } = child;
    const { updatedAt: _b, ...after } = res.json();
    expect(after).toEqual({ ...before, age: 12 });
  });

  it("deactivates with only isActive false", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const res = await patch(parent.cookie, child.id, { isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().isActive).toBe(false);
  });

  it.each([
    ["a blank name", { name: " " }, "name", "Name is required"],
    ["age 2", { age: 2 }, "age", "Age must be at least 3"],
    ["age 19", { age: 19 }, "age", "Age must be under 18"],
    ["age as digits in text", { age: "12" }, "age", "Age must be a number"],
    ["an isolate in the name", { name: "\u2067Maya\u2069" }, "name", "Name can't contain hidden or control characters"],
    ["a bad colour", { profileColor: "#12345G" }, "profileColor", "Choose a colour like #8B5CF6"],
    ["a negative budget", { monthlyBudget: "-1.00" }, "monthlyBudget", "Invalid amount"],
    ["an empty budget", { monthlyBudget: "" }, "monthlyBudget", "Invalid amount"],
    ["an exponent limit", { autoApprovalLimit: "1e3" }, "autoApprovalLimit", "Invalid amount"],
    ["three decimals", { autoApprovalLimit: "1.234" }, "autoApprovalLimit", "Invalid amount"],
    ["isActive as text", { isActive: "false" }, "isActive", expect.any(String)],
    [
      "a limit over the new budget",
      { monthlyBudget: "5.00", autoApprovalLimit: "6.00" },
      "autoApprovalLimit",
      "Auto-approval limit cannot exceed the monthly budget",
    ],
  ])("refuses %s with 400 and changes nothing", async (_label, change, field, message) => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const res = await patch(parent.cookie, child.id, { name: "Changed", ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ field, message });
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json()).toEqual(child);
  });

  it("refuses a budget below the saved auto-approval limit, and a limit above the saved budget", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie, { monthlyBudget: "50.00", autoApprovalLimit: "10.00" });
    for (const change of [{ monthlyBudget: "9.99" }, { autoApprovalLimit: "50.01" }]) {
      const res = await patch(parent.cookie, child.id, change);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: "Auto-approval limit cannot exceed the monthly budget",
        errors: [{ field: "autoApprovalLimit", message: "Auto-approval limit cannot exceed the monthly budget" }],
      });
    }
    expect((await get(parent.cookie, `/api/children/${child.id}`)).json()).toEqual(child);
  });

  it("ignores parentId, currentSpent and unknown fields", async () => {
    const parent = await signUpParent(t.app);
    const other = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const res = await patch(parent.cookie, child.id, {
      parentId: other.user.id,
      currentSpent: "49.00",
      bonusBudget: "100.00",
      nickname: "M",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ parentId: parent.user.id, currentSpent: "0.00", bonusBudget: "0.00" });
    expect(res.json()).not.toHaveProperty("nickname");
  });
});

describe("DELETE /api/children/:id", () => {
  it("removes the child and all their data, answering 204", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    await insertCart(t.database, child.id);
    await t.database.query("insert into chores (child_id, title, reward) values ($1, 'Dishes', '2.00')", [child.id]);
    await t.database.query(
      "insert into achievements (child_id, type, title, description) values ($1, 'first_cart', 'First Cart', 'x')",
      [child.id],
    );
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/children/${child.id}`,
      headers: { cookie: parent.cookie },
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect((await get(parent.cookie, `/api/children/${child.id}`)).statusCode).toBe(404);
    for (const table of ["carts", "chores", "achievements"]) {
      expect(await t.database.query(`select id from ${table} where child_id = $1`, [child.id])).toHaveLength(0);
    }
    // Deleting again is a 404, not a 500.
    const again = await t.app.inject({
      method: "DELETE",
      url: `/api/children/${child.id}`,
      headers: { cookie: parent.cookie },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "Child not found" });
  });

  it("answers 204 to one of several deletions sent at once, 404 to the rest", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        t.app.inject({ method: "DELETE", url: `/api/children/${child.id}`, headers: { cookie: parent.cookie } }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([204, ...Array(7).fill(404)]);
  });
});

describe("plan limits on active children", () => {
  it("Free allows 1 active child; the second is refused with 403 naming the plan and the upgrade", async () => {
    const parent = await signUpParent(t.app);
    await addChild(t.app, parent.cookie);
    const res = await create(parent.cookie, { ...valid, name: "Leo" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Free/);
    expect(res.json().message).toMatch(/Upgrade to the Family Plan/);
    expect(await childCount(parent.user.id)).toBe(1);
  });

  it("Family Plan allows 5 active children and refuses the sixth naming the plan", async () => {
    const parent = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, "family");
    for (let i = 0; i < 5; i++)
      expect((await create(parent.cookie, { ...valid, name: `Kid ${i}` })).statusCode).toBe(201);
    const res = await create(parent.cookie, { ...valid, name: "Kid 6" });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/Family Plan/);
    expect(res.json().message).toMatch(/Upgrade/);
    expect(await childCount(parent.user.id)).toBe(5);
  });

  it.each(["premium", "family_plus"])("%s has no limit on children", async (tier) => {
    const parent = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, tier);
    for (let i = 0; i < 7; i++)
      expect((await create(parent.cookie, { ...valid, name: `Kid ${i}` })).statusCode).toBe(201);
  });

  it("deactivated children do not count, and reactivation over the limit is refused with 403", async () => {
    const parent = await signUpParent(t.app);
    const first = await addChild(t.app, parent.cookie, { name: "First" });
    expect((await patch(parent.cookie, first.id, { isActive: false })).statusCode).toBe(200);
    const second = await create(parent.cookie, { ...valid, name: "Second" });
    expect(second.statusCode).toBe(201);

    const reactivate = await patch(parent.cookie, first.id, { isActive: true });
    expect(reactivate.statusCode).toBe(403);
    expect(reactivate.json().message).toMatch(/Free/);
    expect((await get(parent.cookie, `/api/children/${first.id}`)).json().isActive).toBe(false);

    // With the other child deactivated, reactivation is allowed.
    expect((await patch(parent.cookie, second.json().id, { isActive: false })).statusCode).toBe(200);
    const ok = await patch(parent.cookie, first.id, { isActive: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().isActive).toBe(true);
  });

  it("saving other settings of an already active child is not a reactivation", async () => {
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const res = await patch(parent.cookie, child.id, { isActive: true, name: "Still Maya" });
    expect(res.statusCode).toBe(200);
  });

  it("a downgraded parent keeps existing children but cannot add more", async () => {
    const parent = await signUpParent(t.app);
    await setTier(t.database, parent.user.id, "family");
    await addChild(t.app, parent.cookie, { name: "A" });
    await addChild(t.app, parent.cookie, { name: "B" });
    await setTier(t.database, parent.user.id, "free");
    expect((await get(parent.cookie, "/api/children")).json()).toHaveLength(2);
    expect((await create(parent.cookie, { ...valid, name: "C" })).statusCode).toBe(403);
  });

  it("concurrent creates never go over the plan", async () => {
    const parent = await signUpParent(t.app);
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, i) => create(parent.cookie, { ...valid, name: `Race ${i}` })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 403)).toHaveLength(3);
    expect(await childCount(parent.user.id)).toBe(1);
  });
});
