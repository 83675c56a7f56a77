import { isDeepStrictEqual } from "node:util";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_OPEN_GOALS } from "../../../shared/rules/goals";
import { type Cents, formatCents, parseNumericCents } from "../../../shared/rules/money";
import { startOfMonth } from "../../lib/month";
import {
  addChild,
  cookieFrom,
  createTestApp,
  SLOW_START_MS,
  setTier,
  signInChild,
  signUpParent,
  type TestApp,
  testDatabaseKind,
} from "../../test-support/test-app";
import { CHILD_ASK_LIMITS } from "../carts/cart-submission.service";

/*
 * docs/decisions/153: random interleavings of purchases, decisions, contributions, matches, deletions and
 * month ends, checked after every step against a model of the month's money and against what the API and
 * the database answer. Concurrent steps must match the model run in some one order, as the family lock
 * promises.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
}, SLOW_START_MS);

const MONTHLY_BUDGET: Cents = 2000;
const AUTO_APPROVAL_LIMIT: Cents = 800;
// Below the per-child caps on waiting carts and carts an hour, which would answer 429 instead of deciding.
const ASKS_PER_MONTH = Math.min(CHILD_ASK_LIMITS.pendingCarts, CHILD_ASK_LIMITS.perHour) - 1;

/** One request as generated; `pick` chooses among the carts or goals the model holds when it runs. */
type Op =
  | { kind: "submit"; price: Cents }
  | { kind: "decide"; pick: number; approve: boolean }
  | { kind: "create"; target: Cents }
  /** `amount` "rest" is what the goal still misses when the op runs, so that goals get reached. */
  | { kind: "contribute"; pick: number; amount: Cents | "rest"; match: boolean }
  | { kind: "delete"; pick: number }
  | { kind: "buy"; pick: number };
type Step = { kind: "ops"; ops: Op[]; concurrent: boolean } | { kind: "monthEnd" };

/** A request with its target chosen: what is sent. */
type Request =
  | { kind: "submit"; price: Cents }
  | { kind: "decide"; cartId: string; approve: boolean }
  | { kind: "create"; target: Cents }
  | { kind: "contribute"; goalId: string; amount: Cents; match: boolean }
  | { kind: "delete"; goalId: string }
  | { kind: "buy"; goalId: string };

type Answer = { status: number; body: Record<string, unknown> | null };
/** What the model expects a request to answer: its status, its refusal code, and fields of its body. */
type Expected = { status: number; code?: string; fields?: Record<string, unknown> };

// Whole 50 cents, so that sums hit the budget and the targets exactly now and then.
const cents = (min: number, max: number) => fc.integer({ min, max }).map((n) => n * 50);
const goalTarget = cents(6, 60);
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("submit" as const), price: cents(1, 24) }) },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("decide" as const), pick: fc.nat(20), approve: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("create" as const), target: goalTarget }) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("contribute" as const),
      pick: fc.nat(20),
      amount: fc.oneof(cents(1, 30), fc.constant("rest" as const)),
      // A third of them a guardian's match, so that the child's own often meet the month's limit.
      match: fc.constantFrom(false, false, true),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("buy" as const), pick: fc.nat(20) }) },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 9,
    arbitrary: fc.record({
      kind: fc.constant("ops" as const),
      ops: fc.array(op, { minLength: 1, maxLength: 4 }),
      concurrent: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "monthEnd" as const }) },
);

interface ModelGoal {
  target: Cents;
  saved: Cents;
  /** Matches included: the goal's money is one amount (decision 153). */
  contributed: { child: Cents; match: Cents };
  /** "Ask to buy it" sent: its money went back to the month's budget, and the goal can no longer change. */
  bought: boolean;
}
/** The child's money as the decision describes it, for the month the clock is in. */
interface Model {
  spent: Cents;
  /** The child's own contributions this month. */
  movedIn: Cents;
  /** What goals deleted or asked for this month gave back, whichever month it was saved in. */
  givenBack: Cents;
  asked: number;
  carts: Map<string, { total: Cents; status: "pending" | "approved" | "declined" }>;
  goals: Map<string, ModelGoal>;
}

const left = (m: Model) => MONTHLY_BUDGET - m.spent - m.movedIn + m.givenBack;
const goalStatus = (g: ModelGoal) => (g.bought ? "bought" : g.saved >= g.target ? "reached" : "active");

