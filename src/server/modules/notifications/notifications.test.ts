import { createECDH, type ECDH, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allNotificationsOn } from "../../../shared/schemas/notifications";
import { type OutboxMail, readOutbox } from "../../test-support/outbox";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";

/*
 * Decision 133: a guardian's preferences; the e-mails a waiting cart, a budget warning and a badge send to
 * each guardian whose settings allow them; and the one-click unsubscribe link every such e-mail carries.
 */
let t: TestApp;
let outboxDir: string;
let owner: Awaited<ReturnType<typeof signUpParent>>;
let guardian: Awaited<ReturnType<typeof signUpParent>>;

const call = (method: "GET" | "POST" | "PATCH", url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });

/** Invites an adult into the owner's family through the real flow, as family.api.test does. */
async function joinFamily(firstName: string) {
  const adult = await signUpParent(t.app, { firstName });
  expect((await call("POST", "/api/family/guardians", owner.cookie, { email: adult.email })).statusCode).toBe(201);
  const [row] = await t.database.query<{ payload: { link: string } }>(
    "select payload from outbound_messages where type = 'guardian.invitation' and payload->>'email' = $1",
    [adult.email],
  );
  const token = row?.payload.link.split("/join/")[1];
  expect((await call("POST", `/api/family/invitations/${token}/accept`, adult.cookie)).statusCode).toBe(200);
  return adult;
}

beforeAll(async () => {
  outboxDir = mkdtempSync(path.join(os.tmpdir(), "pw-notifications-test-"));
  t = await createTestApp({
    appOrigin: "https://pocketwise.test",
    mail: { smtpUrl: null, outboxDir, from: "Pocketwise <hello@pocketwise.test>" },
  });
  owner = await signUpParent(t.app, { firstName: "Olivia", lastName: "Rivera" });
  await setTier(t.database, owner.user.id, "family");
  guardian = await joinFamily("Gabe");
}, SLOW_START_MS);

afterAll(async () => {
  await t?.close();
  rmSync(outboxDir, { recursive: true, force: true });
}, SLOW_START_MS);

/** Sends what is due and answers the messages that were not in the outbox before. */
async function sendDue(): Promise<OutboxMail[]> {
  const before = new Set(readOutbox(outboxDir).map((m) => m.file));
  await t.app.notifications.runDue();
  return readOutbox(outboxDir).filter((m) => !before.has(m.file));
}

const submit = (cookie: string, childId: string, items: object[], retailer = "Toy Shop") =>
  call("POST", `/api/children/${childId}/carts`, cookie, { retailer, items });

describe("GET and PATCH /api/account/notifications", () => {
  it("answers everything on by default, and changes only what a PATCH names, at any depth", async () => {
    const adult = await signUpParent(t.app);
    const first = await call("GET", "/api/account/notifications", adult.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(allNotificationsOn());

    const changed = await call("PATCH", "/api/account/notifications", adult.cookie, {
      email: { reminders: false },
      push: { achievements: false, budgetWarnings: false },
    });
    expect(changed.statusCode).toBe(200);
    const expected = allNotificationsOn();
    expected.email.reminders = false;
    expected.push.achievements = false;
    expected.push.budgetWarnings = false;
    expect(changed.json()).toEqual(expected);

    const again = await call("PATCH", "/api/account/notifications", adult.cookie, { email: { reminders: true } });
    expected.email.reminders = true;
    expect(again.json()).toEqual(expected);
    expect((await call("GET", "/api/account/notifications", adult.cookie)).json()).toEqual(expected);
    // Someone else's stay as they were.
    expect((await call("GET", "/api/account/notifications", owner.cookie)).json()).toEqual(allNotificationsOn());
  });

  it.each([
    [{ email: { approvals: "no" } }, "email.approvals"],
    [{ push: { reminders: 0 } }, "push.reminders"],
    [{ email: { budgetWarnings: null } }, "email.budgetWarnings"],
    [{ email: true }, "email"],
  ])("refuses %j with 400 naming the field, changing nothing", async (payload, field) => {
    const adult = await signUpParent(t.app);
    const res = await call("PATCH", "/api/account/notifications", adult.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field })]);
    expect((await call("GET", "/api/account/notifications", adult.cookie)).json()).toEqual(allNotificationsOn());
  });

  it("is the signed-in adult's own: 401 without a session, 403 for a child's", async () => {
    expect((await call("GET", "/api/account/notifications")).statusCode).toBe(401);
    expect((await call("PATCH", "/api/account/notifications", undefined, { email: {} })).statusCode).toBe(401);
    const child = await addChild(t.app, owner.cookie, { name: "Sam" });
    const kid = await signInChild(t.app, owner.cookie, child.id);
    expect((await call("GET", "/api/account/notifications", kid)).statusCode).toBe(403);
  });
});

