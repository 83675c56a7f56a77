import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT } from "../../app";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

let addressCounter = 0;
const freshAddress = () => {
  addressCounter += 1;
  return `10.62.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

const full = () => ({
  firstName: "Morgan",
  lastName: "Diaz",
  email: "Morgan.Diaz@School.example.org",
  phone: "+1 555 010 2030",
  company: "Lincoln Middle School",
  role: "educator",
  familySize: "5+",
  timePreference: "afternoon",
  interests: ["financial-education", "institution-licensing"],
  message: "We would like to try it with two classes.",
});

const minimal = () => ({ firstName: "Sam", lastName: "Lee", email: "sam@example.com" });

const post = (payload: unknown, remoteAddress = freshAddress()) =>
  t.app.inject({
    method: "POST",
    url: "/api/demo-requests",
    payload: payload as Record<string, unknown>,
    remoteAddress,
  });

const countRows = async () =>
  Number((await t.database.query<{ n: string }>("select count(*) as n from demo_requests"))[0]?.n);

describe("POST /api/demo-requests", () => {
  it("stores every field and answers 201 with the record", async () => {
    const before = await countRows();
    const res = await post(full());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ ...full(), email: "morgan.diaz@school.example.org" });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.createdAt).toEqual(expect.any(String));

    expect(await countRows()).toBe(before + 1);
    const [row] = await t.database.query<Record<string, unknown>>("select * from demo_requests where id = $1", [
      body.id,
    ]);
    expect(row).toMatchObject({
      first_name: "Morgan",
      last_name: "Diaz",
      email: "morgan.diaz@school.example.org",
      phone: "+1 555 010 2030",
      company: "Lincoln Middle School",
      role: "educator",
      family_size: "5+",
      time_preference: "afternoon",
      interests: ["financial-education", "institution-licensing"],
      message: "We would like to try it with two classes.",
    });
  });

  it("needs only first name, last name and e-mail; blank optional fields are stored as null", async () => {
    const res = await post(minimal());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      ...minimal(),
      phone: null,
      company: null,
      role: null,
      familySize: null,
      timePreference: null,
      interests: [],
      message: null,
    });
    const blanks = await post({
      ...minimal(),
      phone: "  ",
      company: "",
      role: "",
      familySize: "",
      timePreference: "",
      message: " ",
    });
    expect(blanks.statusCode).toBe(201);
    const [row] = await t.database.query<Record<string, unknown>>("select * from demo_requests where id = $1", [
      blanks.json().id,
    ]);
    expect(row).toMatchObject({ phone: null, company: null, role: null, family_size: null, message: null });
  });

  it("trims names and stores a repeated interest once", async () => {
    const res = await post({ ...minimal(), firstName: "  Ana ", interests: ["social-shop", "social-shop"] });
    expect(res.json()).toMatchObject({ firstName: "Ana", interests: ["social-shop"] });
  });

  it("accepts every role, family size, time and interest the form offers", async () => {
    const roles = ["parent", "educator", "administrator", "financial-advisor", "other"];
    const sizes = ["1", "2", "3", "4", "5+"];
    const times = ["morning", "afternoon", "evening", "weekend"];
    const interests = [
      "parental-oversight",
      "financial-education",
      "budget-tracking",
      "safe-shopping",
      "social-shop",
      "gamification",
      "chore-earnings",
      "institution-licensing",
    ];
    for (const [i, role] of roles.entries()) {
      const res = await post({ ...minimal(), role, familySize: sizes[i], timePreference: times[i % 4], interests });
      expect(res.statusCode).toBe(201);
      expect(res.json().interests).toEqual(interests);
    }
  });

  const invalid: [string, Record<string, unknown>, string, string][] = [
    ["no first name", { firstName: undefined }, "firstName", "First name is required"],
    ["a blank first name", { firstName: "  " }, "firstName", "First name is required"],
    ["no last name", { lastName: undefined }, "lastName", "Last name is required"],
    ["a blank last name", { lastName: "" }, "lastName", "Last name is required"],
    ["no e-mail", { email: undefined }, "email", "Enter a valid e-mail address"],
    ["an e-mail that is not one", { email: "morgan at school" }, "email", "Enter a valid e-mail address"],
    ["an e-mail without a dot in the domain", { email: "morgan@school" }, "email", "Enter a valid e-mail address"],
    ["an unknown role", { role: "student" }, "role", "Choose a role from the list"],
    ["an unknown family size", { familySize: "6" }, "familySize", "Choose a family size from the list"],
    ["an unknown time", { timePreference: "midnight" }, "timePreference", "Choose a time from the list"],
    ["an unknown interest", { interests: ["crypto"] }, "interests.0", "Choose interests from the list"],
    ["interests that are not a list", { interests: "social-shop" }, "interests", ""],
    ["a message over 2000 characters", { message: "a".repeat(2001) }, "message", "at most 2000"],
    ["a first name over 50 characters", { firstName: "a".repeat(51) }, "firstName", "at most 50"],
    // docs/decisions/123: text that can spoof a reader.
    [
      "an override in the first name",
      { firstName: "Ana\u202E" },
      "firstName",
      "First name can't contain hidden or control characters",
    ],
    [
      "a zero-width space in the organization",
      { company: "Sch\u200Bool" },
      "company",
      "Organization can't contain hidden or control characters",
    ],
    ["a bell in the message", { message: "Hi\u0007" }, "message", "Message can't contain hidden or control characters"],
  ];

  it.each(invalid)("refuses %s with 400 and a field message, storing nothing", async (_, change, field, message) => {
    const before = await countRows();
    const res = await post({ ...full(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([{ field, message: expect.stringContaining(message) }]));
    expect(await countRows()).toBe(before);
  });

  it("refuses malformed JSON with 400 and a body over 100 KB with 413, storing nothing", async () => {
    const before = await countRows();
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/demo-requests",
      headers: { "content-type": "application/json" },
      payload: '{"firstName": "Sam",',
      remoteAddress: freshAddress(),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: "Request body is not valid JSON" });
    const big = await post({ ...full(), message: "a".repeat(BODY_LIMIT) });
    expect(big.statusCode).toBe(413);
    expect(await countRows()).toBe(before);
  });

  it("refuses a foreign Origin with 403", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/demo-requests",
      payload: minimal(),
      headers: { origin: "https://evil.example" },
      remoteAddress: freshAddress(),
    });
    expect(res.statusCode).toBe(403);
  });

  it("allows 30 requests per address in 10 minutes, then answers 429", async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) expect((await post(minimal(), address)).statusCode).toBe(201);
    const before = await countRows();
    const refused = await post(minimal(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many demo requests from this address\. Try again in \d+ minutes?\.$/);
    expect(await countRows()).toBe(before);
  });
});