function cloneModel(m: Model): Model {
  return {
    ...m,
    carts: new Map([...m.carts].map(([id, c]) => [id, { ...c }])),
    goals: new Map([...m.goals].map(([id, g]) => [id, { ...g, contributed: { ...g.contributed } }])),
  };
}

/** A new cart decided by the auto-approval rules on the month's budget left; answers the fields it should have. */
function submitCart(m: Model, total: Cents, cart: Answer["body"]) {
  const approved = total <= AUTO_APPROVAL_LIMIT && total <= left(m);
  m.carts.set(String(cart?.id), { total, status: approved ? "approved" : "pending" });
  if (approved) m.spent += total;
  return { status: approved ? "approved" : "pending", total: formatCents(total) };
}

/**
 * Applies one request to the model and answers what the API should have answered, in the order the
 * services check (decision 153's refusals, then the carts' rules). New rows take the id the API gave them.
 */
function applyToModel(m: Model, r: Request, answer: Answer): Expected {
  switch (r.kind) {
    case "submit":
      m.asked += 1;
      return { status: 201, fields: submitCart(m, r.price, answer.body) };
    case "decide": {
      const cart = m.carts.get(r.cartId);
      if (!cart) return { status: 404 };
      if (cart.status !== "pending") return { status: 409, code: "already_decided" };
      if (!r.approve) {
        cart.status = "declined";
        return { status: 200, fields: { status: "declined" } };
      }
      if (cart.total > left(m)) return { status: 409, code: "over_budget" };
      cart.status = "approved";
      m.spent += cart.total;
      return { status: 200, fields: { status: "approved" } };
    }
    case "create": {
      const open = [...m.goals.values()].filter((g) => !g.bought).length;
      if (open >= MAX_OPEN_GOALS) return { status: 409, code: "goal_limit" };
      m.goals.set(String(answer.body?.id), {
        target: r.target,
        saved: 0,
        contributed: { child: 0, match: 0 },
        bought: false,
      });
      return { status: 201, fields: { saved: "0.00", target: formatCents(r.target), status: "active" } };
    }
    case "contribute": {
      const goal = m.goals.get(r.goalId);
      if (!goal) return { status: 404 };
      if (goalStatus(goal) !== "active") return { status: 409 };
      if (r.amount > goal.target - goal.saved) return { status: 409 };
      if (!r.match && r.amount > Math.max(0, left(m))) return { status: 409, code: "not_enough_left" };
      goal.saved += r.amount;
      if (r.match) goal.contributed.match += r.amount;
      else {
        goal.contributed.child += r.amount;
        m.movedIn += r.amount;
      }
      return { status: 200, fields: { saved: formatCents(goal.saved), status: goalStatus(goal) } };
    }
    case "delete": {
      const goal = m.goals.get(r.goalId);
      if (!goal) return { status: 404 };
      if (!goal.bought) m.givenBack += goal.saved;
      m.goals.delete(r.goalId);
      return { status: 204 };
    }
    case "buy": {
      // Counted against the child's asking limits before anything else is looked at.
      m.asked += 1;
      const goal = m.goals.get(r.goalId);
      if (!goal) return { status: 404 };
      if (goalStatus(goal) !== "reached") return { status: 409 };
      // The goal's money returns first, then an ordinary cart for its target is decided by the usual rules.
      m.givenBack += goal.saved;
      goal.bought = true;
      const cart = submitCart(m, goal.target, (answer.body?.cart ?? null) as Answer["body"]);
      return { status: 201, fields: { goal: { status: "bought", saved: formatCents(goal.saved) }, cart } };
    }
  }
}

function matches(expected: Expected, answer: Answer): boolean {
  if (expected.status !== answer.status) return false;
  const code = answer.body?.code;
  if (answer.status >= 400 && code !== expected.code) return false;
  return expected.fields === undefined || contains(answer.body, expected.fields);
}

/** Whether `actual` has every field of `expected`, nested objects compared field by field. */
function contains(actual: unknown, expected: Record<string, unknown>): boolean {
  if (typeof actual !== "object" || actual === null) return false;
  return Object.entries(expected).every(([key, value]) => {
    const field = (actual as Record<string, unknown>)[key];
    return typeof value === "object" && value !== null
      ? contains(field, value as Record<string, unknown>)
      : field === value;
  });
}

