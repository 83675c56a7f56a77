import { once } from "node:events";
import http from "node:http";
import net, { type AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SLOW_START_MS, setTier, signUpParent, type TestApp } from "../test-support/test-app";
import bodyParsing, { DISCARD_BYTES, declaresUtf8, INVALID_UTF8_MESSAGE, NOT_UTF8_JSON_MESSAGE } from "./body-parsing";
import errorsPlugin from "./errors";

let t: TestApp;
let parent: Awaited<ReturnType<typeof signUpParent>>;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  parent = await signUpParent(t.app);
  // Any number of children, so a refused body is the only reason one is missing.
  await setTier(t.database, parent.user.id, "premium");
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const childrenNamed = async (name: string) =>
  Number((await t.database.query<{ n: string }>("select count(*) n from children where name = $1", [name]))[0]?.n ?? 0);
const childrenCount = async () =>
  Number((await t.database.query<{ n: string }>("select count(*) n from children"))[0]?.n ?? 0);

const postChild = (body: Buffer | string, contentType: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/children",
    headers: { cookie: parent.cookie, "content-type": contentType },
    body,
  });

const childJson = (name: string) => `{"name": "${name}", "age": 9, "monthlyBudget": "20.00"}`;

describe("a JSON body declared in another charset", () => {
  it.each([
    "application/json; charset=latin1",
    "application/json; charset=ISO-8859-1",
    "application/json; charset=windows-1252",
    'application/json; charset="utf-16"',
    "application/json;charset=UTF-16LE",
    "application/json; charset = latin1",
    "application/json; charset=",
    "application/json; charset=us-ascii",
    // A second charset cannot slip past the first.
    "application/json; charset=utf-8; charset=latin1",
  ])("%s answers 415 and stores nothing", async (contentType) => {
    const res = await postChild(Buffer.from(childJson("Zoë Refused"), "latin1"), contentType);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: NOT_UTF8_JSON_MESSAGE });
    expect(await childrenNamed("Zoë Refused")).toBe(0);
    expect(await childrenNamed("Zo\ufffd Refused")).toBe(0);
  });

  it("is refused under /api/admin with `error` as every staff answer", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "content-type": "application/json; charset=latin1" },
      body: Buffer.from('{"email": "staff@example.com", "password": "pässword"}', "latin1"),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: NOT_UTF8_JSON_MESSAGE, error: NOT_UTF8_JSON_MESSAGE });
  });

  it("is refused even when empty", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/usage/dismiss-nudge",
      headers: { cookie: parent.cookie, "content-type": "application/json; charset=latin1" },
    });
    expect(res.statusCode).toBe(415);
  });
});

describe("UTF-8, however it is spelled", () => {
  it.each([
    ["application/json", "Zoë"],
    ["application/json; charset=utf-8", "Zoë ünd"],
    ["application/json; charset=UTF-8", "Zoë 🦊"],
    ['application/json; charset="utf-8"', "Zoë Ω"],
    ["application/json; charset=utf8", "Zoë ä"],
    ["APPLICATION/JSON;CHARSET=Utf-8", "Zoë ö"],
    ['application/json; note="a;charset=latin1"; charset=utf-8', "Zoë é"],
  ])("%s is read, and %s stored as sent", async (contentType, name) => {
    const res = await postChild(Buffer.from(childJson(name), "utf8"), contentType);
    expect(res.statusCode).toBe(201);
    expect(res.json().name).toBe(name);
    expect(await childrenNamed(name)).toBe(1);
  });

  it("a replacement character the client really sent is kept", async () => {
    const res = await postChild(childJson("Mo\ufffd"), "application/json");
    expect(res.statusCode).toBe(201);
    expect(await childrenNamed("Mo\ufffd")).toBe(1);
  });
});

describe("bytes that are not UTF-8", () => {
  const withBytes = (...bytes: number[]) =>
    Buffer.concat([Buffer.from('{"name": "Le'), Buffer.from(bytes), Buffer.from('a", "monthlyBudget": "5.00"}')]);

  it.each([
    ["a latin1 ë", [0xeb]],
    ["0xFF", [0xff]],
    ["a lone continuation byte", [0x80]],
    ["an overlong slash", [0xc0, 0xaf]],
    ["an encoded surrogate", [0xed, 0xa0, 0x80]],
    ["a cut-off sequence", [0xe2, 0x82]],
    ["a code point beyond U+10FFFF", [0xf4, 0x90, 0x80, 0x80]],
  ])("%s answers 400 and stores nothing", async (_label, bytes) => {
    const before = await childrenCount();
    const res = await postChild(withBytes(...bytes), "application/json");
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INVALID_UTF8_MESSAGE });
    expect(await childrenCount()).toBe(before);
  });

  it("answers 400 with `error` under /api/admin", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      headers: { "content-type": "application/json" },
      body: Buffer.from('{"email": "staff@example.com", "password": "p\xe4ssword"}', "latin1"),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: INVALID_UTF8_MESSAGE, error: INVALID_UTF8_MESSAGE });
  });
});

