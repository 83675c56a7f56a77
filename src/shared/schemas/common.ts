import { z } from "zod";
import "./zod-messages";
import { AMOUNT_PATTERN } from "../rules/money";
import { type HiddenCharacterOptions, hasHiddenCharacters, hasVisibleText } from "../rules/spoofing-text";

/** An amount as it travels in JSON: "50.00". */
export const AmountSchema = (message = "Must be a valid amount (e.g., 50.00)") =>
  z.string({ error: message }).trim().regex(AMOUNT_PATTERN, { message });

export { hasVisibleText };

/** What a field says when its text can spoof a reader (docs/decisions/123). */
export const hiddenCharactersMessage = (label: string) => `${label} can't contain hidden or control characters`;

/**
 * Person-written text that others read, trimmed: refuses characters that can spoof a reader
 * (rules/spoofing-text) with `<label> can't contain hidden or control characters`.
 */
export const TextSchema = (label: string, options: HiddenCharacterOptions = {}) =>
  z
    .string()
    .trim()
    .refine((text) => !hasHiddenCharacters(text, options), { message: hiddenCharactersMessage(label) });

/**
 * Text a person must fill in, trimmed: missing, empty or invisible, it answers `message` once; with visible
 * text, a character that can spoof a reader answers `<label> can't contain hidden or control characters`,
 * the label read from a message worded "<label> is required".
 */
export const RequiredTextSchema = (message: string, options: HiddenCharacterOptions & { label?: string } = {}) => {
  const label = options.label ?? /^(.+) is required$/.exec(message)?.[1] ?? "Text";
  return z
    .string({ error: message })
    .trim()
    .min(1, { message, abort: true })
    .refine(hasVisibleText, { message, abort: true })
    .refine((text) => !hasHiddenCharacters(text, options), { message: hiddenCharactersMessage(label) });
};

export const MoneyOutSchema = z.string().describe('Two-decimal amount, e.g. "12.50"');

/**
 * PostgreSQL text cannot hold U+0000, so text carrying it is refused before it reaches a query: in any
 * JSON body (the server's body parser) and in search terms.
 */
export const NUL_MESSAGE = "Text must not contain NUL characters";
export const hasNul = (text: string) => text.includes("\u0000");

export const IdParamsSchema = z.object({ id: z.string() });

export const ErrorSchema = z.object({
  message: z.string(),
  /** A stable name for refusals a program acts on (over_budget, already_decided, …; docs/decisions/136). */
  code: z.string().optional(),
  error: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});

export type ApiError = z.infer<typeof ErrorSchema>;

export const IsoDateSchema = z.string().describe("ISO 8601 date-time");

export const PROFILE_COLORS = ["#8B5CF6", "#10B981", "#F59E0B", "#EF4444", "#3B82F6", "#EC4899"] as const;
export const DEFAULT_PROFILE_COLOR = "#8B5CF6";
