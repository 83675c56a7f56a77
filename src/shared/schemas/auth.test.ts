import { describe, expect, it } from "vitest";
import { LoginSchema, SignupSchema } from "./auth";

const valid = { email: "pat@example.com", password: "a good password", firstName: "Pat", lastName: "Lee" };

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ field: i.path.join("."), message: i.message }));
}

describe("SignupSchema", () => {
  it("lower-cases and trims the e-mail and trims the names", () => {
    expect(
      SignupSchema.parse({ ...valid, email: "  Pat@Example.COM ", firstName: " Pat ", lastName: " Lee " }),
    ).toEqual(valid);
  });

  it("keeps the password exactly as typed, spaces included", () => {
    expect(SignupSchema.parse({ ...valid, password: "  spaced out  " }).password).toBe("  spaced out  ");
  });

  it.each([
    [{ email: undefined }, "email", "E-mail is required"],
    [{ email: "pat" }, "email", "Enter a valid e-mail address"],
    [{ email: "pat@" }, "email", "Enter a valid e-mail address"],
    [{ password: undefined }, "password", "Password is required"],
    [{ password: "short" }, "password", "Password must be at least 8 characters"],
    [{ password: "p".repeat(129) }, "password", "Password must be at most 128 characters"],
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ lastName: "  " }, "lastName", "Last name is required"],
  ])("refuses %j", (change, field, message) => {
    const result = SignupSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(messages(result)).toContainEqual({ field, message });
  });

  it("accepts 8 and 128 character passwords", () => {
    expect(SignupSchema.safeParse({ ...valid, password: "p".repeat(8) }).success).toBe(true);
    expect(SignupSchema.safeParse({ ...valid, password: "p".repeat(128) }).success).toBe(true);
  });
});

describe("LoginSchema", () => {
  it("accepts any non-empty e-mail and password (the server answers 401, not 400, for wrong ones)", () => {
    expect(LoginSchema.safeParse({ email: "not-an-email", password: "x" }).success).toBe(true);
  });

  it.each([
    [{ password: "x" }, "email", "E-mail is required"],
    [{ email: " ", password: "x" }, "email", "E-mail is required"],
    [{ email: "a@b.co" }, "password", "Password is required"],
    [{ email: "a@b.co", password: "" }, "password", "Password is required"],
  ])("refuses %j", (input, field, message) => {
    const result = LoginSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(messages(result)).toContainEqual({ field, message });
  });
});
