import { describe, expect, it } from "vitest";
import { childReason } from "./child-words";

describe("childReason", () => {
  it.each([
    ["Needs a parent: every purchase needs approval", "Your parent wants to say yes to every purchase first."],
    ["Needs a parent: Games is a restricted category", "Your parent needs to say yes to anything in Games."],
    [
      "Needs a parent: this month's plan purchases are used",
      "Your family has used all of this month's purchases, so your parent needs to say yes.",
    ],
    [
      "Needs a parent: over your $5.00 auto-approval limit",
      "Your parent needs to say yes because it costs more than $5.00.",
    ],
    // The server has written amounts without a dollar sign; the child always reads one.
    [
      "Needs a parent: over the 10.00 auto-approval limit",
      "Your parent needs to say yes because it costs more than $10.00.",
    ],
    [
      "Needs a parent: would go over this month's budget",
      "Your parent needs to say yes because it costs more than you have left this month.",
    ],
    [
      "Needs a parent: would go over the $20.00 monthly limit for Video games",
      "Your parent needs to say yes because it goes over your $20.00 a month for Video games.",
    ],
    [
      "Approved automatically: under your $1,250.00 limit",
      "Yes! It was approved right away because it costs $1,250.00 or less.",
    ],
    [
      "Approved automatically: under your 10.00 limit",
      "Yes! It was approved right away because it costs $10.00 or less.",
    ],
    ["Needs a parent: a rule written after these words", "Your parent needs to say yes first."],
    ["Something the server says in its own words", "Something the server says in its own words"],
  ])("%s", (reason, words) => {
    expect(childReason(reason)).toBe(words);
  });
});
