import { fork } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { openDatabase } from "../src/server/db/client";
import { hashPassword } from "../src/server/modules/auth/passwords";
import { expireDueCarts, remindDueCarts } from "../src/server/modules/carts/cart-timers.service";
import { LESSONS } from "../src/shared/lessons";
import { EXPIRED_NOTE } from "../src/shared/rules/approval-window";
import { BADGES } from "../src/shared/rules/badges";
import { BENCH_APP_OPTIONS, cpuSeconds } from "./support/measure";

/**
 * `npx tsx bench/scale.ts`: whether every endpoint a guardian, a child or staff calls, and the sweeps every
 * instance runs, stay as fast with 100,000 families in the database as with 1,000. A fresh PostgreSQL
 * database is seeded with SMALL families by set-based SQL (guardians, children with budgets and categories,
 * carts over the last 12 months in the statuses they reach, chores, badges, goals, lessons and signed-in
 * sessions); a copy of it grows to SCALE_FAMILIES the same way. Both are vacuumed and analysed, each gets
 * its own server (a child process, so the load generator does not share its event loop), and the same
 * sample of families calls each read endpoint and the two busiest writes at a steady rate on both, the two
 * sizes taking turns request by request so that the shared machine's other work falls on both alike.
 * Target: each endpoint's p99 at SCALE_FAMILIES within TARGET_RATIO of its p99 at SMALL. Not run by the tests.
 *
 * SCALE_FAMILIES (default 100,000) sets the larger size and SCALE_MEASURE_S the seconds measured (default
 * 1,800, both sizes in turn), for quicker runs; SCALE_KEEP_DB=1 keeps both databases afterwards, to look at
 * a query's plan in them.
 */

const SMALL = 1_000;
const LARGE = Number(process.env.SCALE_FAMILIES ?? 100_000);
/** Families a seeding statement writes at once: each statement's work and WAL stay moderate. */
const CHUNK = 5_000;
/** Seeding statements run on this many connections at once (the machine has two cores). */
const SEED_CONNECTIONS = 2;
/** Families whose guardians and children call the API, all among the first SMALL, all on paid plans. */
const SAMPLE = 100;
/** Pending carts each sampled family has when the measuring starts, so decisions never run out. */
const PENDING_PER_SAMPLED_FAMILY = 12;
/**
 * Requests a second to each size, the endpoints taking turns; low enough that the servers are not queueing
 * on a busy two-core machine, so a p99 is an endpoint's own.
 */
const RATE = 60;
const WARM_UP_S = 20;
/**
 * About 2,800 calls an endpoint and size, so a p99 is the 28th-slowest call: with 900 (600 s) a handful of
 * calls the shared machine's other work delayed still decided some endpoint's p99 in every run.
 */
