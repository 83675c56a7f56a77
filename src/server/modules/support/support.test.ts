import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAdmin, TEST_ADMIN } from "../../test-support/admin";
import {
  addChild,
  createTestApp,
  SLOW_START_MS,
  signInChild,
  signUpParent,
  type TestApp,
} from "../../test-support/test-app";
import { TICKETS_PER_HOUR } from "./support.routes";
import { openTicket } from "./tickets.repository";

let t: TestApp;
let authorization: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ authorization } = await signInAdmin(t.app));
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const valid = { subject: "Card declined", description: "My card was declined at checkout.", priority: "high" };

const open = (cookie: string, payload: Record<string, unknown> = valid) =>
  t.app.inject({ method: "POST", url: "/api/support/tickets", headers: { cookie }, payload });
const ownTickets = (cookie: string) =>
  t.app.inject({ method: "GET", url: "/api/support/tickets", headers: { cookie } });
const staff = (action: "assign" | "replies" | "close", id: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: "POST",
    url: `/api/admin/tickets/${id}/${action}`,
    headers: { authorization },
    ...(payload ? { payload } : {}),
  });
const staffList = (query = "") =>
  t.app.inject({ method: "GET", url: `/api/admin/tickets${query}`, headers: { authorization } });
const ticketNumber = (n: string) => Number(n.replace(/^PW-/, ""));

/** A parent with one fresh open ticket. */
async function parentWithTicket() {
  const parent = await signUpParent(t.app);
  t.clock.advance(1000);
  const res = await open(parent.cookie);
  if (res.statusCode !== 201) throw new Error(`open ticket failed: ${res.statusCode} ${res.body}`);
  return { parent, ticket: res.json() };
}

