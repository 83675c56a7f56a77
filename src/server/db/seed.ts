import { and, eq } from "drizzle-orm";
import { BADGES, type BadgeType } from "../../shared/rules/badges";
import { parseCents } from "../../shared/rules/money";
import type { CartItem, CartStatus, SuggestedItem } from "../../shared/schemas/carts";
import { ConfigError, loadConfig } from "../config";
import { isMainModule } from "../lib/is-main-module";
import { monthKey, startOfMonth } from "../lib/month";
import { hashPassword } from "../modules/auth/passwords";
import { startOwnFamily } from "../modules/auth/users.repository";
import { type Database, type Executor, openDatabase } from "./client";
import { achievements, budgetCategories, carts, children, chores, users } from "./schema";

/**
 * `npm run seed`: a demo family to look around with. Idempotent: every record is looked up by a natural
 * key first and only what is missing is added, so a second run changes nothing (and never undoes what
 * was done in the app since).
 */
export const DEMO_EMAIL = "demo@pocketwise.app";
export const DEMO_PASSWORD = "pocketwise-demo";

interface DemoCart {
  key: string;
  retailer: string;
  status: CartStatus;
  items: CartItem[];
  hoursAgo: number;
  tag?: string;
  notes?: string;
  decisionNote?: string;
  suggestedItem?: SuggestedItem;
}
interface DemoChore {
  title: string;
  reward: string;
  state: "todo" | "marked_done" | "confirmed";
  description?: string;
  dueInDays?: number;
}
interface DemoChild {
  name: string;
  age: number;
  profileColor: string;
  monthlyBudget: string;
  autoApprovalLimit: string;
  categories: { name: string; monthlyLimit: string; isRestricted: boolean }[];
  carts: DemoCart[];
  chores: DemoChore[];
  badges: BadgeType[];
}

const item = (name: string, price: string, quantity = 1, category?: string): CartItem =>
  category ? { name, price, quantity, category } : { name, price, quantity };

export const DEMO_CHILDREN: DemoChild[] = [
  {
    name: "Maya",
    age: 10,
    profileColor: "#8B5CF6",
    monthlyBudget: "50.00",
    autoApprovalLimit: "10.00",
    categories: [{ name: "Books", monthlyLimit: "20.00", isRestricted: false }],
    carts: [
      {
        key: "maya-lego",
        retailer: "Toy Galaxy",
        status: "pending",
        items: [item("LEGO Creator 3-in-1 set", "24.99")],
        hoursAgo: 2,
        tag: "Birthday idea",
        notes: "It is for my school project too!",
      },
      {
        key: "maya-books",
        retailer: "Book Nook",
        status: "approved",
        items: [item("The Wild Robot", "8.99", 1, "Books"), item("Bookmark", "2.00", 2, "Books")],
        hoursAgo: 30,
      },
      {
        key: "maya-candy",
        retailer: "Candy Corner",
        status: "declined",
        items: [item("Sour gummies", "3.50", 3)],
        hoursAgo: 20,
        decisionNote: "Let's keep sweets for the weekend.",
      },
      {
        key: "maya-art",
        retailer: "Art Supply Co.",
        status: "completed",
        items: [item("Watercolour set", "14.50"), item("Brush pack", "5.00")],
        hoursAgo: 60,
      },
    ],
    chores: [
      { title: "Feed the cat", reward: "2.00", state: "confirmed", description: "Morning and evening" },
      { title: "Water the plants", reward: "1.50", state: "marked_done" },
      { title: "Tidy your room", reward: "3.00", state: "todo", dueInDays: 2 },
      { title: "Help with the groceries", reward: "2.50", state: "todo" },
    ],
    badges: ["first_cart", "smart_spender", "chore_champion"],
  },
  {
    name: "Leo",
    age: 13,
    profileColor: "#3B82F6",
    monthlyBudget: "80.00",
    autoApprovalLimit: "20.00",
    categories: [{ name: "Video games", monthlyLimit: "30.00", isRestricted: true }],
    carts: [
      {
        key: "leo-shoes",
        retailer: "Sneaker Spot",
        status: "pending",
        items: [item("Running shoes", "59.99")],
        hoursAgo: 1,
        tag: "School",
        notes: "My old ones have a hole.",
      },
      {
        key: "leo-grips",
        retailer: "Game Hub",
        status: "pending",
        items: [item("Controller grips", "12.00", 2)],
        hoursAgo: 5,
      },
      {
        key: "leo-strings",
        retailer: "Music Store",
        status: "approved",
        items: [item("Guitar strings", "7.99")],
        hoursAgo: 26,
      },
      {
        key: "leo-game",
        retailer: "Game Hub",
        status: "declined",
        items: [item("Mega Shooter (rated M)", "69.99", 1, "Video games")],
        hoursAgo: 48,
        decisionNote: "That one is rated M. How about the racing game instead?",
        suggestedItem: { name: "Turbo Racers", price: "39.99" },
      },
      {
        key: "leo-ball",
        retailer: "Sports Hub",
        status: "completed",
        items: [item("Soccer ball", "18.00")],
        hoursAgo: 72,
      },
    ],
    chores: [
      { title: "Mow the lawn", reward: "10.00", state: "confirmed" },
      { title: "Wash the car", reward: "8.00", state: "todo", dueInDays: 5 },
      { title: "Take out the recycling", reward: "2.00", state: "todo" },
    ],
    badges: ["first_cart", "smart_spender", "chore_champion"],
  },
];

