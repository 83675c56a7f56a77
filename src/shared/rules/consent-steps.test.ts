import { describe, expect, it } from "vitest";
import {
  CONSENT_MESSAGES,
  type ConsentDraft,
  type ConsentStep,
  canContinue,
  consentIssues,
  FULL_NAME_HIDDEN_MESSAGE,
  isEmailShaped,
  isPhoneShaped,
  needsVerifiableConsent,
  parseChildAge,
  stepIssues,
} from "./consent-steps";

const complete = (changes: Partial<ConsentDraft> = {}): ConsentDraft => ({
  childAge: "10",
  fullName: "Jordan Lee",
  email: "jordan@example.com",
  phone: "555-123-4567",
  relationship: "parent",
  verificationMethod: "credit-card",
  dataCollection: true,
  educational: true,
  thirdParty: true,
  marketing: false,
  ...changes,
});

describe("parseChildAge (spec 001 §5: a number from 8 to 16 inclusive)", () => {
  it.each([
    ["8", 8],
    ["16", 16],
    [" 12 ", 12],
    [13, 13],
    ["7", null],
    ["17", null],
    [0, null],
    ["", null],
    ["  ", null],
    ["ten", null],
    ["10.5", null],
    [10.5, null],
    ["1e1", null],
    ["-9", null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ] as const)("%j reads as %j", (input, expected) => {
    expect(parseChildAge(input)).toBe(expected);
  });
});

describe("needsVerifiableConsent (under 13 takes the COPPA path)", () => {
  it.each([
    [8, true],
    [12, true],
    [13, false],
    [16, false],
  ])("age %i: %s", (age, expected) => {
    expect(needsVerifiableConsent(age)).toBe(expected);
  });
});

describe("isEmailShaped and isPhoneShaped", () => {
  it.each([
    ["a@b.co", true],
    [" parent@example.com ", true],
    ["first.last+kids@mail.example.org", true],
    ["parent@example", false],
    ["parent.example.com", false],
    ["parent @example.com", false],
    ["@example.com", false],
    ["parent@.com", false],
    ["", false],
    ["par\u200Bent@example.com", false],
    ["parent@exa\u202Emple.com", false],
  ])("e-mail %j: %s", (value, expected) => {
    expect(isEmailShaped(value)).toBe(expected);
  });

  it.each([
    ["(555) 123-4567", true],
    ["+44 20 7946 0958", true],
    ["555.123.4567", true],
    ["5551234", true],
    ["555123", false],
    ["call me", false],
    ["555-123-4567 ext 2", false],
    ["", false],
  ])("phone %j: %s", (value, expected) => {
    expect(isPhoneShaped(value)).toBe(expected);
  });
});

describe("stepIssues: what keeps Continue disabled on each step", () => {
  const cases: [string, ConsentStep, Partial<ConsentDraft>, string[]][] = [
    ["step 1 with a valid age", 1, {}, []],
    ["step 1 with age 8", 1, { childAge: "8" }, []],
    ["step 1 with age 16", 1, { childAge: "16" }, []],
    ["step 1 with age 7", 1, { childAge: "7" }, ["childAge"]],
    ["step 1 with age 17", 1, { childAge: "17" }, ["childAge"]],
    ["step 1 with no age", 1, { childAge: "" }, ["childAge"]],
    ["step 1 ignores later steps", 1, { fullName: "", dataCollection: false }, []],
    ["step 2 complete, under 13 with a method", 2, {}, []],
    ["step 2 under 13 without a method", 2, { verificationMethod: "" }, ["verificationMethod"]],
    ["step 2 under 13 with an unknown method", 2, { verificationMethod: "selfie" }, ["verificationMethod"]],
    ["step 2 age 12 without a method", 2, { childAge: "12", verificationMethod: null }, ["verificationMethod"]],
    ["step 2 age 13 without a method", 2, { childAge: "13", verificationMethod: "" }, []],
    ["step 2 age 16 without a method", 2, { childAge: 16, verificationMethod: undefined }, []],
    ["step 2 with a blank name", 2, { fullName: "   " }, ["fullName"]],
    ["step 2 with a name of zero-width spaces", 2, { fullName: "\u200B\u200B" }, ["fullName"]],
    ["step 2 with a direction override in the name", 2, { fullName: "Jordan \u202EeeL" }, ["fullName"]],
    ["step 2 with a control character in the name", 2, { fullName: "Jordan\u001BLee" }, ["fullName"]],
    ["step 2 with an accented name", 2, { fullName: " Zoë Núñez " }, []],
    ["step 2 with no relationship", 2, { relationship: "" }, ["relationship"]],
    ["step 2 as a guardian", 2, { relationship: "guardian" }, []],
    ["step 2 with another relationship", 2, { relationship: "aunt" }, ["relationship"]],
    ["step 2 with a bad e-mail", 2, { email: "jordan@" }, ["email"]],
    ["step 2 with no phone", 2, { phone: "" }, ["phone"]],
    [
      "step 2 with everything missing, under 13",
      2,
      { fullName: "", relationship: "", email: "", phone: "", verificationMethod: "" },
      ["fullName", "relationship", "email", "phone", "verificationMethod"],
    ],
    ["step 3 with the three required consents", 3, {}, []],
    ["step 3 with marketing too", 3, { marketing: true }, []],
    ["step 3 without data collection", 3, { dataCollection: false }, ["dataCollection"]],
    ["step 3 without educational", 3, { educational: false }, ["educational"]],
    ["step 3 without third party", 3, { thirdParty: false }, ["thirdParty"]],
    [
      "step 3 with nothing ticked",
      3,
      { dataCollection: false, educational: false, thirdParty: false },
      ["dataCollection", "educational", "thirdParty"],
    ],
    ["step 4 enforces nothing itself", 4, { marketing: false }, []],
  ];

  it.each(cases)("%s", (_, step, changes, fields) => {
    const draft = complete(changes);
    expect(stepIssues(step, draft).map((i) => i.field)).toEqual(fields);
    expect(canContinue(step, draft)).toBe(fields.length === 0);
  });

  it("gives every issue a message a parent can act on", () => {
    const empty = complete({
      childAge: "",
      fullName: "",
      relationship: "",
      email: "",
      phone: "",
      dataCollection: false,
      educational: false,
      thirdParty: false,
    });
    for (const issue of consentIssues(empty)) expect(issue.message.length).toBeGreaterThan(10);
  });
});

describe("the full legal name's messages", () => {
  it.each([
    ["\u200B", CONSENT_MESSAGES.fullName],
    ["Jordan\u2066Lee", FULL_NAME_HIDDEN_MESSAGE],
  ])("%j: %s", (fullName, message) => {
    expect(stepIssues(2, complete({ fullName }))).toEqual([{ field: "fullName", message }]);
  });
});

describe("consentIssues: the server's check of a whole submission", () => {
  it("is empty for a complete consent", () => {
    expect(consentIssues(complete())).toEqual([]);
  });

  it("collects the issues of every step", () => {
    const fields = consentIssues(complete({ childAge: "5", phone: "", thirdParty: false })).map((i) => i.field);
    expect(fields).toEqual(["childAge", "phone", "thirdParty"]);
  });

  it("does not ask for a verification method when the age itself is invalid", () => {
    const fields = consentIssues(complete({ childAge: "40", verificationMethod: "" })).map((i) => i.field);
    expect(fields).toEqual(["childAge"]);
  });
});