describe("POST /api/support/tickets", () => {
  it("opens a ticket for the signed-in parent with a readable number", async () => {
    const parent = await signUpParent(t.app, { firstName: "Ada", lastName: "Lovelace" });
    const res = await open(parent.cookie, { ...valid, subject: "  Card declined  ", userId: "someone-else" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(String),
      ticketNumber: expect.stringMatching(/^PW-\d{4,}$/),
      userId: parent.user.id,
      creator: { email: parent.email, name: "Ada Lovelace" },
      subject: "Card declined",
      description: valid.description,
      priority: "high",
      status: "open",
      assignedTo: null,
      replies: [],
      createdAt: t.clock.now().toISOString(),
      closedAt: null,
    });
  });

  it("numbers tickets from one sequence: consecutive, and distinct when opened at once", async () => {
    const parent = await signUpParent(t.app);
    const first = ticketNumber((await open(parent.cookie)).json().ticketNumber);
    const second = ticketNumber((await open(parent.cookie)).json().ticketNumber);
    expect(second).toBe(first + 1);
    const together = await Promise.all(Array.from({ length: 6 }, () => open(parent.cookie)));
    const numbers = together.map((r) => ticketNumber(r.json().ticketNumber)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 6 }, (_, i) => second + 1 + i));
  });

  it("starts at PW-1001", async () => {
    const fresh = await createTestApp();
    try {
      const parent = await signUpParent(fresh.app);
      const res = await fresh.app.inject({
        method: "POST",
        url: "/api/support/tickets",
        headers: { cookie: parent.cookie },
        payload: valid,
      });
      expect(res.json().ticketNumber).toBe("PW-1001");
    } finally {
      await fresh.close();
    }
  });

  it.each([
    ["no fields", {}, ["description", "priority", "subject"]],
    ["a blank subject", { ...valid, subject: "   " }, ["subject"]],
    ["a subject over 120 characters", { ...valid, subject: "a".repeat(121) }, ["subject"]],
    ["an unknown priority", { ...valid, priority: "critical" }, ["priority"]],
  ])("refuses %s with 400 and field messages", async (_, payload, fields) => {
    const parent = await signUpParent(t.app);
    const res = await open(parent.cookie, payload);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(fields);
    expect((await ownTickets(parent.cookie)).json()).toEqual([]);
  });

  it("uses the contract's messages", async () => {
    const parent = await signUpParent(t.app);
    const res = await open(parent.cookie, { ...valid, subject: "", priority: "soon" });
    expect(res.json().errors).toEqual([
      { field: "subject", message: "Subject is required" },
      { field: "priority", message: "Priority must be urgent, high, medium or low" },
    ]);
  });

  // docs/decisions/123: text that can spoof a reader.
  it.each([
    ["a bell in the subject", { subject: "Card\u0007 declined" }, "subject", "Subject"],
    ["a C1 control in the subject", { subject: "Card\u009B2J declined" }, "subject", "Subject"],
    ["a line break in the subject", { subject: "Card\ndeclined" }, "subject", "Subject"],
    [
      "an isolate in the description",
      { description: "My card \u2067was\u2069 declined." },
      "description",
      "Description",
    ],
  ])("refuses %s with 400 and the field's message, storing nothing", async (_, change, field, label) => {
    const parent = await signUpParent(t.app);
    const res = await open(parent.cookie, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field, message: `${label} can't contain hidden or control characters` }]);
    expect((await ownTickets(parent.cookie)).json()).toEqual([]);
  });

  it("keeps line breaks and emoji in the description", async () => {
    const parent = await signUpParent(t.app);
    const description = "Step 1: pay\r\nStep 2:\tdeclined 👨‍👩‍👧";
    const res = await open(parent.cookie, { ...valid, description });
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toBe(description);
  });

  it("answers 401 without a session and 403 to a child", async () => {
    const none = await t.app.inject({ method: "POST", url: "/api/support/tickets", payload: valid });
    expect(none.statusCode).toBe(401);
    const parent = await signUpParent(t.app);
    const child = await addChild(t.app, parent.cookie);
    const childCookie = await signInChild(t.app, parent.cookie, child.id);
    expect((await open(childCookie)).statusCode).toBe(403);
    expect((await ownTickets(childCookie)).statusCode).toBe(403);
    expect((await t.app.inject({ method: "GET", url: "/api/support/tickets" })).statusCode).toBe(401);
  });

  it(`allows ${TICKETS_PER_HOUR} tickets per parent an hour, then answers 429`, async () => {
    const parent = await signUpParent(t.app);
    for (let i = 0; i < TICKETS_PER_HOUR; i++) expect((await open(parent.cookie)).statusCode).toBe(201);
    const refused = await open(parent.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^You have opened too many support tickets\. Try again in \d+ minutes?\.$/);
    expect((await ownTickets(parent.cookie)).json()).toHaveLength(TICKETS_PER_HOUR);
    const other = await signUpParent(t.app);
    expect((await open(other.cookie)).statusCode).toBe(201);
    // Twenty minutes at a time, with a call between, so the 30-minute idle session stays alive.
    for (let i = 0; i < 3; i++) {
      t.clock.advance(20 * 60 * 1000);
      expect((await ownTickets(parent.cookie)).statusCode).toBe(200);
    }
    expect((await open(parent.cookie)).statusCode).toBe(201);
  });
});

