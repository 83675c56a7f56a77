import { hasNul, NUL_MESSAGE } from "../../shared/schemas/common";
import { HttpError } from "./http-errors";

/** A lone UTF-16 surrogate: JSON can carry one ("\ud800"), PostgreSQL's text and jsonb cannot. */
export const BROKEN_TEXT_MESSAGE = "Text must be valid Unicode";

// With the u flag a well-formed pair is one code point, so only a lone half matches.
const LONE_SURROGATE = /\p{Surrogate}/u;

type Node = { value: unknown; key: string | null; parent: Node | null };

const pathOf = (node: Node) => {
  const keys: string[] = [];
  for (let n: Node | null = node; n !== null && n.key !== null; n = n.parent) keys.unshift(n.key);
  return keys.length ? keys.join(".") : "body";
};

const problemWith = (text: string) =>
  hasNul(text) ? NUL_MESSAGE : LONE_SURROGATE.test(text) ? BROKEN_TEXT_MESSAGE : null;

/**
 * Text PostgreSQL refuses with an error (U+0000, a lone surrogate), anywhere in a parsed JSON body, a
 * member's name included: answers 400 naming every such field (`items.0.name`), or null when there is
 * none. Walks with its own stack, since a 100 KB body can nest deeper than the call stack allows.
 */
export function unstorableTextError(body: unknown): HttpError | null {
  const errors: { field: string; message: string }[] = [];
  const stack: Node[] = [{ value: body, key: null, parent: null }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const { value } = node;
    if (typeof value === "string") {
      const message = problemWith(value);
      if (message) errors.push({ field: pathOf(node), message });
    } else if (Array.isArray(value)) {
      // Pushed last to first so the fields come out in the order they were written.
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: String(i), parent: node });
    } else if (value !== null && typeof value === "object") {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, member] = entries[i] as [string, unknown];
        // A member whose name cannot be stored is refused as that member, whatever its value.
        stack.push({ value: problemWith(key) ? key : member, key, parent: node });
      }
    }
  }
  if (!errors.length) return null;
  return new HttpError(400, [...new Set(errors.map((e) => e.message))].join("; "), errors);
}
