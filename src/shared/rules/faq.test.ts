import { expect, test } from "vitest";
import { type FaqFilter, type FaqItem, filterFaq } from "./faq";

const items: FaqItem[] = [
  { id: "g1", category: "general", question: "What is it?", answer: "" },
  { id: "s1", category: "safety", question: "Is it safe?", answer: "" },
  { id: "p1", category: "pricing", question: "What does it cost?", answer: "" },
  { id: "u1", category: "usage", question: "How do I start?", answer: "" },
  { id: "s2", category: "safety", question: "Who sees the data?", answer: "" },
  { id: "g2", category: "general", question: "Which ages?", answer: "" },
];

test.each<[FaqFilter, string[]]>([
  ["all", ["g1", "s1", "p1", "u1", "s2", "g2"]],
  ["safety", ["s1", "s2"]],
  ["pricing", ["p1"]],
  ["usage", ["u1"]],
])("filter %s shows %j, general questions only under All", (filter, ids) => {
  expect(filterFaq(items, filter).map((i) => i.id)).toEqual(ids);
});

test("an empty list stays empty", () => {
  expect(filterFaq([], "safety")).toEqual([]);
});
