import { describe, expect, it } from "vitest";
import { startsWithPattern } from "./starts-with";

describe("startsWithPattern", () => {
  it.each([
    ["Maya", "maya%"],
    ["Q_Z@", "q\\_z@%"],
    ["100%", "100\\%%"],
    ["a\\b", "a\\\\b%"],
    ["", "%"],
  ])("%j becomes %j", (text, pattern) => {
    expect(startsWithPattern(text)).toBe(pattern);
  });
});