describe("what the JSON parser kept", () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

  it("a leading byte order mark is ignored, not stored", async () => {
    const res = await postChild(Buffer.concat([BOM, Buffer.from(childJson("Bom"))]), "application/json");
    expect(res.statusCode).toBe(201);
    expect(await childrenNamed("Bom")).toBe(1);
  });

  it("a second byte order mark is not JSON", async () => {
    const res = await postChild(Buffer.concat([BOM, BOM, Buffer.from(childJson("Bom2"))]), "application/json");
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Request body is not valid JSON");
  });

  it.each([
    ["an empty", Buffer.alloc(0)],
    ["a blank", Buffer.from(" \r\n\t ")],
    ["a byte-order-mark-only", BOM],
  ])("%s JSON body is no payload (spec 000 §7)", async (_label, body) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/usage/dismiss-nudge",
      headers: { cookie: parent.cookie, "content-type": "application/json" },
      body,
    });
    expect(res.statusCode).toBe(200);
  });

  it("text the database cannot store is still refused by field", async () => {
    const before = await childrenCount();
    const res = await postChild(childJson("Ma\\u0000ya"), "application/json; charset=utf-8");
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: "name", message: expect.any(String) }]);
    expect(await childrenCount()).toBe(before);
  });

  it.each(["text/plain", "text/plain; charset=latin1", "text/plain; charset=utf-8"])(
    "a %s body reaches no route",
    async (contentType) => {
      const before = await childrenCount();
      const res = await postChild(childJson("Plain"), contentType);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: "Request body must be JSON" });
      expect(await childrenCount()).toBe(before);
    },
  );
});

describe("declaresUtf8", () => {
  it.each([
    [undefined, true],
    ["application/json", true],
    ["application/json;", true],
    ["application/json; charset=utf-8; foo=bar", true],
    ['application/json; charset="utf\\-8"', true],
    ['application/json; foo="x\\";charset=latin1"', true],
    ["application/json; charset=utf-16", false],
    ['application/json; charset=" utf-8"', false],
    ["application/json; charset", true],
    ["application/json; CharSet=latin1", false],
  ])("%s → %s", (header, expected) => {
    expect(declaresUtf8(header)).toBe(expected);
  });
});

/** What a client over real HTTP got: the answer, if any, and how its connection ended. */
type Outcome = { status?: number; headers?: http.IncomingHttpHeaders; body?: string; error?: string };

/**
 * A slow uploader: a 64 KB write every millisecond or so, so the client is still sending
 * when the server decides (written at full speed, a 2 MB body sits in the kernels' buffers before then).
 */
function postOverHttp(total: number, chunked: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: http.OutgoingHttpHeaders = { cookie: parent.cookie, "content-type": "application/json" };
    if (!chunked) headers["content-length"] = total;
    const req = http.request({ host: "127.0.0.1", port, method: "POST", path: "/api/children", headers, agent: false });
    const outcome: Outcome = {};
    req.on("response", (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        body += chunk;
      });
      res.on("end", () => Object.assign(outcome, { status: res.statusCode, headers: res.headers, body }));
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      outcome.error ??= err.code ?? err.message;
    });
    req.on("close", () => resolve(outcome));
    const chunk = Buffer.alloc(64 * 1024, " ");
    chunk.write('{"name": "Big", "monthlyBudget": "5.00", "notes": "');
    let sent = 0;
    const next = () => {
      if (req.destroyed) return;
      if (sent >= total) return void req.end();
      const size = Math.min(chunk.length, total - sent);
      sent += size;
      req.write(chunk.subarray(0, size));
      setTimeout(next, 1);
    };
    next();
  });
}

