import { describe, expect, test } from "vitest";
import { safeReturnTo } from "./kid-signin-form";

describe("safeReturnTo", () => {
  test("takes a path of this site", () => {
    expect(safeReturnTo("/checkout/abc")).toBe("/checkout/abc");
    expect(safeReturnTo("/checkout/abc?x=1#y")).toBe("/checkout/abc?x=1#y");
  });

  test("refuses another site or anything unusual", () => {
    for (const raw of [
      null,
      "",
      "checkout",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/",
      "/a b",
      "javascript:alert(1)",
    ]) {
      expect(safeReturnTo(raw)).toBeNull();
    }
  });
});
