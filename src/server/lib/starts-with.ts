/**
 * A `like` pattern for text that starts with `text`, in lower case, with `%`, `_` and `\` taken as letters.
 * Staff searches match the start of an address or a name, which a b-tree with the pattern operators
 * serves at any size; a match anywhere in the text would read every account (docs/decisions/168).
 */
export const startsWithPattern = (text: string) => `${text.toLowerCase().replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;