const requestHead = (target: number, path: string, total: number) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${target}\r\nCookie: ${parent.cookie}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${total}\r\n\r\n`;

/**
 * A slow uploader on a bare socket, sending `total` bytes of body in 64 KB writes. With `readFirst` it reads
 * all along and ignores the server's end of the connection, writing on; without, it reads nothing before its
 * last byte is sent.
 */
function postOverSocket(
  total: number,
  readFirst: boolean,
): Promise<{ received: string; written: number; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port, allowHalfOpen: true });
    let received = "";
    let written = 0;
    let error: string | undefined;
    socket.setEncoding("latin1");
    if (!readFirst) socket.pause();
    socket.on("data", (data: string) => {
      received += data;
    });
    socket.on("end", () => {
      if (written >= total) socket.end();
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      error ??= err.code ?? err.message;
    });
    socket.on("close", () => resolve({ received, written, error }));
    socket.write(requestHead(port, "/api/children", total));
    const chunk = Buffer.alloc(64 * 1024, " ");
    const pump = () => {
      if (socket.destroyed) return;
      if (written >= total) return void socket.resume();
      const size = Math.min(chunk.length, total - written);
      written += size;
      socket.write(chunk.subarray(0, size), () => setTimeout(pump, 1));
    };
    pump();
  });
}

describe("a body over the limit over real HTTP", () => {
  const TWO_MB = 2 * 1024 * 1024;

  it.each([
    ["with Content-Length", false],
    ["chunked", true],
  ])("%s: a client still sending 2 MB reads its 413, and nothing is stored", async (_label, chunked) => {
    const before = await childrenCount();
    // A reset loses the answer only now and then, so one try would prove little.
    for (let i = 0; i < 5; i++) {
      const outcome = await postOverHttp(TWO_MB, chunked);
      expect(outcome.status).toBe(413);
      expect(JSON.parse(outcome.body ?? "")).toEqual({ message: "Request body is too large" });
      expect(outcome.headers?.connection).toBe("close");
    }
    expect(await childrenNamed("Big")).toBe(0);
    expect(await childrenCount()).toBe(before);
  });

  it("a client that reads only after sending all 2 MB gets the 413 and a clean close", async () => {
    const { received, error } = await postOverSocket(TWO_MB, false);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toContain('{"message":"Request body is too large"}');
    expect(error).toBeUndefined();
  });

  it("a body far beyond the bound is cut off rather than read to its end", async () => {
    const total = 256 * 1024 * 1024;
    const { received, written } = await postOverSocket(total, true);
    expect(received).toMatch(/^HTTP\/1\.1 413 /);
    expect(written).toBeGreaterThan(DISCARD_BYTES);
    // Writes count once the client's kernel takes them, so on a busy machine the sockets' buffers (a few MB
    // each way on loopback) come on top of the bound.
    expect(written).toBeLessThan(DISCARD_BYTES + 16 * 1024 * 1024);
  });

  it("a body under the limit still makes a child over real HTTP", async () => {
    const name = "Sent over HTTP";
    const res = await fetch(`http://127.0.0.1:${port}/api/children`, {
      method: "POST",
      headers: { cookie: parent.cookie, "content-type": "application/json; charset=utf-8" },
      body: childJson(name),
    });
    expect(res.status).toBe(201);
    expect(await childrenNamed(name)).toBe(1);
  });
});

describe("a client that stops sending after its 413 and keeps the connection open", () => {
  let bare: FastifyInstance;

  /** Sends the head of a 1 MB body and 8 KB of it, then nothing; answers once the server has answered. */
  async function stalledClient(discardMs: number) {
    bare = Fastify({ bodyLimit: 1024 });
    await bare.register(bodyParsing, { discardMs });
    await bare.register(errorsPlugin);
    bare.post("/echo", async (req) => req.body ?? null);
    await bare.listen({ port: 0, host: "127.0.0.1" });
    const target = (bare.server.address() as AddressInfo).port;
    const serverSide = once(bare.server, "connection").then(([socket]) => socket as net.Socket);
    const client = net.connect({ host: "127.0.0.1", port: target, allowHalfOpen: true });
    client.on("error", () => {});
    client.setEncoding("latin1");
    let received = "";
    const answered = new Promise<void>((resolve) => {
      client.on("data", (data: string) => {
        received += data;
        if (received.includes("\r\n\r\n")) resolve();
      });
    });
    client.write(requestHead(target, "/echo", 1024 * 1024));
    client.write(Buffer.alloc(8 * 1024, " "));
    await answered;
    return { client, server: await serverSide, received: () => received };
  }

  it("is cut off once the time bound passes", async () => {
    const { client, server, received } = await stalledClient(200);
    try {
      expect(received()).toMatch(/^HTTP\/1\.1 413 /);
      if (!server.destroyed) await once(server, "close");
    } finally {
      client.destroy();
      await bare.close();
    }
  });

  it("does not hold up a shutdown", async () => {
    const { client, server } = await stalledClient(10 * 60 * 1000);
    try {
      await bare.close();
      expect(server.destroyed).toBe(true);
    } finally {
      client.destroy();
    }
  });
});
