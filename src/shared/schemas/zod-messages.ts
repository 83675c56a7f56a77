import { z } from "zod";

/**
 * Product wording for checks that carry no message of their own, so a field error never reads like a
 * parser's ("Too big: expected string to have <=100 characters"). A schema's own messages win over these.
 * Every schema module imports this, on the server and in the browser alike.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case "too_big":
        if (issue.origin === "string") return `Must be at most ${issue.maximum} characters`;
        if (issue.origin === "array") return `Must have at most ${entries(issue.maximum)}`;
        if (issue.origin === "number" || issue.origin === "int") return `Must be at most ${issue.maximum}`;
        return undefined;
      case "too_small":
        if (issue.origin === "string") {
          return issue.minimum === 1 ? "Required" : `Must be at least ${issue.minimum} characters`;
        }
        if (issue.origin === "array") return `Must have at least ${entries(issue.minimum)}`;
        if (issue.origin === "number" || issue.origin === "int") return `Must be at least ${issue.minimum}`;
        return undefined;
      case "invalid_type":
        if (issue.input === undefined) return "Required";
        return typeMessages[issue.expected] ?? undefined;
      case "invalid_value":
        return `Must be one of: ${issue.values.map(String).join(", ")}`;
      default:
        return undefined;
    }
  },
});

const entries = (n: number | bigint) => (n === 1 ? "1 entry" : `${n} entries`);

const typeMessages: Record<string, string> = {
  string: "Must be text",
  boolean: "Must be true or false",
  number: "Must be a number",
  int: "Must be a whole number",
  object: "Must be a JSON object",
  array: "Must be a list",
};