const MEASURE_S = Number(process.env.SCALE_MEASURE_S ?? 1800);
const TARGET_RATIO = 1.5;
const PASSWORD = "scale bench password";
const CATEGORIES = ["games", "books", "toys", "clothes", "snacks", "art"];
const FIRST_NAMES = ["Alex", "Sam", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Jamie"];

// ---- seeding (set-based SQL; a family's ids are derived from its number, so statements need no joins) ----

const owner = (n: string) => `md5('pw-scale-parent-' || ${n})::uuid`;
const guardian = (n: string) => `md5('pw-scale-guardian-' || ${n})::uuid`;
const child = (n: string, k: string) => `md5('pw-scale-child-' || ${n} || '-' || ${k})::uuid`;
/**
 * A family's last name, its number padded so that one name is never the start of another ("Family 12" of
 * "Family 120"): a staff search for a whole name then finds one person at either size, as a real name mostly
 * does. FAMILY_NAME_DIGITS is shared with the searches' names (ownerName).
 */
const FAMILY_NAME_DIGITS = 6;
const lastName = (n: string) => `'Family ' || lpad(${n}::text, ${FAMILY_NAME_DIGITS}, '0')`;
/** Six in ten families are on the Free plan, three on the Family Plan, one on Premium. */
const tier = (n: string) =>
  `case when (${n} * 7) % 10 < 6 then 'free' when (${n} * 7) % 10 < 9 then 'family' else 'premium' end`;
/** The Free plan allows one child; the others have one to three, or two to four. */
const kids = (n: string) =>
  `case when (${n} * 7) % 10 < 6 then 1 when (${n} * 7) % 10 < 9 then 1 + ${n} % 3 else 2 + ${n} % 3 end`;
/** One guardian besides the owner in one family of five. */
const hasGuardian = (n: string) => `${n} % 5 = 0`;
const MONTH = "to_char(now() at time zone 'utc', 'YYYY-MM')";
const PREVIOUS_MONTH = "to_char((now() at time zone 'utc') - interval '1 month', 'YYYY-MM')";
const MONTH_START = "(date_trunc('month', now() at time zone 'utc') at time zone 'utc')";
const CHILDREN_OF_RANGE = `generate_series($1::int, $2::int) n, generate_series(1, ${kids("n")}) k`;

/** The statements that add families $1..$2, in order; each is one set-based statement. */
function seedStatements(passwordHash: string): { name: string; sql: string; params?: unknown[] }[] {
  const badgeTypes = Object.values(BADGES).map((b) => b.type);
  const lessonIds = LESSONS.map((l) => l.id);
  return [
    {
      name: "guardians",
      sql: `insert into users (id, email, password_hash, first_name, last_name, subscription_tier, last_reset_date,
                               created_at, updated_at)
            select ${owner("n")}, 'parent' || n || '@scale.example', $3,
              ($4::text[])[1 + n % ${FIRST_NAMES.length}],
              ${lastName("n")}, ${tier("n")}, ${MONTH_START}, now() - make_interval(days => 400 + n % 300),
              now() - make_interval(days => n % 30)
              from generate_series($1::int, $2::int) n
            union all
            select ${guardian("n")}, 'guardian' || n || '@scale.example', $3, 'Robin', ${lastName("n")}, 'free',
              ${MONTH_START}, now() - make_interval(days => 390 + n % 300), now() - make_interval(days => n % 30)
              from generate_series($1::int, $2::int) n where ${hasGuardian("n")}`,
      params: [passwordHash, FIRST_NAMES],
    },
    {
      name: "families",
      sql: `insert into families (id, approval_window_hours, created_at, updated_at)
            select ${owner("n")}, 48, now() - make_interval(days => 400 + n % 300), now() - make_interval(days => n % 30)
              from generate_series($1::int, $2::int) n`,
    },
    {
      name: "family guardians",
      sql: `insert into family_guardians (user_id, family_id, role, approval_limit, created_at)
            select ${owner("n")}, ${owner("n")}, 'owner', null, now() - make_interval(days => 400 + n % 300)
              from generate_series($1::int, $2::int) n
            union all
            select ${guardian("n")}, ${owner("n")}, 'guardian', 50.00, now() - make_interval(days => 390 + n % 300)
              from generate_series($1::int, $2::int) n where ${hasGuardian("n")}`,
    },
    {
      name: "children",
      sql: `insert into children (id, parent_id, name, age, profile_color, monthly_budget, spent_month, bonus_month,
                                  goal_month, reviewed_month, auto_approval_limit, consent_status, created_at, updated_at)
            select ${child("n", "k")}, ${owner("n")},
              (array['Maya', 'Leo', 'Ada', 'Noah', 'Zoe', 'Eli', 'Mia', 'Finn', 'Ivy', 'Theo'])[1 + (n + k * 3) % 10],
              6 + (n + k * 5) % 10, (array['#8B5CF6', '#10B981', '#F59E0B', '#EF4444'])[1 + k % 4],
              100 + ((n * k * 13) % 16) * 10, ${MONTH}, ${MONTH}, ${MONTH}, ${PREVIOUS_MONTH}, 5 * (1 + (n + k) % 3),
              case when 6 + (n + k * 5) % 10 < 13 then 'verified' else 'not_needed' end,
              now() - make_interval(days => 399 + n % 300 - k), now() - make_interval(days => n % 30)
              from ${CHILDREN_OF_RANGE}`,
    },
    {
      name: "categories",
      sql: `insert into budget_categories (child_id, name, monthly_limit, spent_month, is_restricted, created_at, updated_at)
            select ${child("n", "k")}, ($3::text[])[1 + (n + k + j) % 6], 20 + 10 * ((n + j) % 5), ${MONTH},
              (n + j) % 11 = 0, now() - make_interval(days => 398 + n % 300 - k), now()
              from ${CHILDREN_OF_RANGE}, generate_series(0, 2) j`,
      params: [CATEGORIES],
    },
    {
      // Over 12 months, newest now: what the child's rules approved at once, what waits (the last 48 hours
      // only, reminded half-way as the sweep would have), and what guardians approved, had bought, declined
      // or let expire. Free families ask less. The same statement keeps the month's figures the budget module
      // keeps (the child's spent, each category's, the family's purchase count) from the rows it wrote.
      name: "carts",
      // "materialized" works each row's time, roll, amount and fate out once, rather than wherever the
      // statement names them.
      sql: `with kid as (
              select n, k, ${child("n", "k")} as child_id,
                case when ${hasGuardian("n")} then ${guardian("n")} else ${owner("n")} end as other,
                ${owner("n")} as owner, 5 * (1 + (n + k) % 3) as auto_limit,
                case when (n * 7) % 10 < 6 then 12 + (n * k * 37) % 49 else 24 + (n * k * 37) % 97 end as carts
              from ${CHILDREN_OF_RANGE}
            ), s as materialized (
              select kid.*, i,
                now() - (i + ((n * 31 + k * 17 + i * 7) % 100) / 100.0::float8) * (31536000.0::float8 / carts)
                  * interval '1 second' as at,
                (n * 13 + k * 7 + i * 11) % 100 as roll,
                200 + (n * 7 + k * 13 + i * 29) % 2800 as cents,
                case when (n + i * 7) % 5 <> 0 then ($3::text[])[1 + (n + k + i % 3) % 6] end as cat
              from kid, generate_series(0, carts - 1) i
            ), d as materialized (
              select s.*, cents <= auto_limit * 100 as auto,
                case when cents <= auto_limit * 100 then case when roll < 30 then 'completed' else 'approved' end
                     when at > now() - interval '48 hours' and roll < 50 then 'pending'
                     when roll < 45 then 'approved' when roll < 70 then 'completed' when roll < 90 then 'declined'
                     else 'expired' end as fate,
                least(now(), at + (1 + roll % 6) * interval '1 hour') as decided
              from s
            )
            , inserted as (
            insert into carts (child_id, retailer, total, status, tag, items, decision_reason, decision_note,
                               approved_at, declined_at, completed_at, decided_by, decided_at, expires_at,
                               reminder_sent_at, order_number, created_at, updated_at)
            select child_id,
              (array['Amazon', 'Target', 'Walmart', 'LEGO', 'Steam', 'Etsy', 'Best Buy', 'Barnes & Noble'])[1 + (n + i) % 8],
              cents / 100.0, case when fate = 'expired' then 'declined' else fate end,
              case when roll % 4 = 0 then 'birthday' end,
              jsonb_build_array(jsonb_build_object('name', 'Item ' || i, 'price', to_char(cents / 100.0, 'FM99990.00'),
                'quantity', 1, 'url', 'https://shop' || (n % 40) || '.example/p/' || i)
                || case when cat is null then '{}'::jsonb else jsonb_build_object('category', cat) end),
              case when auto then 'Approved automatically: under your $' || auto_limit || '.00 limit'
                   else 'Needs a parent: over the $' || auto_limit || '.00 auto-approval limit' end,
              case fate when 'declined' then (array['Not this time', 'Let''s wait for your birthday', 'Too expensive'])[1 + roll % 3]
                        when 'expired' then $4 end,
              case when fate in ('approved', 'completed') then case when auto then at else decided end end,
              case fate when 'declined' then decided when 'expired' then at + interval '48 hours' end,
              case when fate = 'completed' then least(now(), at + interval '2 days') end,
              case when fate in ('approved', 'completed', 'declined') and not auto
                   then case when roll % 2 = 0 then owner else other end end,
              case when fate = 'expired' then at + interval '48 hours' when fate = 'pending' then null
                   when auto then at else decided end,
              case when not auto then at + interval '48 hours' end,
              case when fate = 'expired' or (fate = 'pending' and at <= now() - interval '24 hours')
                   then at + interval '24 hours' end,
              case when fate = 'completed' and roll % 3 = 0 then 'ORD-' || n || '-' || k || '-' || i end,
              at, case when fate = 'pending' then at else greatest(at, decided) end
            from d
            returning child_id, total, items -> 0 ->> 'category' as category,
              status in ('approved', 'completed') and approved_at >= ${MONTH_START} as this_month
            ), spent as (
              select child_id, sum(total) as total, count(*) as n from inserted where this_month group by child_id
            ), by_category as (
              update budget_categories bc set current_spent = c.total
                from (select child_id, category, sum(total) as total from inserted
                       where this_month and category is not null group by 1, 2) c
               where bc.child_id = c.child_id and bc.name = c.category
            ), kids as (
              update children ch set current_spent = spent.total from spent where ch.id = spent.child_id
              returning ch.parent_id, spent.n
            )
            update users u set monthly_purchases = f.n
              from (select parent_id, sum(n) as n from kids group by parent_id) f where u.id = f.parent_id`,
      params: [CATEGORIES, EXPIRED_NOTE],
    },
    {
      // Two a month, the two newest still to do (the newer marked done, waiting for a guardian); what was
      // confirmed this month is the child's bonus.
      name: "chores",
      sql: `with inserted as (
              insert into chores (child_id, title, description, reward, marked_done_at, is_completed, due_date,
                                  completed_at, created_at, updated_at)
              select ${child("n", "k")},
                (array['Feed the cat', 'Tidy your room', 'Water the plants', 'Help with dishes', 'Take out the trash'])[1 + (n + j) % 5],
                case when j % 3 = 0 then 'Before dinner' end, 1 + (n + k + j) % 5,
                case when j >= 1 then at + interval '14 days' end, j >= 2, at + interval '10 days',
                case when j >= 2 then at + interval '14 days' end, at, least(now(), at + interval '14 days')
                from (select n, k, j, now() - interval '1 day' - j * interval '15 days' as at
                        from ${CHILDREN_OF_RANGE}, generate_series(0, 23) j) c
              returning child_id, reward, is_completed and completed_at >= ${MONTH_START} as this_month
            )
            update children ch set bonus_budget = s.total
              from (select child_id, sum(reward) as total from inserted where this_month group by child_id) s
             where ch.id = s.child_id`,
    },
    {
      name: "badges",
      sql: `insert into achievements (child_id, type, title, description, earned_at)
            select ${child("n", "k")}, b.type, b.title, b.description,
              now() - make_interval(days => 390 + n % 300 - k - b.ord::int * 20)
              from ${CHILDREN_OF_RANGE},
                   unnest($3::text[], $4::text[], $5::text[]) with ordinality as b(type, title, description, ord)
             where b.type in ('first_cart', 'smart_spender', 'chore_champion', 'helping_hand')
                or (b.type = 'budget_boss' and (n + k) % 3 = 0)
                or (b.type = 'first_lesson' and (n + k) % 2 = 0)`,
      params: [badgeTypes, badgeTypes.map((t) => BADGES[t].title), badgeTypes.map((t) => BADGES[t].description)],
    },
    {
      name: "savings goals",
      sql: `insert into savings_goals (child_id, name, target, saved, status, reached_at, created_at, updated_at)
            select ${child("n", "k")}, (array['Bike', 'Headphones', 'Lego set', 'Skateboard'])[1 + (n + k + g) % 4],
              40 + 20 * ((n + g) % 5), case when g = 0 then 40 + 20 * ((n + g) % 5) else (n % 30) end,
              case when g = 0 then 'reached' else 'active' end, case when g = 0 then now() - interval '40 days' end,
              now() - make_interval(days => 120 - g * 60), now() - make_interval(days => 20)
              from ${CHILDREN_OF_RANGE}, generate_series(0, (n + k) % 2) g`,
    },
    {
      name: "lessons",
      sql: `with opened as (
              insert into lesson_unlocks (child_id, lesson_id, unlocked_at)
              select ${child("n", "k")}, ($3::text[])[1 + (n + l) % cardinality($3::text[])],
                now() - make_interval(days => 200 - l * 30)
                from ${CHILDREN_OF_RANGE}, generate_series(0, 2) l
              returning child_id, lesson_id, unlocked_at
            )
            insert into lesson_attempts (child_id, lesson_id, answers, correct, total, passed_at, created_at)
            select child_id, lesson_id, '[0, 1, 2]'::jsonb, 3, 3, unlocked_at + interval '1 hour', unlocked_at + interval '1 hour'
              from opened where extract(day from unlocked_at)::int % 2 = 0`,
      params: [lessonIds],
    },
    {
      // One parent session a family and one for its first child, as if each had signed in in the last half
      // hour; the cookie of family n is "scale-parent-n" (the sid is its SHA-256, as the session plugin keeps it).
      name: "sessions",
      sql: `insert into sessions (sid, sess, expire)
            select encode(sha256(convert_to('scale-parent-' || n, 'UTF8')), 'hex'),
              jsonb_build_object('kind', 'parent', 'userId', ${owner("n")}),
              now() + make_interval(mins => n % 30)
              from generate_series($1::int, $2::int) n
            union all
            select encode(sha256(convert_to('scale-child-' || n, 'UTF8')), 'hex'),
              jsonb_build_object('kind', 'child', 'childId', ${child("n", "1")}, 'parentId', ${owner("n")}),
              now() + make_interval(mins => n % 30)
              from generate_series($1::int, $2::int) n`,
    },
  ];
}

interface SeedTimes {
  seconds: number;
  /** Seconds spent in each statement, summed over chunks and connections. */
  statements: Map<string, number>;
}

/** Adds families from..to in chunks, SEED_CONNECTIONS chunks at a time. */
async function seedFamilies(url: string, from: number, to: number, passwordHash: string): Promise<SeedTimes> {
  const statements = seedStatements(passwordHash);
  const chunks: [number, number][] = [];
  for (let lo = from; lo <= to; lo += CHUNK) chunks.push([lo, Math.min(to, lo + CHUNK - 1)]);
  const times = new Map<string, number>();
  const start = performance.now();
  let done = 0;
  const worker = async () => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // Each statement is its own transaction; a lost tail on a crash would only mean a rerun of the bench.
    await client.query("set synchronous_commit = off");
    // Rows of millions are estimated at a thousand per generate_series, and compiling for that costs more
    // than running it.
    await client.query("set jit = off");
    await client.query("set work_mem = '64MB'");
    // The rows name only ids derived from family numbers that the statements before them wrote, so the
    // foreign keys' per-row checks (a sixth of a cart's insert) are skipped; the constraints stay.
    await client.query("set session_replication_role = replica");
    try {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        for (const s of statements) {
          const t = performance.now();
          await client.query(s.sql, [chunk[0], chunk[1], ...(s.params ?? [])]).catch((err: Error) => {
            throw new Error(`seeding ${s.name}: ${err.message}`);
          });
          times.set(s.name, (times.get(s.name) ?? 0) + (performance.now() - t) / 1000);
        }
        done += chunk[1] - chunk[0] + 1;
        if (to - from >= CHUNK * 4) {
          const s = (performance.now() - start) / 1000;
          process.stdout.write(
            `\r  ${done.toLocaleString("en")} of ${(to - from + 1).toLocaleString("en")} families, ${s.toFixed(0)} s`,
          );
        }
      }
    } finally {
      await client.end();
    }
  };
  await Promise.all(Array.from({ length: SEED_CONNECTIONS }, worker));
  if (to - from >= CHUNK * 4) process.stdout.write("\n");
  return { seconds: (performance.now() - start) / 1000, statements: times };
}

