/**
 * The one spelling of a request path that routing, access decisions and every later check see
 * (docs/decisions/120). Spellings that RFC 3986 §6.2.2 counts as the same path become that path:
 * percent-encoded unreserved characters are decoded and other escapes get upper-case hex, dot segments
 * are removed (§5.2.4), empty segments are dropped and `;` parameters are cut from each segment. Letter
 * case is left alone here (parameters keep theirs); the router matches without regard to it.
 *
 * A path whose escapes do not decode to well-formed UTF-8 (`%ZZ`, overlong or truncated sequences) is
 * answered unchanged: it names no route, and the router refuses it.
 */
export function canonicalUrl(url: string): string {
  if (!url.startsWith("/")) return url;
  const queryAt = url.indexOf("?");
  const rawPath = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? "" : url.slice(queryAt);
  if (!isWellFormed(rawPath)) return url;

  const decoded = rawPath.replace(ESCAPE, (escaped, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escaped.toUpperCase();
  });
  const segments: string[] = [];
  for (const raw of decoded.split("/")) {
    const segment = raw.split(";", 1)[0] ?? "";
    if (segment === "" || segment === ".") continue;
    if (segment === "..") segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join("/")}${query}`;
}

const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function isWellFormed(path: string): boolean {
  if (!path.includes("%")) return true;
  if (/%(?![0-9A-Fa-f]{2})/.test(path)) return false;
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The path as a lenient decoder would read it: every escape decoded, overlong UTF-8 forms (`%C1%A1`
 * for "a") read as the character they spell, case folded. Used only to recognise a request that names
 * no route but reads as a staff path, so that it answers as the staff area does (401 without a token)
 * however it was written.
 */
export function leniently(path: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < path.length; i++) {
    const hex = path.slice(i + 1, i + 3);
    if (path[i] === "%" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(path.charCodeAt(i) & 0xff);
    }
  }
  let out = "";
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    const width = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    let code = width === 1 ? b : b & (0xff >> (width + 1));
    for (let k = 1; k < width && i + 1 < bytes.length; k++) code = (code << 6) | ((bytes[++i] as number) & 0x3f);
    out += String.fromCodePoint(Math.min(code, 0x10ffff));
  }
  return out.toLowerCase();
}