const HOUR = 60 * 60 * 1000;
const cartTotal = (items: CartItem[]) => items.reduce((sum, i) => sum + parseCents(i.price) * i.quantity, 0);
const isSpent = (status: CartStatus) => status === "approved" || status === "completed";

export interface SeedResult {
  /** False when the demo parent already existed. */
  created: boolean;
  /** Records added by this run (0 when the demo family was already complete). */
  added: number;
  userId: string;
  children: { id: string; name: string; age: number }[];
}

export async function seedDemoFamily(database: Database, now: Date = new Date()): Promise<SeedResult> {
  const monthStart = startOfMonth(now);
  // Keep every demo record inside this month, so spending and the month's purchases add up.
  const at = (hoursAgo: number) => new Date(Math.max(now.getTime() - hoursAgo * HOUR, monthStart.getTime() + 1000));
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return database.db.transaction(async (tx) => {
    let created = false;
    let [user] = await tx.select().from(users).where(eq(users.email, DEMO_EMAIL));
    if (!user) {
      created = true;
      const purchases = DEMO_CHILDREN.flatMap((c) => c.carts).filter((c) => isSpent(c.status)).length;
      [user] = await tx
        .insert(users)
        .values({
          email: DEMO_EMAIL,
          passwordHash,
          firstName: "Jordan",
          lastName: "Demo",
          subscriptionTier: "family",
          monthlyPurchases: purchases,
          lastResetDate: monthStart,
          isVerified: true,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    }
    if (!user) throw new Error("the demo parent could not be created");
    await startOwnFamily(tx, user.id);

    const result: SeedResult = { created, added: created ? 1 : 0, userId: user.id, children: [] };
    for (const spec of DEMO_CHILDREN) {
      const { row: child, added } = await ensureChild(tx, user.id, spec, now);
      result.added += added;
      result.children.push({ id: child.id, name: child.name, age: child.age });
      result.added += await ensureCategories(tx, child.id, spec, now);
      result.added += await ensureCarts(tx, child.id, spec, at);
      result.added += await ensureChores(tx, child.id, spec, now, at);
      const badges = await tx
        .insert(achievements)
        .values(spec.badges.map((type, i) => ({ childId: child.id, ...BADGES[type], earnedAt: at(40 - i * 10) })))
        .onConflictDoNothing({ target: [achievements.childId, achievements.type] })
        .returning({ id: achievements.id });
      result.added += badges.length;
    }
    return result;
  });
}

async function ensureChild(tx: Executor, parentId: string, spec: DemoChild, now: Date) {
  const [existing] = await tx
    .select()
    .from(children)
    .where(and(eq(children.parentId, parentId), eq(children.name, spec.name)));
  if (existing) return { row: existing, added: 0 };
  const spent = spec.carts.filter((c) => isSpent(c.status)).reduce((sum, c) => sum + cartTotal(c.items), 0);
  const bonus = spec.chores.filter((c) => c.state === "confirmed").reduce((sum, c) => sum + parseCents(c.reward), 0);
  const [row] = await tx
    .insert(children)
    .values({
      parentId,
      name: spec.name,
      age: spec.age,
      profileColor: spec.profileColor,
      monthlyBudget: parseCents(spec.monthlyBudget),
      autoApprovalLimit: parseCents(spec.autoApprovalLimit),
      currentSpent: spent,
      spentMonth: monthKey(now),
      bonusBudget: bonus,
      bonusMonth: monthKey(now),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error(`the demo child ${spec.name} could not be created`);
  return { row, added: 1 };
}

async function ensureCategories(tx: Executor, childId: string, spec: DemoChild, now: Date) {
  let added = 0;
  for (const category of spec.categories) {
    const spent = spec.carts
      .filter((c) => isSpent(c.status))
      .flatMap((c) => c.items)
      .filter((i) => i.category === category.name)
      .reduce((sum, i) => sum + parseCents(i.price) * i.quantity, 0);
    const rows = await tx
      .insert(budgetCategories)
      .values({
        childId,
        name: category.name,
        monthlyLimit: parseCents(category.monthlyLimit),
        isRestricted: category.isRestricted,
        currentSpent: spent,
        spentMonth: monthKey(now),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [budgetCategories.childId, budgetCategories.name] })
      .returning({ id: budgetCategories.id });
    added += rows.length;
  }
  return added;
}

async function ensureCarts(tx: Executor, childId: string, spec: DemoChild, at: (hoursAgo: number) => Date) {
  let added = 0;
  for (const cart of spec.carts) {
    const createdAt = at(cart.hoursAgo);
    const decidedAt = at(Math.max(0, cart.hoursAgo - 1));
    const rows = await tx
      .insert(carts)
      .values({
        childId,
        retailer: cart.retailer,
        total: cartTotal(cart.items),
        status: cart.status,
        tag: cart.tag ?? null,
        notes: cart.notes ?? null,
        items: cart.items,
        decisionNote: cart.decisionNote ?? null,
        suggestedItem: cart.suggestedItem ?? null,
        idempotencyKey: `demo:${cart.key}`,
        approvedAt: isSpent(cart.status) ? decidedAt : null,
        declinedAt: cart.status === "declined" ? decidedAt : null,
        completedAt: cart.status === "completed" ? at(Math.max(0, cart.hoursAgo - 2)) : null,
        createdAt,
        updatedAt: decidedAt,
      })
      .onConflictDoNothing({ target: [carts.childId, carts.idempotencyKey] })
      .returning({ id: carts.id });
    added += rows.length;
  }
  return added;
}

async function ensureChores(tx: Executor, childId: string, spec: DemoChild, now: Date, at: (hoursAgo: number) => Date) {
  let added = 0;
  for (const [i, chore] of spec.chores.entries()) {
    const [existing] = await tx
      .select({ id: chores.id })
      .from(chores)
      .where(and(eq(chores.childId, childId), eq(chores.title, chore.title)));
    if (existing) continue;
    const createdAt = at(50 - i);
    await tx.insert(chores).values({
      childId,
      title: chore.title,
      description: chore.description ?? null,
      reward: parseCents(chore.reward),
      markedDoneAt: chore.state === "todo" ? null : at(10),
      isCompleted: chore.state === "confirmed",
      completedAt: chore.state === "confirmed" ? at(9) : null,
      dueDate: chore.dueInDays ? new Date(now.getTime() + chore.dueInDays * 24 * HOUR) : null,
      createdAt,
      updatedAt: createdAt,
    });
    added += 1;
  }
  return added;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(config.database);
  try {
    const result = await seedDemoFamily(database);
    const where = database.kind === "pglite" ? `the embedded database in ${config.dataDir}` : "PostgreSQL";
    console.log(
      result.created
        ? `Demo family created in ${where}.`
        : result.added === 0
          ? `The demo family was already in ${where}; nothing changed.`
          : `The demo family was already in ${where}; ${result.added} missing record(s) added back.`,
    );
    console.log(`
Sign in at http://localhost:${config.port}/signin (run \`npm start\` first) with
  e-mail:    ${DEMO_EMAIL}
  password:  ${DEMO_PASSWORD}

Plan: Family Plan. Children: ${result.children.map((c) => `${c.name} (${c.age})`).join(", ")}.
Each has carts waiting, approved, declined and completed, a few badges and chores.`);
  } finally {
    await database.close();
  }
}

// Run directly (`npm run seed`), not when imported by a test.
if (isMainModule(import.meta.url)) {
  main().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