// ---- the sample that calls the API ----

interface SampledFamily {
  n: number;
  /** The family's id, its owner's (the seed derives it from n). */
  familyId: string;
  parentCookie: string;
  childCookie: string;
  /** The family's children, first added first; the first is the one signed in as a child. */
  children: { id: string; category: string; olderPageCursor: string }[];
}

/** The first SAMPLE families on a paid plan (the Free plan's monthly purchase cap would refuse approvals). */
const sampleNumbers = () => {
  const numbers: number[] = [];
  for (let n = 1; numbers.length < SAMPLE && n <= SMALL; n++) if ((n * 7) % 10 >= 6) numbers.push(n);
  return numbers;
};

async function readSample(client: pg.Client): Promise<SampledFamily[]> {
  const families: SampledFamily[] = [];
  for (const n of sampleNumbers()) {
    const { rows } = await client.query<{ id: string; k: number; cursor: string }>(
      `select ch.id, row_number() over (order by ch.added_order)::int as k,
         (select c.id from carts c where c.child_id = ch.id order by c.created_at desc, c.id desc
           offset (select count(*) / 2 from carts c where c.child_id = ch.id) limit 1) as cursor
         from children ch where ch.parent_id = md5('pw-scale-parent-' || $1::int)::uuid order by ch.added_order`,
      [n],
    );
    const hex = createHash("md5").update(`pw-scale-parent-${n}`).digest("hex");
    families.push({
      n,
      familyId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      parentCookie: `pw_session=scale-parent-${n}`,
      childCookie: `pw_session=scale-child-${n}`,
      // A category the child has that is not restricted (seeded restricted when (n + j) % 11 = 0).
      children: rows.map((r) => ({
        id: r.id,
        category: CATEGORIES[(n + r.k + (n % 11 === 0 ? 1 : 0)) % 6] as string,
        olderPageCursor: r.cursor,
      })),
    });
  }
  return families;
}

