import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
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

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", cookie: string, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function family() {
  const parent = await signUpParent(t.app);
  const child = await addChild(t.app, parent.cookie);
  return { parent, child, base: `/api/children/${child.id}/categories` };
}

describe("budget categories", () => {
  it("creates, lists by name, edits and deletes a child's categories", async () => {
    const { parent, child, base } = await family();
    const games = await call("POST", parent.cookie, base, { name: " Games ", monthlyLimit: "20", isRestricted: true });
    expect(games.statusCode).toBe(201);
    expect(games.json()).toMatchObject({
      childId: child.id,
      name: "Games",
      monthlyLimit: "20.00",
      currentSpent: "0.00",
      isRestricted: true,
    });
    const books = await call("POST", parent.cookie, base, { name: "Books" });
    expect(books.json()).toMatchObject({ monthlyLimit: "0.00", isRestricted: false });
    expect((await call("GET", parent.cookie, base)).json().map((c: { name: string }) => c.name)).toEqual([
      "Books",
      "Games",
    ]);

    const edited = await call("PATCH", parent.cookie, `${base}/${games.json().id}`, {
      isRestricted: false,
      monthlyLimit: "5.50",
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Games", monthlyLimit: "5.50", isRestricted: false });
    const renamed = await call("PATCH", parent.cookie, `${base}/${games.json().id}`, { name: "Video games" });
    expect(renamed.json().name).toBe("Video games");

    const removed = await call("DELETE", parent.cookie, `${base}/${games.json().id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call("GET", parent.cookie, base)).json()).toHaveLength(1);
    expect((await call("DELETE", parent.cookie, `${base}/${games.json().id}`)).json()).toEqual({
      message: "Category not found",
    });
  });

  it("refuses a second category of the same name in any case with 409", async () => {
    const { parent, base } = await family();
    await call("POST", parent.cookie, base, { name: "Games" });
    const books = (await call("POST", parent.cookie, base, { name: "Books" })).json();
    expect((await call("POST", parent.cookie, base, { name: "GAMES" })).statusCode).toBe(409);
    const rename = await call("PATCH", parent.cookie, `${base}/${books.id}`, { name: "games" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe("There is already a category named games");
    expect((await call("PATCH", parent.cookie, `${base}/${books.id}`, { name: "BOOKS" })).statusCode).toBe(200);
  });

  it.each(["ΟΔΟΣ", "İSTANBUL"])("compares %s as the database lowers it: a repeat is 409, never 500", async (name) => {
    const { parent, base } = await family();
    expect((await call("POST", parent.cookie, base, { name })).statusCode).toBe(201);
    expect((await call("POST", parent.cookie, base, { name })).statusCode).toBe(409);
    const other = (await call("POST", parent.cookie, base, { name: "Other" })).json();
    expect((await call("PATCH", parent.cookie, `${base}/${other.id}`, { name })).statusCode).toBe(409);
  });

  it.each<[string, object, string]>([
    ["a missing name", { monthlyLimit: "1.00" }, "name"],
    ["a blank name", { name: "  " }, "name"],
    ["a 51-character name", { name: "x".repeat(51) }, "name"],
    ["a negative limit", { name: "A", monthlyLimit: "-1.00" }, "monthlyLimit"],
    ["three decimals", { name: "A", monthlyLimit: "1.001" }, "monthlyLimit"],
    ["restricted as text", { name: "A", isRestricted: "yes" }, "isRestricted"],
  ])("refuses %s with 400", async (_name, payload, field) => {
    const { parent, base } = await family();
    const res = await call("POST", parent.cookie, base, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe(field);
  });

  it("lets the child read but not change them", async () => {
    const { parent, child, base } = await family();
    const games = (await call("POST", parent.cookie, base, { name: "Games" })).json();
    const kid = await signInChild(t.app, parent.cookie, child.id);
    expect((await call("GET", kid, base)).json()).toHaveLength(1);
    expect((await call("POST", kid, base, { name: "Sweets" })).statusCode).toBe(403);
    expect((await call("PATCH", kid, `${base}/${games.id}`, { isRestricted: false })).statusCode).toBe(403);
    expect((await call("DELETE", kid, `${base}/${games.id}`)).statusCode).toBe(403);
  });

  it("answers 404 for other families' children and categories, and for unknown or malformed ids", async () => {
    const { parent, base } = await family();
    const other = await family();
    const theirs = (await call("POST", other.parent.cookie, other.base, { name: "Games" })).json();
    expect((await call("GET", parent.cookie, other.base)).json()).toEqual({ message: "Child not found" });
    expect((await call("POST", parent.cookie, other.base, { name: "X" })).statusCode).toBe(404);
    expect((await call("PATCH", parent.cookie, `${other.base}/${theirs.id}`, { name: "X" })).statusCode).toBe(404);
    expect((await call("PATCH", parent.cookie, `${base}/${theirs.id}`, { name: "X" })).json()).toEqual({
      message: "Category not found",
    });
    expect((await call("DELETE", parent.cookie, `${base}/not-an-id`)).statusCode).toBe(404);
    expect((await call("GET", "", base)).statusCode).toBe(401);
  });
});