interface World {
  parent: { cookie: string; email: string; password: string };
  childId: string;
  kid: string;
  month: number;
}

const inject = (method: "GET" | "POST" | "PATCH" | "DELETE", cookie: string, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function send(w: World, r: Request): Promise<Answer> {
  const res = await (() => {
    switch (r.kind) {
      case "submit":
        return inject("POST", w.kid, `/api/children/${w.childId}/carts`, {
          retailer: "Shop",
          items: [{ name: "Thing", price: formatCents(r.price), quantity: 1 }],
        });
      case "decide":
        return inject("PATCH", w.parent.cookie, `/api/carts/${r.cartId}/status`, {
          status: r.approve ? "approved" : "declined",
        });
      case "create":
        return inject("POST", w.kid, `/api/children/${w.childId}/goals`, {
          name: "Goal",
          target: formatCents(r.target),
        });
      case "contribute":
        return inject(
          "POST",
          r.match ? w.parent.cookie : w.kid,
          `/api/goals/${r.goalId}/contributions`,
          r.match ? { amount: formatCents(r.amount), source: "match" } : { amount: formatCents(r.amount) },
        );
      case "delete":
        return inject("DELETE", w.kid, `/api/goals/${r.goalId}`);
      case "buy":
        return inject("POST", w.kid, `/api/goals/${r.goalId}/cart`);
    }
  })();
  return { status: res.statusCode, body: res.body ? res.json() : null };
}

/**
 * The requests a step's ops make against the model as it is when the step starts; an op with nothing to act
 * on makes none. Carts are asked for only while the child stays under the caps on asking.
 */
function choose(m: Model, ops: Op[]): Request[] {
  const nth = <T>(items: T[], n: number) => (items.length ? items[n % items.length] : undefined);
  const pending = [...m.carts].filter(([, c]) => c.status === "pending").map(([id]) => id);
  const goals = [...m.goals.keys()];
  const reached = [...m.goals].filter(([, g]) => goalStatus(g) === "reached").map(([id]) => id);
  const requests: Request[] = [];
  for (const o of ops) {
    const request = requestFor(o);
    if (request) requests.push(request);
  }
  return requests;

  function roomToAsk() {
    const asking = requests.filter((r) => r.kind === "submit" || r.kind === "buy").length;
    return m.asked + asking < ASKS_PER_MONTH && pending.length + asking < ASKS_PER_MONTH;
  }

  function requestFor(o: Op): Request | null {
    switch (o.kind) {
      case "submit":
        return roomToAsk() ? o : null;
      case "create":
        return o;
      case "decide": {
        const cartId = nth(pending, o.pick);
        return cartId ? { kind: "decide", cartId, approve: o.approve } : null;
      }
      case "contribute": {
        const goalId = nth(goals, o.pick);
        const goal = goalId ? m.goals.get(goalId) : undefined;
        if (!goalId || !goal) return null;
        const amount = o.amount === "rest" ? Math.max(50, goal.target - goal.saved) : o.amount;
        return { kind: "contribute", goalId, amount, match: o.match };
      }
      case "delete": {
        const goalId = nth(goals, o.pick);
        return goalId ? { kind: "delete", goalId } : null;
      }
      case "buy": {
        // Mostly a reached goal, which is what the child would ask for; any other is refused.
        const goalId = nth(reached.length && o.pick % 4 !== 0 ? reached : goals, o.pick);
        return goalId && roomToAsk() ? { kind: "buy", goalId } : null;
      }
    }
  }
}

const MONEY = /^-?\d+\.\d{2}$/;

/** The state as the API and the database hold it, in the model's terms. */
async function observe(w: World) {
  const childRes = await inject("GET", w.kid, `/api/children/${w.childId}`);
  const child = childRes.json();
  const goalsRes = await inject("GET", w.kid, `/api/children/${w.childId}/goals`);
  const goals = goalsRes.json() as { id: string; target: string; saved: string; status: string }[];
  for (const value of [
    child.monthlyBudget,
    child.bonusBudget,
    child.currentSpent,
    child.savedToGoals,
    ...goals.flatMap((g) => [g.target, g.saved]),
  ]) {
    expect(value).toMatch(MONEY);
  }
  const carts = await t.database.query<{ id: string; status: string; total: string; this_month: boolean }>(
    "select id, status, total::text as total, approved_at >= $2 as this_month from carts where child_id = $1",
    [w.childId, startOfMonth(t.clock.now()).toISOString()],
  );
  const contributions = await t.database.query<{ goal_id: string; source: string; amount: string }>(
    `select goal_id, source, sum(amount)::text as amount from goal_contributions
      where goal_id in (select id from savings_goals where child_id = $1) group by goal_id, source`,
    [w.childId],
  );
  const contributed = (goalId: string, source: string) =>
    parseNumericCents(contributions.find((c) => c.goal_id === goalId && c.source === source)?.amount ?? "0");
  return {
    figures: {
      monthlyBudget: child.monthlyBudget,
      bonusBudget: child.bonusBudget,
      currentSpent: child.currentSpent,
      savedToGoals: child.savedToGoals,
    },
    left:
      parseNumericCents(child.monthlyBudget) +
      parseNumericCents(child.bonusBudget) -
      parseNumericCents(child.savedToGoals) -
      parseNumericCents(child.currentSpent),
    approvedThisMonth: carts
      .filter((c) => c.status === "approved" && c.this_month)
      .reduce((sum, c) => sum + parseNumericCents(c.total), 0),
    carts: Object.fromEntries(
      carts.map((c) => [c.id, { total: formatCents(parseNumericCents(c.total)), status: c.status }]),
    ),
    goals: Object.fromEntries(
      goals.map((g) => [
        g.id,
        {
          target: g.target,
          saved: g.saved,
          status: g.status,
          contributed: { child: contributed(g.id, "child"), match: contributed(g.id, "match") },
        },
      ]),
    ),
  };
}

/** What `observe` should find when the model is right. */
function expectedObservation(m: Model) {
  return {
    figures: {
      monthlyBudget: formatCents(MONTHLY_BUDGET),
      bonusBudget: "0.00",
      currentSpent: formatCents(m.spent),
      savedToGoals: formatCents(m.movedIn - m.givenBack),
    },
    left: left(m),
    approvedThisMonth: m.spent,
    carts: Object.fromEntries([...m.carts].map(([id, c]) => [id, { total: formatCents(c.total), status: c.status }])),
    goals: Object.fromEntries(
      [...m.goals].map(([id, g]) => [
        id,
        {
          target: formatCents(g.target),
          saved: formatCents(g.saved),
          status: goalStatus(g),
          contributed: g.contributed,
        },
      ]),
    ),
  };
}

function orders(n: number): number[][] {
  if (n === 0) return [[]];
  return orders(n - 1).flatMap((order) =>
    Array.from({ length: n }, (_, i) => [...order.slice(0, i), n - 1, ...order.slice(i)]),
  );
}

async function newWorld(): Promise<World> {
  t.clock.set("2026-01-20T12:00:00Z");
  const parent = await signUpParent(t.app);
  await setTier(t.database, parent.user.id, "premium");
  const child = await addChild(t.app, parent.cookie, {
    monthlyBudget: formatCents(MONTHLY_BUDGET),
    autoApprovalLimit: formatCents(AUTO_APPROVAL_LIMIT),
  });
  return {
    parent: { cookie: parent.cookie, email: parent.email, password: parent.password },
    childId: child.id,
    kid: await signInChild(t.app, parent.cookie, child.id),
    month: 0,
  };
}

/** Moves to just after the next month's start; sessions idle out over such a jump, so both sign in again. */
async function endMonth(w: World, m: Model) {
  w.month += 1;
  t.clock.set(new Date(Date.UTC(2026, w.month, 1, 0, 0, 1)));
  const login = await t.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email: w.parent.email, password: w.parent.password },
  });
  w.parent.cookie = cookieFrom(login);
  w.kid = await signInChild(t.app, w.parent.cookie, w.childId);
  m.spent = 0;
  m.movedIn = 0;
  m.givenBack = 0;
  m.asked = 0;
}