/**
 * Tops each sampled family up to PENDING_PER_SAMPLED_FAMILY waiting carts, keeps its sessions alive, and
 * answers the waiting carts, the families taking turns, for the decisions to take.
 */
async function prepareSample(client: pg.Client, sample: SampledFamily[]) {
  const owners = sample.map((f) => f.n);
  await client.query(
    `insert into carts (child_id, retailer, total, status, items, decision_reason, expires_at, created_at, updated_at)
     select f.first_child, 'Target', 18.00, 'pending',
       '[{"name": "Board game", "price": "18.00", "quantity": 1}]'::jsonb,
       'Needs a parent: over the auto-approval limit', now() + interval '47 hours',
       now() - make_interval(mins => g), now() - make_interval(mins => g)
     from (
       select n, (select ch.id from children ch where ch.parent_id = md5('pw-scale-parent-' || n)::uuid
                   order by ch.added_order limit 1) as first_child,
         (select count(*) from carts c join children ch on ch.id = c.child_id
           where ch.parent_id = md5('pw-scale-parent-' || n)::uuid and c.status = 'pending') as waiting
       from unnest($1::int[]) n
     ) f, generate_series(1, $2 - f.waiting::int) g`,
    [owners, PENDING_PER_SAMPLED_FAMILY],
  );
  await client.query(
    `update sessions set expire = now() + interval '30 minutes'
      where sid = any(select encode(sha256(convert_to(p || n, 'UTF8')), 'hex')
                        from unnest($1::int[]) n, unnest(array['scale-parent-', 'scale-child-']) p)`,
    [owners],
  );
  const { rows } = await client.query<{ n: number; id: string }>(
    `select n, c.id from unnest($1::int[]) n
       join children ch on ch.parent_id = md5('pw-scale-parent-' || n)::uuid
       join carts c on c.child_id = ch.id and c.status = 'pending'
      order by row_number() over (partition by n order by c.created_at), n`,
    [owners],
  );
  const cookies = new Map(sample.map((f) => [f.n, f.parentCookie]));
  return rows.map((r) => ({ cookie: cookies.get(r.n) as string, cartId: r.id }));
}

