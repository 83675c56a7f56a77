import { describe, expect, test } from "vitest";
import { z } from "zod";
import "./zod-messages";

const messageFor = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0]?.message;
};

describe("product wording for checks without a message of their own", () => {
  test.each<[string, z.ZodType, unknown, string]>([
    ["text too long", z.string().max(3), "abcd", "Must be at most 3 characters"],
    ["text too short", z.string().min(3), "ab", "Must be at least 3 characters"],
    ["text empty where one character is needed", z.string().min(1), "", "Required"],
    ["too many entries", z.array(z.string()).max(1), ["a", "b"], "Must have at most 1 entry"],
    ["too few entries", z.array(z.string()).min(2), ["a"], "Must have at least 2 entries"],
    ["a number too big", z.number().max(10), 11, "Must be at most 10"],
    ["a number too small", z.number().min(1), 0, "Must be at least 1"],
    ["a missing field", z.object({ a: z.string() }), {}, "Required"],
    ["text expected", z.string(), 5, "Must be text"],
    ["true or false expected", z.boolean(), "false", "Must be true or false"],
    ["a number expected", z.number(), "5", "Must be a number"],
    ["an object expected", z.object({}), null, "Must be a JSON object"],
    ["a list expected", z.array(z.string()), "a", "Must be a list"],
    ["one of a few values", z.enum(["a", "b"]), "c", "Must be one of: a, b"],
  ])("%s", (_name, schema, input, message) => {
    expect(messageFor(schema, input)).toBe(message);
  });

  test("a schema's own message wins", () => {
    expect(messageFor(z.string().max(3, { message: "Keep it short" }), "abcd")).toBe("Keep it short");
    expect(messageFor(z.string({ error: "Name is required" }), undefined)).toBe("Name is required");
  });
});