type Observation = Awaited<ReturnType<typeof observe>>;

/** Compares the API and the database with the model, and checks the decision's rules on what they hold. */
async function check(w: World, m: Model, trace: string[]): Promise<Observation> {
  const observed = await observe(w);
  const context = trace.join("\n");
  expect(observed, context).toEqual(expectedObservation(m));
  // Decision 153: left = monthly budget - approved spending this month - contributions this month + what
  // deleted goals gave back this month; never below 0 (no over-budget approval is ever asked for here).
  expect(observed.left, context).toBe(MONTHLY_BUDGET - observed.approvedThisMonth - m.movedIn + m.givenBack);
  expect(observed.left, context).toBeGreaterThanOrEqual(0);
  for (const goal of Object.values(observed.goals)) {
    expect(parseNumericCents(goal.saved), context).toBe(goal.contributed.child + goal.contributed.match);
  }
  return observed;
}

const describeAnswer = (r: Request, a: Answer) =>
  `${JSON.stringify(r)} -> ${a.status}${a.body?.code ? ` ${a.body.code}` : ""}`;
const isMatch = (r: Request) => r.kind === "contribute" && r.match;

/**
 * Runs one step and answers the model it leaves and what was last observed. One by one, each request is
 * checked on its own: a refusal leaves everything as it was, a match leaves the child's figures as they
 * were. At once, the answers must be those of the model run in at least one order, and the state what that
 * order leaves.
 */