// ---- the server side (child process) ----

async function serve(url: string) {
  const database = await openDatabase({ kind: "postgres", url });
  const app = await buildApp(BENCH_APP_OPTIONS, database);
  const appUrl = await app.listen({ port: 0, host: "127.0.0.1" });
  process.send?.({ appUrl });
  process.on("message", async (message) => {
    if (message === "sweeps") {
      process.send?.({
        sweeps: {
          reminder: await timeSweep(() => remindDueCarts(app)),
          expiry: await timeSweep(() => expireDueCarts(app)),
        },
      });
      return;
    }
    await app.close();
    await database.close();
    process.exit(0);
  });
}

/**
 * The median of SWEEP_RUNS runs of a sweep with nothing due, which is what every instance does every 10 s
 * whatever the families do: its cost must not grow with the carts waiting across the service.
 */
const SWEEP_RUNS = 25;
async function timeSweep(sweep: () => Promise<number>) {
  const times: number[] = [];
  for (let i = 0; i < SWEEP_RUNS; i++) {
    const t = performance.now();
    await sweep();
    times.push(performance.now() - t);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

// ---- the load side (main process) ----

interface Call {
  method: "GET" | "POST" | "PATCH";
  path: string;
  /** A guardian's or child's session cookie, or staff's bearer token. */
  cookie?: string;
  authorization?: string;
  body?: unknown;
}

type Waiting = { cookie: string; cartId: string }[];

interface Endpoint {
  name: string;
  /** The call for this family on its `turn`-th visit; null when there is nothing to call (no cart waiting). */
  call(f: SampledFamily, turn: number, waiting: Waiting, staff: string): Call | null;
  /** Reads a successful answer: a submitted cart that waits goes to the decisions' queue. */
  answered?(body: unknown, f: SampledFamily, waiting: Waiting): void;
}

const childOf = (f: SampledFamily, turn: number) =>
  f.children[turn % f.children.length] as SampledFamily["children"][number];
const firstChild = (f: SampledFamily) => f.children[0] as SampledFamily["children"][number];

function parentRead(name: string, path: (f: SampledFamily, turn: number) => string): Endpoint {
  return { name, call: (f, turn) => ({ method: "GET", path: path(f, turn), cookie: f.parentCookie }) };
}
function childRead(name: string, path: (f: SampledFamily) => string): Endpoint {
  return { name: `${name} (child)`, call: (f) => ({ method: "GET", path: path(f), cookie: f.childCookie }) };
}
const of = (f: SampledFamily, turn: number) => childOf(f, turn).id;
/** The owner's whole name as the seed writes it (lastName), which staff type to find them. */
const ownerName = (n: number) =>
  `${FIRST_NAMES[n % FIRST_NAMES.length]} Family ${String(n).padStart(FAMILY_NAME_DIGITS, "0")}`;
/** Staff's reads; `f` is the sampled family whose address or name a search looks for. */
function staffRead(name: string, path: (f: SampledFamily) => string): Endpoint {
  return {
    name: `${name} (staff)`,
    call: (f, _turn, _waiting, staff) => ({ method: "GET", path: path(f), authorization: staff }),
  };
}

const ENDPOINTS: Endpoint[] = [
  parentRead("GET /api/auth/user", () => "/api/auth/user"),
  parentRead("GET /api/children", () => "/api/children"),
  parentRead("GET /api/children/:id", (f, t) => `/api/children/${of(f, t)}`),
  parentRead("GET /api/carts/pending", () => "/api/carts/pending"),
  parentRead("GET /api/children/:id/carts", (f, t) => `/api/children/${of(f, t)}/carts`),
  parentRead(
    "GET /api/children/:id/carts?cursor=",
    (f, t) => `/api/children/${of(f, t)}/carts?cursor=${childOf(f, t).olderPageCursor}`,
  ),
  parentRead("GET /api/children/:id/categories", (f, t) => `/api/children/${of(f, t)}/categories`),
  parentRead("GET /api/children/:id/chores", (f, t) => `/api/children/${of(f, t)}/chores`),
  parentRead("GET /api/children/:id/achievements", (f, t) => `/api/children/${of(f, t)}/achievements`),
  parentRead("GET /api/children/:id/goals", (f, t) => `/api/children/${of(f, t)}/goals`),
  parentRead("GET /api/children/:id/devices", (f, t) => `/api/children/${of(f, t)}/devices`),
  parentRead("GET /api/children/:id/consents", (f, t) => `/api/children/${of(f, t)}/consents`),
  parentRead("GET /api/usage", () => "/api/usage"),
  parentRead("GET /api/family", () => "/api/family"),
  parentRead("GET /api/account", () => "/api/account"),
  parentRead("GET /api/account/notifications", () => "/api/account/notifications"),
  parentRead("GET /api/billing", () => "/api/billing"),
  parentRead("GET /api/referrals", () => "/api/referrals"),
  parentRead("GET /api/support/tickets", () => "/api/support/tickets"),
  parentRead("GET /api/family/history", () => "/api/family/history"),
  parentRead("GET /api/children/:id/history", (f, t) => `/api/children/${of(f, t)}/history`),
  parentRead("GET /api/family/spending", () => "/api/family/spending"),
  parentRead("GET /api/children/:id/spending", (f, t) => `/api/children/${of(f, t)}/spending`),
  childRead("GET /api/kid/me", () => "/api/kid/me"),
  childRead("GET /api/children/:id", (f) => `/api/children/${firstChild(f).id}`),
  childRead("GET /api/children/:id/carts", (f) => `/api/children/${firstChild(f).id}/carts`),
  childRead("GET /api/children/:id/chores", (f) => `/api/children/${firstChild(f).id}/chores`),
  childRead("GET /api/children/:id/categories", (f) => `/api/children/${firstChild(f).id}/categories`),
  childRead("GET /api/children/:id/achievements", (f) => `/api/children/${firstChild(f).id}/achievements`),
  childRead("GET /api/children/:id/goals", (f) => `/api/children/${firstChild(f).id}/goals`),
  childRead("GET /api/children/:id/lessons", (f) => `/api/children/${firstChild(f).id}/lessons`),
  staffRead("GET /api/admin/users", () => "/api/admin/users"),
  staffRead("GET /api/admin/users?q=address", (f) => `/api/admin/users?q=parent${f.n}%40scale`),
  staffRead("GET /api/admin/users?q=name", (f) => `/api/admin/users?q=${encodeURIComponent(ownerName(f.n))}`),
  staffRead("GET /api/admin/families", () => "/api/admin/families"),
  staffRead("GET /api/admin/families?email=", (f) => `/api/admin/families?email=parent${f.n}%40`),
  staffRead("GET /api/admin/families/:id", (f) => `/api/admin/families/${f.familyId}`),
  {
    // A guardian's own carts for a child are not rate-limited (decision 163), so the bench sends them that way.
    name: "POST /api/children/:id/carts",
    call: (f, turn) => {
      const c = childOf(f, turn);
      const items = [{ name: "Board game", price: "18.00", quantity: 1, category: c.category }];
      return {
        method: "POST",
        path: `/api/children/${c.id}/carts`,
        cookie: f.parentCookie,
        body: { retailer: "Target", items },
      };
    },
    answered: (body, f, waiting) => {
      const cart = body as { id: string; status: string };
      if (cart.status === "pending") waiting.push({ cookie: f.parentCookie, cartId: cart.id });
    },
  },
  {
    name: "PATCH /api/carts/:id/status",
    call: (_f, turn, waiting) => {
      const next = waiting.shift();
      if (!next) return null;
      const body =
        turn % 2 === 0 ? { status: "approved", allowOverBudget: true } : { status: "declined", note: "Not this time" };
      return { method: "PATCH", path: `/api/carts/${next.cartId}/status`, cookie: next.cookie, body };
    },
  },
];

/** A database with its own server, and what the measuring found there. */
interface Target {
  label: string;
  families: number;
  database: string;
  appUrl: string;
  serverPid: number;
  sample: SampledFamily[];
  waiting: Waiting;
  /** Staff's Authorization header on this server. */
  staff: string;
  latencies: number[][];
  failed: number[];
  /** CPU seconds the server process spent while measured, and the requests it was offered meanwhile. */
  cpu: { server: number; requests: number };
}

/**
 * Offers RATE requests a second to each target for `seconds`, on schedule whatever the answers take (so a
 * slow answer shows as its own latency, not as fewer requests). The targets take turns request by request,
 * each getting the same call in the same instant, so the shared machine's other work falls on both sizes
 * alike; the endpoints take turns, and each turn goes to the next sampled family. Latency runs from sending
 * to the last byte of the answer.
 */
async function offer(targets: Target[], seconds: number, record: boolean) {
  const before = targets.map((t) => cpuSeconds(t.serverPid));
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  const total = RATE * seconds * targets.length;
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / (RATE * targets.length);
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const target = targets[i % targets.length] as Target;
    const call = Math.floor(i / targets.length);
    const e = call % ENDPOINTS.length;
    const endpoint = ENDPOINTS[e] as Endpoint;
    const turn = Math.floor(call / ENDPOINTS.length);
    const family = target.sample[turn % target.sample.length] as SampledFamily;
    const fail = (why: string) => {
      if (!record) return;
      target.failed[e] = (target.failed[e] ?? 0) + 1;
      if ((target.failed[e] ?? 0) <= 2) console.error(`  ${target.label}, ${endpoint.name}: ${why}`);
    };
    const request = endpoint.call(family, Math.floor(turn / target.sample.length), target.waiting, target.staff);
    if (!request) {
      fail("no cart waiting");
      continue;
    }
    const sent = performance.now();
    const answered = fetch(`${target.appUrl}${request.path}`, {
      method: request.method,
      headers: {
        ...(request.cookie ? { cookie: request.cookie } : {}),
        ...(request.authorization ? { authorization: request.authorization } : {}),
        ...(request.body ? { "content-type": "application/json" } : {}),
      },
      body: request.body ? JSON.stringify(request.body) : undefined,
    })
      .then(async (res) => {
        const text = await res.text();
        const ms = performance.now() - sent;
        if (!res.ok) return fail(`${res.status} ${text.slice(0, 200)}`);
        if (record) target.latencies[e]?.push(ms);
        endpoint.answered?.(JSON.parse(text), family, target.waiting);
      })
      .catch((err: unknown) => fail(`${String(err)} ${String((err as Error).cause ?? "")}`));
    inFlight.push(answered);
  }
  await Promise.all(inFlight);
  if (!record) return;
  for (const [i, t] of targets.entries()) {
    t.cpu.server += (cpuSeconds(t.serverPid) ?? 0) - (before[i] ?? 0);
    t.cpu.requests += RATE * seconds;
  }
}

interface Stats {
  p50: number;
  p99: number;
  count: number;
  failed: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length
    ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number)
    : Number.NaN;

function statsOf(target: Target): Stats[] {
  return target.latencies.map((list, e) => {
    const sorted = [...list].sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      count: sorted.length,
      failed: target.failed[e] ?? 0,
    };
  });
}

