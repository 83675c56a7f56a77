import { expect, test } from "vitest";
import { botReply, normaliseChatInput } from "./chat-replies";

test.each([
  ["How much does it cost?", /\$9\.99/],
  ["Is my kid's data safe?", /parental consent/],
  ["How do I add a child?", /one-time sign-in code/],
  ["Which stores work?", /500\+ partner retailers/],
  ["Hello there", /family success specialist/],
])("%s gets a fitting answer", (message, expected) => {
  expect(botReply(message)).toMatch(expected);
});

test.each([
  ["", null],
  ["   ", null],
  ["\n\t ", null],
  ["  hi  ", "hi"],
])("chat input %j becomes %j", (input, expected) => {
  expect(normaliseChatInput(input)).toBe(expected);
});