describe("e-mail about a waiting cart", () => {
  let childId: string;
  beforeAll(async () => {
    childId = (
      await addChild(t.app, owner.cookie, { name: "Maya", monthlyBudget: "50.00", autoApprovalLimit: "10.00" })
    ).id;
    // The first cart earns a badge: sent now, so the tests below see only their own e-mails.
    await submit(owner.cookie, childId, [{ name: "Pencil", price: "1.00", quantity: 1 }]);
    await sendDue();
  });

  it("goes to every guardian, with the items, total, budget left, reason, links and one-click headers", async () => {
    const res = await submit(owner.cookie, childId, [
      { name: "Robot kit", price: "8.25", quantity: 1, url: "https://shop.example/robot" },
      { name: "Batteries", price: "2.50", quantity: 2 },
    ]);
    expect(res.json().status).toBe("pending");
    const mails = await sendDue();
    expect(mails.map((m) => m.to).sort()).toEqual([owner.email, guardian.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe("Maya is asking for $13.25 at Toy Shop");
      expect(mail.body).toContain(mail.to === owner.email ? "Hi Olivia," : "Hi Gabe,");
      expect(mail.body).toContain("Robot kit");
      expect(mail.body).toContain('<a href="https://shop.example/robot" style="color:#6d28d9;">Robot kit</a>');
      expect(mail.body).toContain("Batteries ×2, $2.50 each");
      expect(mail.body).toContain("Total: $13.25");
      expect(mail.body).toContain("Maya has $49.00 left of this month's $50.00 budget.");
      expect(mail.body).toContain("It needs a parent because it is over the $10.00 auto-approval limit.");
      expect(mail.body).toMatch(/This request expires on [A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d{2} [AP]M UTC\./);
      const approve = /Approve \$13\.25: (https:\/\/pocketwise\.test\/decide\/[A-Za-z0-9_-]{43})/.exec(mail.body);
      const decline = /Decline: (https:\/\/pocketwise\.test\/decide\/[A-Za-z0-9_-]{43})/.exec(mail.body);
      expect(approve?.[1]).toBeDefined();
      expect(decline?.[1]).toBeDefined();
      expect(approve?.[1]).not.toBe(decline?.[1]);
      expect(mail.headers["list-unsubscribe"]).toMatch(
        /^<https:\/\/pocketwise\.test\/api\/unsubscribe\/[0-9a-f-]{36}\.approvals\.[A-Za-z0-9_-]+>$/,
      );
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(mail.body).toContain("Stop purchase approvals e-mails: https://pocketwise.test/unsubscribe/");
    }
    // Two links per guardian, each stored only as a SHA-256 of the link, bound to the cart's total.
    const tokens = await t.database.query<{ user_id: string; decision: string; total: string; token_hash: string }>(
      "select user_id, decision, total::text, token_hash from decision_tokens where cart_id = $1",
      [res.json().id],
    );
    expect(tokens).toHaveLength(4);
    expect(new Set(tokens.map((r) => `${r.user_id}:${r.decision}`)).size).toBe(4);
    expect(tokens.every((r) => r.total === "13.25" && /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
  });

  it("sends nothing for a cart approved automatically", async () => {
    const res = await submit(owner.cookie, childId, [{ name: "Sticker", price: "2.00", quantity: 1 }]);
    expect(res.json().status).toBe("approved");
    expect(await sendDue()).toEqual([]);
  });

  it("sends nothing while the child's Purchase Approvals switch is off", async () => {
    await call("PATCH", `/api/children/${childId}`, owner.cookie, { notifyPurchaseApprovals: false });
    const res = await submit(owner.cookie, childId, [{ name: "Scooter", price: "30.00", quantity: 1 }]);
    expect(res.json().status).toBe("pending");
    expect(await sendDue()).toEqual([]);
    await call("PATCH", `/api/children/${childId}`, owner.cookie, { notifyPurchaseApprovals: true });
  });

  it("leaves out the guardian whose own preference is off", async () => {
    await call("PATCH", "/api/account/notifications", guardian.cookie, { email: { approvals: false } });
    await submit(owner.cookie, childId, [{ name: "Puzzle", price: "12.00", quantity: 1 }]);
    expect((await sendDue()).map((m) => m.to)).toEqual([owner.email]);
    await call("PATCH", "/api/account/notifications", guardian.cookie, { email: { approvals: true } });
  });

  it("is not sent once the cart was decided before the worker got to it", async () => {
    const res = await submit(owner.cookie, childId, [{ name: "Drone", price: "15.00", quantity: 1 }]);
    await call("PATCH", `/api/carts/${res.json().id}/status`, owner.cookie, { status: "declined" });
    expect(await sendDue()).toEqual([]);
  });
});

describe("budget warnings and badges", () => {
  it("a child passing 75% and then 90% of the budget: one warning e-mail each, to each guardian", async () => {
    const child = await addChild(t.app, owner.cookie, {
      name: "Leo",
      monthlyBudget: "20.00",
      autoApprovalLimit: "20.00",
    });
    await submit(owner.cookie, child.id, [{ name: "Book", price: "15.00", quantity: 1 }]);
    const first = (await sendDue()).filter((m) => m.subject.includes("budget"));
    expect(first.map((m) => m.subject)).toEqual([
      "Leo has used 75% of this month's budget",
      "Leo has used 75% of this month's budget",
    ]);
    expect(first[0]?.body).toContain("Leo has spent $15.00 of this month's $20.00 budget, passing 75%. $5.00 is left");
    expect(first[0]?.headers["list-unsubscribe"]).toContain(".budgetWarnings.");

    await submit(owner.cookie, child.id, [{ name: "Pen", price: "3.00", quantity: 1 }]);
    const second = (await sendDue()).filter((m) => m.subject.includes("budget"));
    expect(second.map((m) => m.subject)).toEqual([
      "Leo is almost out of budget (90% used)",
      "Leo is almost out of budget (90% used)",
    ]);
  });

  it("a badge earned once is told once; the child's Achievement Updates switch silences it", async () => {
    const child = await addChild(t.app, owner.cookie, {
      name: "Ava",
      monthlyBudget: "50.00",
      autoApprovalLimit: "0.50",
    });
    await submit(owner.cookie, child.id, [{ name: "Gum", price: "1.00", quantity: 1 }]);
    const mails = (await sendDue()).filter((m) => m.subject.includes("badge"));
    expect(mails.map((m) => m.subject)).toEqual(["Ava earned a badge: First Cart", "Ava earned a badge: First Cart"]);
    expect(mails[0]?.body).toContain("Sent your first cart to a parent.");
    expect(mails[0]?.headers["list-unsubscribe"]).toContain(".achievements.");
    await submit(owner.cookie, child.id, [{ name: "Gum", price: "1.00", quantity: 1 }]);
    expect((await sendDue()).filter((m) => m.subject.includes("badge"))).toEqual([]);

    const quiet = await addChild(t.app, owner.cookie, { name: "Zoe" });
    await call("PATCH", `/api/children/${quiet.id}`, owner.cookie, { notifyAchievementUpdates: false });
    await submit(owner.cookie, quiet.id, [{ name: "Gum", price: "1.00", quantity: 1 }]);
    expect((await sendDue()).filter((m) => m.subject.includes("badge"))).toEqual([]);
  });
});

describe("the one-click unsubscribe link", () => {
  it("GET tells what it turns off and changes nothing; POST from a mail client turns that kind off", async () => {
    const adult = await signUpParent(t.app);
    const family = await call("GET", "/api/family", adult.cookie);
    const child = await addChild(t.app, adult.cookie, { name: "Kai", autoApprovalLimit: "1.00" });
    await submit(adult.cookie, child.id, [{ name: "Lamp", price: "9.00", quantity: 1 }]);
    const mail = (await sendDue()).find((m) => m.to === adult.email && m.subject.startsWith("Kai is asking"));
    expect(family.statusCode).toBe(200);
    const oneClick = /^<(.+)>$/.exec(mail?.headers["list-unsubscribe"] ?? "")?.[1] as string;
    const apiPath = new URL(oneClick).pathname;
    const token = apiPath.split("/").at(-1) as string;
    expect(mail?.body).toContain(`https://pocketwise.test/unsubscribe/${token}`);

    for (const method of ["GET", "HEAD"] as const) {
      const looked = await t.app.inject({ method, url: apiPath });
      expect(looked.statusCode).toBe(200);
    }
    const looked = await call("GET", apiPath);
    expect(looked.json()).toEqual({
      kind: "approvals",
      label: "Purchase approvals",
      email: adult.email,
      subscribed: true,
    });
    expect((await call("GET", "/api/account/notifications", adult.cookie)).json().email.approvals).toBe(true);

    // RFC 8058: a form body, from the mail provider's own origin, with no session.
    const res = await t.app.inject({
      method: "POST",
      url: apiPath,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example.net" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ kind: "approvals", subscribed: false });
    const prefs = (await call("GET", "/api/account/notifications", adult.cookie)).json();
    expect(prefs.email).toEqual({ approvals: false, reminders: true, budgetWarnings: true, achievements: true });
    expect(prefs.push.approvals).toBe(true);
    // Once more is harmless; the page's own POST has no body.
    expect((await call("POST", apiPath)).statusCode).toBe(200);

    await submit(adult.cookie, child.id, [{ name: "Desk", price: "9.00", quantity: 1 }]);
    expect((await sendDue()).filter((m) => m.to === adult.email)).toEqual([]);
  });

  it("answers 404 to a link the server did not sign, and changes nothing", async () => {
    const adult = await signUpParent(t.app);
    for (const token of [
      `${adult.user.id}.approvals.forged`,
      `${adult.user.id}.everything.x`,
      "nothing",
      `${adult.user.id}.approvals`,
    ]) {
      const res = await call("POST", `/api/unsubscribe/${encodeURIComponent(token)}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toMatch(/does not work/);
    }
    expect((await call("GET", "/api/account/notifications", adult.cookie)).json()).toEqual(allNotificationsOn());
  });
});

/** The decrypting half of RFC 8188, from the package web-push itself encrypts with. */
const ece = createRequire(createRequire(import.meta.url).resolve("web-push"))("http_ece") as {
  decrypt(buffer: Buffer, params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string }): Buffer;
};

describe("push", () => {
  /** A push service on loopback (allowed outside production) that takes every message with 201. */
  const received: { path: string; ttl: string | undefined; body: Buffer }[] = [];
  const service = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", ttl: req.headers.ttl as string | undefined, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  beforeAll(() => new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve)));
  afterAll(() => new Promise<void>((resolve) => service.close(() => resolve())));

  it("a waiting cart reaches the guardian's device with one-tap actions, kept until the cart expires", async () => {
    const adult = await signUpParent(t.app);
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const auth = randomBytes(16).toString("base64url");
    const endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/${randomBytes(6).toString("hex")}`;
    const subscribed = await call("POST", "/api/push/subscriptions", adult.cookie, {
      endpoint,
      keys: { p256dh: ecdh.getPublicKey("base64url"), auth },
    });
    expect(subscribed.statusCode).toBe(201);
    const child = await addChild(t.app, adult.cookie, { name: "Noa", autoApprovalLimit: "1.00" });
    await submit(adult.cookie, child.id, [{ name: "Kite", price: "7.00", quantity: 1 }]);
    await sendDue();

    const messages = received
      .filter((r) => endpoint.endsWith(r.path))
      .map((r) => ({
        ttl: Number(r.ttl),
        body: JSON.parse(ece.decrypt(r.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString()),
      }));
    const waiting = messages.find((m) => m.body.title === "Noa is asking for $7.00");
    expect(waiting?.body).toMatchObject({
      body: "Toy Shop: Kite",
      url: "https://pocketwise.test/",
      tag: expect.stringMatching(/^cart-/),
      actions: [
        {
          action: "approve",
          title: "Approve $7.00",
          url: expect.stringMatching(/^https:\/\/pocketwise\.test\/decide\/[A-Za-z0-9_-]{43}$/),
          decideUrl: expect.stringMatching(/^https:\/\/pocketwise\.test\/api\/decide\/[A-Za-z0-9_-]{43}$/),
        },
        { action: "decline", title: "Decline" },
      ],
    });
    // 48 hours, less the moments the test took.
    expect(waiting?.ttl).toBeGreaterThan(48 * 3600 - 60);
    expect(waiting?.ttl).toBeLessThanOrEqual(48 * 3600);
    // The push's approve action decides as that guardian.
    const token = waiting?.body.actions[0].decideUrl.split("/").at(-1);
    expect((await call("POST", `/api/decide/${token}`)).json().status).toBe("approved");

    // Push off for approvals: the e-mail still goes, the device hears nothing.
    await call("PATCH", "/api/account/notifications", adult.cookie, { push: { approvals: false } });
    const before = received.length;
    await submit(adult.cookie, child.id, [{ name: "Yo-yo", price: "3.00", quantity: 1 }]);
    const mails = await sendDue();
    expect(mails.filter((m) => m.subject === "Noa is asking for $3.00 at Toy Shop")).toHaveLength(1);
    // What it did hear is the Smart Spender badge the approval above earned, whose switch is still on.
    const titles = received
      .slice(before)
      .map(
        (r) =>
          JSON.parse(ece.decrypt(r.body, { version: "aes128gcm", privateKey: ecdh, authSecret: auth }).toString())
            .title,
      );
    expect(titles).toEqual(["Noa earned a badge: Smart Spender"]);
  });
});