// ---- the report ----

const ms = (v: number) => (Number.isNaN(v) ? "-" : v < 10 ? v.toFixed(1) : v.toFixed(0));

function printResults(small: Target, large: Target) {
  const perEndpoint = Math.round((RATE * MEASURE_S) / ENDPOINTS.length);
  console.log(
    `\nPostgreSQL, ${RATE} req/s offered to each size for ${MEASURE_S} s (after ${WARM_UP_S} s of warm-up), the sizes taking turns request by request and the ${ENDPOINTS.length} endpoints call by call (about ${perEndpoint} calls each), over the same ${SAMPLE} families`,
  );
  const head = [
    "endpoint".padEnd(44),
    `${small.families / 1000}k p50/p99 ms`.padStart(16),
    `${large.families / 1000}k p50/p99 ms`.padStart(17),
    "p99 ratio".padStart(10),
    "failed".padStart(8),
    ` target ${TARGET_RATIO}x`,
  ];
  console.log(head.join(" "));
  const smallStats = statsOf(small);
  const largeStats = statsOf(large);
  let met = 0;
  for (const [i, endpoint] of ENDPOINTS.entries()) {
    const s = smallStats[i] as Stats;
    const l = largeStats[i] as Stats;
    const ratio = l.p99 / s.p99;
    const ok = ratio <= TARGET_RATIO && s.failed + l.failed === 0;
    if (ok) met += 1;
    console.log(
      [
        endpoint.name.padEnd(44),
        `${ms(s.p50)} / ${ms(s.p99)}`.padStart(16),
        `${ms(l.p50)} / ${ms(l.p99)}`.padStart(17),
        `${ratio.toFixed(2)}x`.padStart(10),
        `${s.failed}/${l.failed}`.padStart(8),
        ` ${ok ? "met" : "MISSED"}`,
      ].join(" "),
    );
  }
  console.log(
    `${met} of ${ENDPOINTS.length} endpoints met the target (failed: at ${small.families} / at ${large.families} families)`,
  );
  const cpu = (t: Target) => `${((t.cpu.server * 1000) / t.cpu.requests).toFixed(2)} ms`;
  console.log(
    `the app server's CPU per request, all endpoints together: ${cpu(small)} at ${small.families} families, ${cpu(large)} at ${large.families}`,
  );
}

