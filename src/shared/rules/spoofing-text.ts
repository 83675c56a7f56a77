/**
 * Text that can spoof a reader (docs/decisions/123): characters nobody sees that change what is seen.
 * A direction override turns "Maya\u202Egnp.exe" into "Mayaexe.png" on screen, a zero-width space makes
 * two names that look alike different, a control character starts a new line in a log or an e-mail.
 * Person-written text that others read refuses them; the few invisible characters real writing needs are
 * kept, each only where it does its job (emoji sequences, joiners inside Arabic and Indic words).
 */

export interface HiddenCharacterOptions {
  /** Notes, descriptions and messages keep their line breaks and tabs. */
  multiline?: boolean;
}

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const TEXT_PRESENTATION = 0xfe0e;
const EMOJI_PRESENTATION = 0xfe0f;
const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

/** C0 and C1 controls, and the line and paragraph separators, which end a line as LF does. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
/**
 * Drawn as nothing: the default-ignorable code points (bidirectional controls, zero-width characters,
 * invisible operators, variation selectors, tag characters, Hangul fillers, the soft hyphen) and the other
 * format characters (interlinear annotation marks, hieroglyph layout controls).
 */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/u;
/** Format characters that are drawn: signs that span the digits after them, such as the Arabic number sign. */
const VISIBLE_FORMAT = /[\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}]/u;
const VARIATION_SELECTOR = /\p{Variation_Selector}/u;
const PICTOGRAPH = /\p{Extended_Pictographic}/u;
const SKIN_TONE = /\p{Emoji_Modifier}/u;
const EMOJI = /\p{Emoji}/u;
const IDEOGRAPH = /\p{Ideographic}/u;
/** Where the standardized variation selectors U+FE00-U+FE0D select a glyph: CJK, mathematics, Myanmar. */
const STANDARD_VARIANT_BASE = /[\p{Ideographic}\p{Math}\p{scx=Myanmar}]/u;
const MONGOLIAN = /\p{scx=Mongolian}/u;

/**
 * Scripts whose spelling needs ZWNJ or ZWJ between two letters: Arabic-script languages choose joined or
 * separate letter forms with them (the Persian name "علی‌رضا" has a U+200C), Indic scripts choose conjunct
 * forms (Sinhala "ශ්‍රී" has a U+200D). There the joiner changes the shape of letters a reader sees, so it
 * hides nothing.
 */
const JOINING_SCRIPTS = [
  "Arabic",
  "Syriac",
  "Nko",
  "Mandaic",
  "Mongolian",
  "Devanagari",
  "Bengali",
  "Gurmukhi",
  "Gujarati",
  "Oriya",
  "Tamil",
  "Telugu",
  "Kannada",
  "Malayalam",
  "Sinhala",
  "Myanmar",
  "Khmer",
].map((script) => new RegExp(`\\p{scx=${script}}`, "u"));

const is = (pattern: RegExp, codePoint: number | undefined) =>
  codePoint !== undefined && pattern.test(String.fromCodePoint(codePoint));

/**
 * One variation selector right after the character it selects a form of. More than one, or one after a
 * character it cannot vary, carries nothing a reader sees: strings of them are how data is smuggled into
 * an emoji.
 */
function selectsVariant(selector: number, base: number | undefined): boolean {
  if (selector === TEXT_PRESENTATION || selector === EMOJI_PRESENTATION) return is(EMOJI, base);
  if (selector >= 0xe0100) return is(IDEOGRAPH, base);
  if (selector >= 0xfe00) return is(STANDARD_VARIANT_BASE, base);
  return is(MONGOLIAN, base);
}

/** 👨‍👩‍👧, ❤️‍🔥, 👩🏽‍💻: ZWJ between two pictographs, the first possibly followed by VS16 or a skin tone. */
function joinsEmoji(codePoints: number[], at: number): boolean {
  const before = codePoints[at - 1];
  const base =
    before !== undefined && (before === EMOJI_PRESENTATION || is(SKIN_TONE, before)) ? codePoints[at - 2] : before;
  return is(PICTOGRAPH, base) && is(PICTOGRAPH, codePoints[at + 1]);
}

function joinsLetters(codePoints: number[], at: number): boolean {
  const before = codePoints[at - 1];
  const after = codePoints[at + 1];
  return JOINING_SCRIPTS.some((script) => is(script, before) && is(script, after));
}

/**
 * 🏴 followed by a subdivision code in tag characters and a cancel tag (🏴󠁧󠁢󠁳󠁣󠁴󠁿, Scotland): the index of the
 * cancel tag, or null. A subdivision code is at most six letters and digits, so no message hides in one.
 */
function flagSequenceEnd(codePoints: number[], at: number): number | null {
  let end = at + 1;
  while (end - at <= 6 && isSubdivisionTag(codePoints[end])) end += 1;
  return end - at > 2 && codePoints[end] === CANCEL_TAG ? end : null;
}

/** Tag letters and digits (U+E0030-U+E0039, U+E0061-U+E007A), as a subdivision flag spells its code. */
const isSubdivisionTag = (codePoint: number | undefined) =>
  codePoint !== undefined &&
  ((codePoint >= 0xe0030 && codePoint <= 0xe0039) || (codePoint >= 0xe0061 && codePoint <= 0xe007a));

/** Whether `text` holds a character that can spoof a reader (see the top of this file). */
export function hasHiddenCharacters(text: string, options: HiddenCharacterOptions = {}): boolean {
  const codePoints = Array.from(text, (character) => character.codePointAt(0) as number);
  for (let at = 0; at < codePoints.length; at++) {
    const codePoint = codePoints[at] as number;
    if (options.multiline && (codePoint === LINE_FEED || codePoint === CARRIAGE_RETURN || codePoint === TAB)) continue;
    if (is(CONTROL, codePoint)) return true;
    if (codePoint === BLACK_FLAG) {
      at = flagSequenceEnd(codePoints, at) ?? at;
      continue;
    }
    if (!is(INVISIBLE, codePoint) || is(VISIBLE_FORMAT, codePoint)) continue;
    if (is(VARIATION_SELECTOR, codePoint) && selectsVariant(codePoint, codePoints[at - 1])) continue;
    if (codePoint === ZWJ && joinsEmoji(codePoints, at)) continue;
    if ((codePoint === ZWJ || codePoint === ZWNJ) && joinsLetters(codePoints, at)) continue;
    return true;
  }
  return false;
}

/**
 * Whether text has a character a person can see: zero-width spaces, joiners, direction marks, fillers and
 * other invisible characters are not a name, so text made only of them counts as blank.
 */
export const hasVisibleText = (text: string) =>
  /[^\s\p{Cc}\p{Cf}\p{M}\p{Z}\p{Default_Ignorable_Code_Point}]/u.test(text);
