/**
 * Text read from a page is untrusted (docs/decisions/142): it is decoded from HTML entities once, any markup
 * is dropped, characters that can spoof a reader are removed (the cart contract refuses them,
 * src/shared/rules/spoofing-text.ts), whitespace is collapsed and the length capped. The result is plain
 * text, shown with `textContent`, never as HTML.
 */

export const NAME_MAX = 200;
export const RETAILER_MAX = 100;

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  reg: "®",
  trade: "™",
  copy: "©",
  ndash: "–",
  mdash: "—",
  hellip: "…",
};

/** The few entities product names carry ("Men&#039;s", "Salt &amp; Pepper"); unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8});/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : "";
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/** Controls, line separators, and the characters drawn as nothing (direction overrides, zero-width, tags). */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2028\u2029]/gu;
/** Anything shaped like a tag, a comment or a CDATA section. */
const MARKUP = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<\/?[a-z!?][^>]*(?:>|$)/gi;
/** What is left of a script or style element once its tags are gone is code, not a name. */
const CODE_ELEMENT = /<(script|style|iframe|object|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi;

/** Caps `text` at `max` UTF-16 units (what the contract's `max()` counts) without cutting a character in two. */
export function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  let out = "";
  for (const character of text) {
    if (out.length + character.length > max) break;
    out += character;
  }
  return out.trimEnd();
}

/** Plain, visible, single-line text from an untrusted value, or null when nothing visible is left. */
export function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== "string") return null;
  // Bounded before any regular expression runs, so a megabyte of name costs no more than a kilobyte.
  let text = value.slice(0, max * 8);
  text = decodeEntities(text);
  text = text.replace(CODE_ELEMENT, " ").replace(MARKUP, " ");
  // A second pass: "&lt;b&gt;" decoded to "<b>" is markup too, and a leftover "<" or ">" is never needed.
  text = text.replace(/[<>]/g, " ");
  text = text.replace(/[\t\n\r\f\v\u2028\u2029]/g, " ").replace(HIDDEN, "");
  text = text.replace(/\s+/g, " ").trim();
  text = capLength(text, max);
  return text.length > 0 && /[\p{L}\p{N}\p{S}\p{P}]/u.test(text) ? text : null;
}