function printSeed(label: string, t: SeedTimes) {
  const parts = [...t.statements.entries()].map(([name, s]) => `${name} ${s.toFixed(1)}`).join(", ");
  console.log(`${label}: ${t.seconds.toFixed(1)} s (statement seconds over ${SEED_CONNECTIONS} connections: ${parts})`);
}

/** Makes the server's first staff account and answers the Authorization header its sign-in gives. */
async function signInStaff(appUrl: string) {
  const account = { email: "staff@scale.example", password: PASSWORD, firstName: "Sam", lastName: "Staff" };
  const post = (path: string, body: object) =>
    fetch(`${appUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const setup = await post("/api/admin/setup", account);
  if (setup.status !== 201) throw new Error(`staff setup: ${setup.status} ${await setup.text()}`);
  const login = await post("/api/admin/login", { email: account.email, password: account.password });
  if (login.status !== 200) throw new Error(`staff sign-in: ${login.status} ${await login.text()}`);
  return `Bearer ${((await login.json()) as { token: string }).token}`;
}

/** Runs the server on `url` in a child process; answers it and its address once it listens. */
async function startServer(url: string) {
  const server = fork(fileURLToPath(import.meta.url), ["serve", url], { stdio: "inherit" });
  const { appUrl } = await new Promise<{ appUrl: string }>((resolve, reject) => {
    server.once("message", (m) => resolve(m as { appUrl: string }));
    server.once("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { server, appUrl };
}

type SweepTimes = { reminder: number; expiry: number };
function askSweeps(server: ReturnType<typeof fork>): Promise<SweepTimes> {
  return new Promise((resolve) => {
    const heard = (m: unknown) => {
      const sweeps = (m as { sweeps?: SweepTimes }).sweeps;
      if (!sweeps) return;
      server.off("message", heard);
      resolve(sweeps);
    };
    server.on("message", heard);
    server.send("sweeps");
  });
}

async function stopServer(server: ReturnType<typeof fork>) {
  if (server.exitCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.send("stop");
  await exited;
}

async function main() {
  const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const id = randomBytes(4).toString("hex");
  const names = { small: `pw_bench_scale_${id}_small`, large: `pw_bench_scale_${id}_large` };
  const urlOf = (name: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.href;
  };
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const clients: pg.Client[] = [];
  const servers: ReturnType<typeof fork>[] = [];
  const began = performance.now();
  try {
    await admin.query(`create database ${names.small}`);
    await (await openDatabase({ kind: "postgres", url: urlOf(names.small) })).close();
    const passwordHash = await hashPassword(PASSWORD);
    const smallSeed = await seedFamilies(urlOf(names.small), 1, SMALL, passwordHash);
    printSeed(`seeded ${SMALL} families`, smallSeed);
    // The larger database is the smaller one, copied, with more families added the same way; the two are
    // measured taking turns, so the machine's other work falls on both alike.
    await admin.query(`create database ${names.large} template ${names.small}`);
    console.log(`seeding ${(LARGE - SMALL).toLocaleString("en")} more families`);
    const largeSeed = await seedFamilies(urlOf(names.large), SMALL + 1, LARGE, passwordHash);
    printSeed(`seeded ${(LARGE - SMALL).toLocaleString("en")} more families`, largeSeed);

    const targets: Target[] = [];
    for (const [label, families, database] of [
      ["small", SMALL, names.small],
      ["large", LARGE, names.large],
    ] as const) {
      const client = new pg.Client({ connectionString: urlOf(database) });
      await client.connect();
      clients.push(client);
      // Vacuumed as well as analysed, as a database in service is: otherwise autovacuum would work through
      // the freshly written tables during the measurement, and only on the larger database.
      const t = performance.now();
      await client.query("vacuum (analyze)");
      // Gigabytes just written are flushed now rather than by a checkpoint in the middle of the measurement.
      await client.query("checkpoint");
      if (label === "large")
        console.log(`vacuum, analyse and checkpoint: ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const sample = await readSample(client);
      const waiting = await prepareSample(client, sample);
      const { server, appUrl } = await startServer(urlOf(database));
      servers.push(server);
      const staff = await signInStaff(appUrl);
      targets.push({
        label: `${families} families`,
        families,
        database,
        appUrl,
        serverPid: server.pid ?? 0,
        sample,
        waiting,
        staff,
        latencies: ENDPOINTS.map(() => []),
        failed: ENDPOINTS.map(() => 0),
        cpu: { server: 0, requests: 0 },
      });
    }
    const [small, large] = targets as [Target, Target];
    console.log(`measuring for ${MEASURE_S} s`);
    await offer(targets, WARM_UP_S, false);
    await offer(targets, MEASURE_S, true);

    printResults(small, large);
    const [smallSweeps, largeSweeps] = await Promise.all(servers.map(askSweeps));
    console.log(
      `a sweep with nothing due, median of ${SWEEP_RUNS} runs: reminders ${ms(smallSweeps?.reminder ?? Number.NaN)} ms at ${SMALL} families, ${ms(largeSweeps?.reminder ?? Number.NaN)} ms at ${LARGE}; expiry ${ms(smallSweeps?.expiry ?? Number.NaN)} ms, ${ms(largeSweeps?.expiry ?? Number.NaN)} ms (every instance runs both every 10 s)`,
    );
    const [{ carts, size } = { carts: "0", size: "" }] = (
      await (clients[1] as pg.Client).query<{ carts: string; size: string }>(
        "select (select count(*) from carts)::text as carts, pg_size_pretty(pg_database_size(current_database())) as size",
      )
    ).rows;
    console.log(
      `\nseeding: ${SMALL} families in ${smallSeed.seconds.toFixed(0)} s, ${(LARGE - SMALL).toLocaleString("en")} more in ${largeSeed.seconds.toFixed(0)} s (${Number(carts).toLocaleString("en")} carts, ${size}); whole run ${((performance.now() - began) / 60000).toFixed(1)} min`,
    );
  } finally {
    for (const server of servers) await stopServer(server);
    for (const client of clients) await client.end().catch(() => {});
    for (const name of Object.values(names)) {
      if (process.env.SCALE_KEEP_DB === "1") console.log(`kept the database ${urlOf(name)}`);
      else await admin.query(`drop database if exists ${name} with (force)`);
    }
    await admin.end();
  }
}

if (process.argv[2] === "serve") {
  await serve(process.argv[3] as string);
} else {
  await main();
}