describe("GET /api/support/tickets", () => {
  it("lists only the parent's own tickets, newest first, with staff replies", async () => {
    const { parent, ticket: older } = await parentWithTicket();
    t.clock.advance(1000);
    const newer = (await open(parent.cookie, { ...valid, subject: "Second" })).json();
    const stranger = await parentWithTicket();
    t.clock.advance(1000);
    expect((await staff("replies", older.id, { message: "We are on it." })).statusCode).toBe(201);

    const res = await ownTickets(parent.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([newer.id, older.id]);
    expect(list[1].replies).toEqual([
      {
        id: expect.any(String),
        message: "We are on it.",
        adminName: "Sam Staff",
        createdAt: t.clock.now().toISOString(),
      },
    ]);
    expect(list[1].status).toBe("in_progress");
    expect((await ownTickets(stranger.parent.cookie)).json().map((x: { id: string }) => x.id)).toEqual([
      stranger.ticket.id,
    ]);
  });
});

describe("staff ticket actions", () => {
  it("GET /api/admin/tickets lists every family's tickets newest first, with a limit", async () => {
    const a = await parentWithTicket();
    const b = await parentWithTicket();
    const res = await staffList("?limit=2");
    expect(res.statusCode).toBe(200);
    expect(res.json().map((x: { id: string }) => x.id)).toEqual([b.ticket.id, a.ticket.id]);
    expect(res.json()[0].creator).toEqual({ email: b.parent.email, name: "Pat Parent" });
    expect((await staffList("?limit=0")).statusCode).toBe(400);
  });

  it("lists tickets opened in the same instant by number, newest first", async () => {
    const parent = await signUpParent(t.app);
    t.clock.advance(1000);
    const opened = [];
    for (let i = 0; i < 3; i++) opened.push((await open(parent.cookie)).json().id);
    expect((await ownTickets(parent.cookie)).json().map((x: { id: string }) => x.id)).toEqual(opened.reverse());
  });

  it("assign gives the ticket to the signed-in admin and moves it to in_progress", async () => {
    const { ticket } = await parentWithTicket();
    const res = await staff("assign", ticket.id);
    expect(res.statusCode).toBe(200);
    const [admin] = await t.database.query<{ id: string }>("select id from admins where email = $1", [
      TEST_ADMIN.email,
    ]);
    expect(res.json()).toMatchObject({
      id: ticket.id,
      status: "in_progress",
      assignedTo: { id: admin?.id, name: "Sam Staff" },
    });
  });

  it("a reply answers 201 with the reply appended, in order", async () => {
    const { ticket } = await parentWithTicket();
    expect((await staff("replies", ticket.id, { message: "  First answer " })).statusCode).toBe(201);
    t.clock.advance(1000);
    const res = await staff("replies", ticket.id, { message: "Second answer" });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe("in_progress");
    expect(res.json().replies.map((r: { message: string }) => r.message)).toEqual(["First answer", "Second answer"]);
  });

  it("refuses an empty reply with 400 and a field message", async () => {
    const { ticket } = await parentWithTicket();
    const res = await staff("replies", ticket.id, { message: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errors: [{ field: "message", message: "Reply is required" }],
      error: "Reply is required",
    });
  });

  it("close sets closed and closedAt; after that assign and reply answer 409", async () => {
    const { ticket } = await parentWithTicket();
    t.clock.advance(5000);
    const closed = await staff("close", ticket.id);
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({ status: "closed", closedAt: t.clock.now().toISOString() });

    const closedMessage = { message: "This ticket is closed", error: "This ticket is closed" };
    expect((await staff("assign", ticket.id)).json()).toEqual(closedMessage);
    const reply = await staff("replies", ticket.id, { message: "Late" });
    expect(reply.statusCode).toBe(409);
    expect(reply.json()).toEqual(closedMessage);
    const again = await staff("close", ticket.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: "This ticket is already closed", error: "This ticket is already closed" });
    const [row] = (await staffList("?limit=100")).json().filter((x: { id: string }) => x.id === ticket.id);
    expect(row.replies).toEqual([]);
  });

  it.each(["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1"])(
    "answers 404 'Ticket not found' for id %s",
    async (id) => {
      for (const [action, payload] of [["assign"], ["replies", { message: "Hi" }], ["close"]] as const) {
        const res = await staff(action, id, payload);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: "Ticket not found", error: "Ticket not found" });
      }
    },
  );

  it("refuses staff actions without a staff token, a parent's cookie included", async () => {
    const { parent, ticket } = await parentWithTicket();
    for (const headers of [{}, { cookie: parent.cookie }]) {
      const res = await t.app.inject({ method: "POST", url: `/api/admin/tickets/${ticket.id}/close`, headers });
      expect(res.statusCode).toBe(401);
      const list = await t.app.inject({ method: "GET", url: "/api/admin/tickets", headers });
      expect(list.statusCode).toBe(401);
    }
    expect((await ownTickets(parent.cookie)).json()[0].status).toBe("open");
  });

  it("keeps every concurrent reply, and closes once when closes race", async () => {
    const { ticket } = await parentWithTicket();
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => staff("replies", ticket.id, { message: `Reply ${i}` })),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const closes = await Promise.all(Array.from({ length: 5 }, () => staff("close", ticket.id)));
    expect(closes.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    const [row] = (await staffList("?limit=100")).json().filter((x: { id: string }) => x.id === ticket.id);
    expect(row.replies).toHaveLength(6);
    expect(row.status).toBe("closed");
  });

  it("never records a reply on a ticket that a racing close has closed", async () => {
    const { ticket } = await parentWithTicket();
    const [close, ...replies] = await Promise.all([
      staff("close", ticket.id),
      ...Array.from({ length: 4 }, () => staff("replies", ticket.id, { message: "Racing" })),
    ]);
    expect(close?.statusCode).toBe(200);
    const accepted = replies.filter((r) => r.statusCode === 201).length;
    expect(replies.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    const stored = await t.database.query("select 1 from ticket_replies where ticket_id = $1", [ticket.id]);
    expect(stored).toHaveLength(accepted);
    for (const r of replies.filter((x) => x.statusCode === 201)) expect(r.json().status).toBe("in_progress");
  });
});

