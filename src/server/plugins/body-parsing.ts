import { isUtf8 } from "node:buffer";
import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { HttpError } from "../lib/http-errors";
import { unstorableTextError } from "../lib/unstorable-text";

export const NOT_UTF8_JSON_MESSAGE = "Request body must be UTF-8 JSON";
export const INVALID_UTF8_MESSAGE = "Request body must be valid UTF-8";

/**
 * How much of a body still arriving after its answer (a 413 above all) is read and dropped before the
 * connection is cut, and for how long at most (decision 122).
 */
export const DISCARD_BYTES = 4 * 1024 * 1024;
export const DISCARD_MS = 10_000;

export interface BodyParsingOptions {
  discardBytes?: number;
  discardMs?: number;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const JSON_WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/**
 * Request bodies (decision 122): JSON in UTF-8 only, refused whole rather than stored with U+FFFD in place
 * of bytes nobody can read back; and a connection closed on an answer sent before the body arrived is
 * closed only once the client has had the chance to read that answer.
 */
export default fp<BodyParsingOptions>(async function bodyParsing(app: FastifyInstance, opts) {
  // Fastify's text/plain parser would hand a route a string it never checked; no route reads text, so a
  // text body is refused like any other type that is not JSON.
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (req, body: Buffer, done) => {
    if (!declaresUtf8(req.headers["content-type"])) return done(new HttpError(415, NOT_UTF8_JSON_MESSAGE));
    if (!isUtf8(body)) return done(new HttpError(400, INVALID_UTF8_MESSAGE));
    // RFC 8259 §8.1 lets a parser ignore a leading byte order mark; some Windows tools still write one.
    const text = body.toString("utf8", body.subarray(0, 3).equals(UTF8_BOM) ? 3 : 0);
    // spec 000 §7: some writes send a JSON content type with no body; treat that as no payload.
    if (JSON_WHITESPACE_ONLY.test(text)) return done(null, undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return done(err as Error, undefined);
    }
    // Refused here, once for every route, rather than by each schema: PostgreSQL would fail on such text.
    const refused = unstorableTextError(value);
    done(refused, refused ? undefined : value);
  });

  const limits = { bytes: opts.discardBytes ?? DISCARD_BYTES, ms: opts.discardMs ?? DISCARD_MS };
  const lingering = new Set<Socket>();
  app.addHook("onSend", (req, reply, payload, done) => {
    // Fastify closes the connection after a body it refused part way (413); the client may still be writing.
    if (/\bclose\b/i.test(String(reply.getHeader("connection") ?? ""))) {
      discardRestOfBody(req.raw, limits, lingering);
    }
    done(null, payload);
  });
  // A shutdown does not wait out a client still sending a body that was already answered.
  app.addHook("preClose", async () => {
    for (const socket of lingering) socket.destroy();
  });
});

/**
 * Whether a JSON Content-Type names no charset but UTF-8 (RFC 8259 §8.1: JSON between systems is UTF-8).
 * Every `charset` parameter counts, so a second one cannot slip another encoding past the first.
 */
export function declaresUtf8(contentType: string | undefined): boolean {
  if (contentType === undefined) return true;
  for (const parameter of splitParameters(contentType).slice(1)) {
    const match = /^charset[ \t]*=[ \t]*(.*)$/is.exec(parameter.trim());
    if (!match) continue;
    const charset = unquote(match[1] as string).toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") return false;
  }
  return true;
}

/** Splits at the semicolons outside quoted strings (RFC 9110 §5.6.6). */
function splitParameters(header: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i];
    if (quoted && c === "\\") i++;
    else if (c === '"') quoted = !quoted;
    else if (c === ";" && !quoted) {
      parts.push(header.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(header.slice(start));
  return parts;
}

const unquote = (value: string) =>
  value.length >= 2 && value.startsWith('"') && value.endsWith('"')
    ? value.slice(1, -1).replace(/\\(.)/gs, "$1")
    : value;

/**
 * RFC 9112 §9.6: a server that closes while the client is still sending should stop writing first, then
 * keep reading for a while. Node instead destroys the socket as soon as a "Connection: close" answer is
 * written; with body bytes unread the kernel resets the connection, and a client still writing often sees
 * that reset (EPIPE, ECONNRESET) instead of the 413. So the answer's end only half-closes the socket, the
 * rest of the body is read and dropped, and the socket is closed when the body ends, or cut once it
 * passes `bytes` or lasts `ms`.
 */
function discardRestOfBody(raw: IncomingMessage, limits: { bytes: number; ms: number }, lingering: Set<Socket>) {
  const socket = raw.socket;
  // A fully read body leaves nothing to reset; an injected request has no socket to keep open.
  if (raw.complete || !(socket instanceof Socket) || lingering.has(socket)) return;
  lingering.add(socket);
  const closeOnceWritten = socket.destroySoon.bind(socket);
  let answered = false;
  let outcome: "drained" | "cut" | null = null;
  let discarded = 0;

  const settle = () => {
    if (!answered || outcome === null) return;
    clearTimeout(timer);
    if (outcome === "drained") closeOnceWritten();
    else socket.destroy();
  };
  const finish = (how: "drained" | "cut") => {
    if (outcome !== null) return;
    outcome = how;
    raw.off("data", count);
    settle();
  };
  const count = (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limits.bytes) finish("cut");
  };

  const timer = setTimeout(() => finish("cut"), limits.ms);
  timer.unref();
  // Node calls this once the answer is written (res._last); there the read side stays open.
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    settle();
  };
  raw.on("data", count);
  raw.once("end", () => finish("drained"));
  raw.once("error", () => finish("cut"));
  socket.once("close", () => {
    clearTimeout(timer);
    lingering.delete(socket);
  });
  raw.resume();
}