async function runStep(
  w: World,
  m: Model,
  last: Observation,
  s: Step,
  trace: string[],
): Promise<{ model: Model; last: Observation }> {
  if (s.kind === "monthEnd") {
    await endMonth(w, m);
    trace.push(`month end -> ${t.clock.now().toISOString()}`);
    return { model: m, last: await check(w, m, trace) };
  }
  const requests = choose(m, s.ops);
  if (!s.concurrent) {
    let previous = last;
    for (const r of requests) {
      const answer = await send(w, r);
      trace.push(describeAnswer(r, answer));
      const expected = applyToModel(m, r, answer);
      const explained = matches(expected, answer);
      expect(
        explained,
        `${trace.join("\n")}\nexpected ${JSON.stringify(expected)}, got ${JSON.stringify(answer)}`,
      ).toBe(true);
      const observed = await check(w, m, trace);
      if (answer.status >= 400) expect(observed, trace.join("\n")).toEqual(previous);
      if (isMatch(r)) expect(observed.figures, trace.join("\n")).toEqual(previous.figures);
      previous = observed;
    }
    return { model: m, last: previous };
  }
  const answers = await Promise.all(requests.map((r) => send(w, r)));
  trace.push(`at once: ${requests.map((r, i) => describeAnswer(r, answers[i] as Answer)).join(" | ")}`);
  const observed = await observe(w);
  for (const order of orders(requests.length)) {
    const candidate = cloneModel(m);
    const explains = order.every((i) => {
      const answer = answers[i] as Answer;
      return matches(applyToModel(candidate, requests[i] as Request, answer), answer);
    });
    if (explains && isDeepStrictEqual(expectedObservation(candidate), observed)) {
      const checked = await check(w, candidate, trace);
      if (answers.every((a) => a.status >= 400)) expect(checked, trace.join("\n")).toEqual(last);
      if (requests.every(isMatch)) expect(checked.figures, trace.join("\n")).toEqual(last.figures);
      return { model: candidate, last: checked };
    }
  }
  throw new Error(
    `${trace.join("\n")}\nno one order of the requests sent at once explains their answers and ${JSON.stringify(observed)}`,
  );
}

describe("savings goals under random interleavings", () => {
  // PGlite answers one request at a time, so its steps "at once" are in fact in turn and prove less there;
  // fewer runs keep the file well within a minute on each database.
  const numRuns = testDatabaseKind() === "postgres" ? 40 : 30;
  // A failure prints fast-check's seed and path: pass them with endOnFailure to fc.assert to replay it, and
  // the failing run's requests and answers are in the assertion's message.
  it(
    "keep the month's budget left and every goal's money consistent with what happened",
    async () => {
      await fc.assert(
        fc.asyncProperty(goalTarget, fc.array(step, { minLength: 1, maxLength: 16 }), async (target, steps) => {
          const w = await newWorld();
          let m: Model = { spent: 0, movedIn: 0, givenBack: 0, asked: 0, carts: new Map(), goals: new Map() };
          const trace: string[] = [];
          let last = await check(w, m, trace);
          // A goal from the start, so that money moves from the first step.
          const first: Step = { kind: "ops", ops: [{ kind: "create", target }], concurrent: false };
          for (const s of [first, ...steps]) ({ model: m, last } = await runStep(w, m, last, s, trace));
        }),
        { numRuns },
      );
    },
    SLOW_START_MS,
  );
});
