import { describe, expect, it } from "vitest";
import { hasHiddenCharacters, hasVisibleText } from "./spoofing-text";

describe("hasHiddenCharacters (docs/decisions/123)", () => {
  it.each<[string, string]>([
    ["left-to-right embedding", "Maya\u202Ax"],
    ["right-to-left embedding", "Maya\u202Bx"],
    ["pop directional formatting", "Maya\u202C"],
    ["left-to-right override", "Maya\u202Dx"],
    ["right-to-left override", "Maya\u202Egnp.exe"],
    ["left-to-right isolate", "\u2066Maya"],
    ["right-to-left isolate", "\u2067Maya"],
    ["first strong isolate", "\u2068Maya\u2069"],
    ["pop directional isolate", "Maya\u2069"],
    ["left-to-right mark", "Maya\u200E"],
    ["right-to-left mark", "Maya\u200F"],
    ["Arabic letter mark", "Maya\u061C"],
    ["zero-width space", "Ma\u200Bya"],
    ["zero-width non-joiner between Latin letters", "Ma\u200Cya"],
    ["zero-width joiner between Latin letters", "Ma\u200Dya"],
    ["word joiner", "Ma\u2060ya"],
    ["byte order mark inside", "Ma\uFEFFya"],
    ["Mongolian vowel separator", "Ma\u180Eya"],
    ["invisible function application", "Ma\u2061ya"],
    ["invisible times", "Ma\u2062ya"],
    ["invisible separator", "Ma\u2063ya"],
    ["invisible plus", "Ma\u2064ya"],
    ["soft hyphen", "Ma\u00ADya"],
    ["combining grapheme joiner", "Ma\u034Fya"],
    ["Hangul filler", "Ma\u3164ya"],
    ["halfwidth Hangul filler", "\uFFA0"],
    ["deprecated format character", "Ma\u206Aya"],
    ["interlinear annotation anchor", "Ma\uFFF9ya\uFFFAx\uFFFB"],
    ["tag characters outside a flag", "Maya\u{E0069}\u{E0067}\u{E006E}"],
    ["a flag's tag characters without the cancel tag", "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}"],
    ["a message smuggled in a flag", `\u{1F3F4}${tags("ignoreprevious")}\u{E007F}`],
    ["a flag of one tag", `\u{1F3F4}${tags("g")}\u{E007F}`],
    ["a flag of seven tags", `\u{1F3F4}${tags("gbabcde")}\u{E007F}`],
    ["a flag spelled in capital tags", `\u{1F3F4}${tags("GBSCT")}\u{E007F}`],
    ["a variation selector at the start", "\uFE0FMaya"],
    ["two variation selectors on one emoji", "\u{1F600}\uFE0F\uFE0F"],
    ["data smuggled in variation selectors", "\u{1F600}\u{E0100}\u{E0101}\u{E0102}"],
    ["an emoji variation selector on a letter", "Ma\uFE0Fya"],
    ["an ideographic variation selector on a Latin letter", "a\u{E0100}"],
    ["ZWJ after an emoji and before a letter", "\u{1F468}\u200Da"],
    ["ZWJ before an emoji after a letter", "a\u200D\u{1F468}"],
    ["ZWJ at the end", "\u{1F468}\u200D"],
    ["two ZWJ in a row", "\u{1F468}\u200D\u200D\u{1F469}"],
    ["two ZWNJ in a Persian word", "\u0645\u06CC\u200C\u200C\u062E\u0648\u0627\u0647\u0645"],
    ["ZWNJ between Arabic and Latin", "\u0645\u200Cx"],
    ["ZWNJ between scripts that do not share it", "\u0645\u200C\u0915"],
    ["NUL", "Ma\u0000ya"],
    ["bell", "Ma\u0007ya"],
    ["escape (terminal colours)", "\u001B[31mMaya"],
    ["delete", "Maya\u007F"],
    ["next line (C1)", "Maya\u0085x"],
    ["C1 control sequence introducer", "\u009B31mMaya"],
    ["line separator", "Maya\u2028x"],
    ["paragraph separator", "Maya\u2029x"],
    ["line feed in a one-line field", "Maya\nLee"],
    ["carriage return in a one-line field", "Maya\rLee"],
    ["tab in a one-line field", "Maya\tLee"],
  ])("finds a %s", (_name, text) => {
    expect(hasHiddenCharacters(text)).toBe(true);
  });

  it.each<[string, string]>([
    ["plain name", "Maya"],
    ["accented letters", "Zoë Núñez"],
    ["a decomposed accent", "Zoe\u0301"],
    ["Chinese", "李小龙"],
    ["Hebrew", "מאיה כהן"],
    ["Arabic", "مايا"],
    ["a Persian name with ZWNJ", "\u0639\u0644\u06CC\u200C\u0631\u0636\u0627"],
    ["a Persian word with ZWNJ", "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645"],
    ["Sinhala with ZWJ", "\u0DC1\u0DCA\u200D\u0DBB\u0DD3"],
    ["Devanagari with ZWJ", "\u0915\u094D\u200D\u0937"],
    ["Malayalam with ZWNJ", "\u0D28\u0D4D\u200C\u0D28"],
    ["an Arabic number sign (drawn)", "\u0600\u0661\u0662"],
    ["a family emoji (ZWJ)", "👨‍👩‍👧"],
    ["a family emoji among words", "Trip with 👨‍👩‍👧‍👦 on Sunday!"],
    ["a heart on fire (VS16 then ZWJ)", "❤️‍🔥"],
    ["a coder with a skin tone (modifier then ZWJ)", "👩🏽‍💻"],
    ["a rainbow flag", "🏳️‍🌈"],
    ["a transgender flag", "🏳️‍⚧️"],
    ["people holding hands", "🧑‍🤝‍🧑"],
    ["a red-haired person", "🧑‍🦰"],
    ["a polar bear", "🐻‍❄️"],
    ["a heart with VS16", "I ❤️ it"],
    ["a keycap", "#️⃣ 1️⃣"],
    ["text presentation", "☺\uFE0E"],
    ["the Scotland flag", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"],
    ["a black flag alone", "🏴"],
    ["a pirate flag (black flag, ZWJ)", "🏴‍☠️"],
    ["the Wales flag", "🏴󠁧󠁢󠁷󠁬󠁳󠁿"],
    ["a country flag", "🇬🇧"],
    ["an ideographic variation sequence", "\u845B\u{E0100}"],
    ["a standardized variant of a math symbol", "\u2229\uFE00"],
    ["no-break and ideographic spaces", "Maya\u00A0Lee\u3000x"],
    ["the empty string", ""],
  ])("accepts %s", (_name, text) => {
    expect(hasHiddenCharacters(text)).toBe(false);
  });

  it.each(["Line one\nline two", "Windows\r\nline", "Col\tumn", "👨‍👩‍👧\n❤️"])(
    "keeps line breaks and tabs in multi-line text: %j",
    (text) => {
      expect(hasHiddenCharacters(text, { multiline: true })).toBe(false);
    },
  );

  it.each(["Line\u2028two", "Bell\u0007", "Ma\u200Bya\n", "\u202Eevil\n", "Vertical\u000Btab", "Form\u000Cfeed"])(
    "refuses other hidden characters in multi-line text: %j",
    (text) => {
      expect(hasHiddenCharacters(text, { multiline: true })).toBe(true);
    },
  );
});

describe("hasVisibleText", () => {
  it.each(["\u200B\u200B", "\u200C\u200D", "\u2060", "\uFEFF", "\u200E\u200F", "\u202E", "\u3164", "\uFFA0\u115F"])(
    "is false for text made only of invisible characters (%j)",
    (text) => {
      expect(hasVisibleText(text)).toBe(false);
    },
  );

  it.each(["Maya", "🙂", "5"])("is true for %j", (text) => {
    expect(hasVisibleText(text)).toBe(true);
  });
});

function tags(ascii: string): string {
  return Array.from(ascii, (c) => String.fromCodePoint(0xe0000 + (c.codePointAt(0) as number))).join("");
}