describe("openTicket (for the automation engine)", () => {
  it("opens a numbered ticket linked to the run that opened it", async () => {
    const parent = await signUpParent(t.app);
    const [execution] = await t.database.query<{ id: string }>(
      `insert into workflow_executions (workflow_id, user_id)
       select id, $1 from workflows where key = 'payment-recovery' returning id`,
      [parent.user.id],
    );
    const row = await openTicket(
      t.app.database.db,
      {
        userId: parent.user.id,
        subject: "Payment still failing",
        description: "Contact the parent.",
        priority: "high",
        executionId: execution?.id,
      },
      t.clock.now(),
    );
    expect(row).toMatchObject({ ticketNumber: expect.stringMatching(/^PW-\d+$/), executionId: execution?.id });
    const list = (await ownTickets(parent.cookie)).json();
    expect(list).toEqual([expect.objectContaining({ id: row.id, subject: "Payment still failing", status: "open" })]);
  });
});

describe("POST /api/support/tickets/:id/replies", () => {
  const answer = (
    cookie: string,
    id: string,
    payload: Record<string, unknown> = { message: "It happened again today." },
  ) => t.app.inject({ method: "POST", url: `/api/support/tickets/${id}/replies`, headers: { cookie }, payload });

  it("adds the parent's answer to their own ticket, staff see it, and the status stays", async () => {
    const { parent, ticket } = await parentWithTicket();
    expect((await staff("replies", ticket.id, { message: "Which card was it?" })).statusCode).toBe(201);
    t.clock.advance(1000);
    const res = await answer(parent.cookie, ticket.id, { message: "  The one ending 4242.  " });
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe("in_progress");
    expect(
      res.json().replies.map((r: { message: string; adminName: string | null }) => [r.message, r.adminName]),
    ).toEqual([
      ["Which card was it?", `${TEST_ADMIN.firstName} ${TEST_ADMIN.lastName}`],
      ["The one ending 4242.", null],
    ]);
    const seenByStaff = (await staffList("?limit=100")).json().find((x: { id: string }) => x.id === ticket.id);
    expect(seenByStaff.replies).toHaveLength(2);
  });

  it("answers 404 for another family's ticket or a malformed id, and changes nothing", async () => {
    const { ticket } = await parentWithTicket();
    const stranger = await signUpParent(t.app);
    expect((await answer(stranger.cookie, ticket.id)).statusCode).toBe(404);
    expect((await answer(stranger.cookie, "not-an-id")).json()).toEqual({ message: "Ticket not found" });
    const seenByStaff = (await staffList("?limit=100")).json().find((x: { id: string }) => x.id === ticket.id);
    expect(seenByStaff.replies).toEqual([]);
  });

  it("refuses a closed ticket (409), an empty answer (400), a child (403) and no session (401)", async () => {
    const { parent, ticket } = await parentWithTicket();
    const empty = await answer(parent.cookie, ticket.id, { message: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([{ field: "message", message: "Reply is required" }]);
    const hidden = await answer(parent.cookie, ticket.id, { message: "It happened\u200B again" });
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json().errors).toEqual([
      { field: "message", message: "Reply can't contain hidden or control characters" },
    ]);
    const child = await addChild(t.app, parent.cookie);
    expect((await answer(await signInChild(t.app, parent.cookie, child.id), ticket.id)).statusCode).toBe(403);
    expect((await answer("", ticket.id)).statusCode).toBe(401);
    expect((await staff("close", ticket.id)).statusCode).toBe(200);
    const closed = await answer(parent.cookie, ticket.id);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe("This ticket is closed");
  });
});
