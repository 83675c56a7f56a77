import type { InjectOptions } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "./lib/tokens";
import { expireDueCarts, remindDueCarts } from "./modules/carts/cart-timers.service";
import { signInAdmin } from "./test-support/admin";
import { CROWDED_TABLES, crowdDatabase, SMALL_BY_RULE_TABLES } from "./test-support/crowded-database";
import { isExplainable, type TableRead, tablesRead } from "./test-support/query-plans";
import { type CapturedStatement, captureStatements } from "./test-support/statement-capture";
import {
  cookieFrom,
  createTestApp,
  SLOW_START_MS,
  setTier,
  type TestApp,
  testDatabaseKind,
  verifyConsent,
} from "./test-support/test-app";

/*
 * Product requirement: nothing reads a whole table on a request path. The hot paths run as real users in a
 * database crowded with other families; every statement they send is explained, and a sequential scan of a
 * table that grows with families fails, naming the statement, the table and the request.
 */

const SMALL_BY_RULE = new Set<string>(SMALL_BY_RULE_TABLES);
const CROWDED = new Set<string>(CROWDED_TABLES);

const onPostgres = testDatabaseKind() === "postgres";

describe.skipIf(!onPostgres)(
  "hot request paths read no large table whole (PostgreSQL only: statements are caught on its driver, and the plans that matter are a server's)",
  () => {
    let t: TestApp;
    let explainer: pg.Client;
    let capture: ReturnType<typeof captureStatements>;

    beforeAll(async () => {
      t = await createTestApp();
      await crowdDatabase(t.database);
      if (t.database.connection.kind !== "postgres") throw new Error("expected a PostgreSQL database");
      explainer = new pg.Client({ connectionString: t.database.connection.url });
      await explainer.connect();
      capture = captureStatements();
    }, SLOW_START_MS);
    afterAll(async () => {
      capture?.stop();
      await explainer?.end();
      await t?.close();
    }, SLOW_START_MS);

    const requests: string[] = [];

    /** Sends one request as `who`, recording its statements, and insists on the answer's status. */
    async function call(who: string, request: InjectOptions, status: number) {
      const label = `${request.method} ${request.url} as ${who}`;
      requests.push(label);
      const res = await capture.during(label, () => t.app.inject(request));
      if (res.statusCode !== status) throw new Error(`${label}: ${res.statusCode} ${res.body}`);
      return res;
    }

    async function driveHotPaths() {
      const signup = await call(
        "a new parent",
        {
          method: "POST",
          url: "/api/auth/signup",
          payload: { email: "hot@example.com", password: "correct horse battery", firstName: "Pat", lastName: "Hot" },
          remoteAddress: "10.77.0.1",
        },
        201,
      );
      const owner = signup.json<{ id: string }>();
      await setTier(t.database, owner.id, "premium");
      const login = await call(
        "a parent",
        {
          method: "POST",
          url: "/api/auth/login",
          payload: { email: "hot@example.com", password: "correct horse battery" },
          remoteAddress: "10.77.0.1",
        },
        200,
      );
      const parent = { cookie: cookieFrom(login) };
      const asParent = (method: InjectOptions["method"], url: string, status = 200, payload?: object) =>
        call("a parent", { method, url, headers: parent, ...(payload ? { payload } : {}) }, status);

      const child = (
        await asParent("POST", "/api/children", 201, {
          name: "Maya",
          age: 13,
          monthlyBudget: "50.00",
          autoApprovalLimit: "10.00",
        })
      ).json<{ id: string }>();
      await asParent("POST", "/api/children", 201, { name: "Leo", age: 14, monthlyBudget: "30.00" });
      await asParent("POST", `/api/children/${child.id}/categories`, 201, { name: "games", monthlyLimit: "20.00" });
      const chore = (
        await asParent("POST", `/api/children/${child.id}/chores`, 201, { title: "Dishes", reward: "2.00" })
      ).json<{ id: string }>();

      const second = await call(
        "a second adult",
        {
          method: "POST",
          url: "/api/auth/signup",
          payload: { email: "gabe@example.com", password: "correct horse battery", firstName: "Gabe", lastName: "Hot" },
          remoteAddress: "10.77.0.3",
        },
        201,
      );
      await asParent("POST", "/api/family/guardians", 201, { email: "gabe@example.com" });
      const [invitation] = await t.database.query<{ link: string }>(
        "select payload->>'link' as link from outbound_messages where type = 'guardian.invitation' and payload->>'email' = $1",
        ["gabe@example.com"],
      );
      const invitationToken = invitation?.link.split("/join/")[1];
      const guardian = { cookie: cookieFrom(second) };
      await call("an invited adult", { method: "GET", url: `/api/family/invitations/${invitationToken}` }, 200);
      await call(
        "an invited adult",
        { method: "POST", url: `/api/family/invitations/${invitationToken}/accept`, headers: guardian },
        200,
      );

      await verifyConsent(t.database, child.id);
      const loginCode = async () =>
        (await asParent("POST", `/api/children/${child.id}/login-code`, 201)).json<{ code: string }>().code;
      const kidLogin = await call(
        "a child",
        { method: "POST", url: "/api/kid/login", payload: { code: await loginCode() }, remoteAddress: "10.77.0.2" },
        200,
      );
      const kid = { cookie: cookieFrom(kidLogin) };
      const asChild = (method: InjectOptions["method"], url: string, status = 200, payload?: object) =>
        call("a child", { method, url, headers: kid, ...(payload ? { payload } : {}) }, status);

      await asChild("GET", "/api/kid/me");
      const extension = await call(
        "a child's extension",
        {
          method: "POST",
          url: "/api/kid/login",
          payload: { code: await loginCode(), device: "extension" },
          remoteAddress: "10.77.0.2",
        },
        200,
      );
      const bearer = { authorization: `Bearer ${extension.json<{ token: string }>().token}` };
      await call("a child's extension", { method: "GET", url: "/api/kid/me", headers: bearer }, 200);
      await call(
        "a child's extension",
        { method: "GET", url: `/api/children/${child.id}/carts?limit=5`, headers: bearer },
        200,
      );
      await asChild("GET", `/api/children/${child.id}`);
      const cart = (items: { name: string; price: string }[]) => ({
        retailer: "Toy Shop",
        items: items.map((i) => ({ ...i, quantity: 1, category: "games" })),
      });
      // With the key the web app and the extension send, so the retry lookups run too.
      await call(
        "a child",
        {
          method: "POST",
          url: `/api/children/${child.id}/carts`,
          headers: { ...kid, "idempotency-key": "hot-queries-stickers" },
          payload: cart([{ name: "Stickers", price: "3.00" }]),
        },
        201,
      );
      const waiting = (
        await asChild("POST", `/api/children/${child.id}/carts`, 201, cart([{ name: "Game", price: "25.00" }]))
      ).json<{ id: string }>();
      const declined = (
        await asChild("POST", `/api/children/${child.id}/carts`, 201, cart([{ name: "Figure", price: "15.00" }]))
      ).json<{ id: string }>();
      for (const list of ["carts", "chores", "achievements", "categories", "goals", "lessons"]) {
        await asChild("GET", `/api/children/${child.id}/${list}`);
      }
      const goal = (
        await asChild("POST", `/api/children/${child.id}/goals`, 201, { name: "Bike", target: "120.00" })
      ).json<{ id: string }>();
      await asChild("POST", `/api/goals/${goal.id}/contributions`, 200, { amount: "2.00" });
      await asChild("POST", `/api/chores/${chore.id}/complete`);

      await asParent("GET", "/api/auth/user");
      await asParent("GET", "/api/family");
      await asParent("GET", "/api/children");
      await asParent("GET", `/api/children/${child.id}`);
      await asParent("GET", "/api/carts/pending");
      const firstPage = await asParent("GET", "/api/carts/pending?limit=1");
      const next = /<([^>]+)>; rel="next"/.exec(String(firstPage.headers.link))?.[1];
      if (!next) throw new Error("expected a second page of pending carts");
      await asParent("GET", next);
      for (const list of ["carts", "chores", "achievements", "categories", "goals", "lessons", "devices", "consents"]) {
        await asParent("GET", `/api/children/${child.id}/${list}`);
      }
      await asParent("GET", `/api/children/${child.id}/carts?limit=1`);
      await asParent("GET", "/api/usage");
      await asParent("GET", `/api/children/${child.id}/history`);
      await asParent("GET", "/api/family/history");
      await asParent("GET", `/api/children/${child.id}/spending`);
      await asParent("GET", "/api/family/spending");
      await asParent("GET", "/api/billing");
      await asParent("GET", "/api/referrals");
      await asParent("GET", "/api/account/notifications");
      await asParent("GET", "/api/support/tickets");
      await asParent("PATCH", `/api/carts/${waiting.id}/status`, 200, { status: "approved" });
      await asParent("PATCH", `/api/carts/${declined.id}/status`, 200, { status: "declined", note: "Not now" });
      await asParent("POST", `/api/chores/${chore.id}/confirm`);
      await asParent("POST", `/api/carts/${waiting.id}/complete`, 200, { orderNumber: "A-1001" });

      const linked = (
        await asChild("POST", `/api/children/${child.id}/carts`, 201, cart([{ name: "Puzzle", price: "12.00" }]))
      ).json<{ id: string; total: string }>();
      const decisionToken = "hot-queries-decision-link";
      await t.database.query(
        `insert into decision_tokens (token_hash, user_id, cart_id, decision, total, expires_at)
         values ($1, $2, $3, 'approved', $4, now() + interval '1 day')`,
        [sha256(decisionToken), owner.id, linked.id, linked.total],
      );
      await call("a guardian's e-mail link", { method: "GET", url: `/api/decide/${decisionToken}` }, 200);
      await call("a guardian's e-mail link", { method: "POST", url: `/api/decide/${decisionToken}` }, 200);

      await call("a second guardian", { method: "GET", url: "/api/carts/pending", headers: guardian }, 200);
      await asParent("POST", "/api/logout", 204);

      const staff = { authorization: (await signInAdmin(t.app)).authorization };
      const asStaff = (url: string) => call("staff", { method: "GET", url, headers: staff }, 200);
      for (const url of [
        "/api/admin/users",
        "/api/admin/users?q=gabe",
        "/api/admin/users?q=Pat%20H",
        "/api/admin/users?q=hot",
        "/api/admin/families",
        "/api/admin/families?email=gabe%40example",
        `/api/admin/families/${owner.id}`,
        "/api/admin/tickets",
        "/api/admin/executions",
        "/api/admin/audit",
        "/api/admin/consent-reviews",
      ]) {
        await asStaff(url);
      }

      // The sweeps are no request, but every instance runs them every few seconds against every family's carts.
      for (const [label, sweep] of [
        ["the reminder sweep", remindDueCarts],
        ["the expiry sweep", expireDueCarts],
      ] as const) {
        requests.push(label);
        await capture.during(label, () => sweep(t.app));
      }
    }

    it(
      "reads every table that grows with families through an index",
      async () => {
        await driveHotPaths();

        const byText = new Map<string, { statement: CapturedStatement; during: Set<string> }>();
        for (const statement of capture.statements) {
          if (!isExplainable(statement.text)) continue;
          const seen = byText.get(statement.text);
          if (seen) seen.during.add(statement.during);
          else byText.set(statement.text, { statement, during: new Set([statement.during]) });
        }

        const problems: string[] = [];
        for (const { statement, during } of byText.values()) {
          const found = new Set<string>();
          for (const read of await tablesRead(explainer, statement)) {
            if (read.node === "Seq Scan" && CROWDED.has(read.table)) found.add(seqScan(read));
            if (!CROWDED.has(read.table) && !SMALL_BY_RULE.has(read.table)) found.add(unknownTable(read));
          }
          if (found.size === 0) continue;
          problems.push(
            [oneLine(statement.text), `  during: ${[...during].join("; ")}`, ...[...found].map((f) => `  - ${f}`)].join(
              "\n",
            ),
          );
        }
        // Every request here touches the database: one that recorded nothing means the capture lost track of it.
        const silent = requests.filter((label) => !capture.statements.some((st) => st.during === label));
        expect(silent, "requests whose statements were not recorded").toEqual([]);
        expect(problems.length, `\n${problems.join("\n\n")}\n`).toBe(0);
      },
      SLOW_START_MS,
    );
  },
);

const seqScan = (read: TableRead) =>
  `reads ${read.table} whole (Seq Scan ${read.plan === "generic" ? "in the generic plan of its prepared statement" : "for the values sent"})`;

const unknownTable = (read: TableRead) =>
  `reads ${read.table}, which test-support/crowded-database.ts neither crowds nor counts as small by rule`;

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 400 ? `${flat.slice(0, 400)}…` : flat;
};
