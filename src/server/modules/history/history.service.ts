import { HOUR_MS, MAX_APPROVAL_WINDOW_HOURS } from "../../../shared/rules/approval-window";
import { type ChildFigures, type MonthFigures, spendingInsights } from "../../../shared/rules/insights";
import { formatCents } from "../../../shared/rules/money";
import type { Spending } from "../../../shared/schemas/history";
import type { Executor } from "../../db/client";
import { monthKey, startOfMonth } from "../../lib/month";
import { type CategoryRow, type HistoryChild, type MonthRow, monthFigures, recentFigures } from "./history.repository";

/* docs/decisions/161: spending by month and category, approvals and declines, and what changed. */

export const MONTHS_SHOWN = 12;

const addMonths = (month: Date, n: number) => new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + n, 1));

type Totals = Omit<MonthRow, "childId" | "month">;
const NONE: Totals = { spentCents: 0, approved: 0, declined: 0 };

/**
 * A month is settled once no cart asked in it can still change: a cart waits at most the longest approval
 * window, and a day more covers an expiry swept late. Before that, last month is read with this one.
 */
export const SETTLE_AFTER_MS = (MAX_APPROVAL_WINDOW_HOURS + 24) * HOUR_MS;

interface SettledFigures {
  /** Per month, the totals. */
  months: Map<string, Totals>;
  /** Last month's spending by category, once last month is settled. */
  categories: CategoryRow[];
}

/**
 * Settled months are kept per child in memory, which keeps a spending answer's cost to the carts of the
 * months still open (this month, and last month for its first eight days) however long the family's
 * history grows. They are derived from rows that no longer change, so every instance may keep its own
 * copy. A deleted child's entry is never reached again (the lookup by family comes first) and falls out as
 * others come in.
 */
export class SettledMonths {
  private readonly byChild = new Map<string, { through: string } & SettledFigures>();
  constructor(private readonly maxChildren = 10_000) {}

  /** Each child's figures up to `through` (a month key, exclusive), loaded once per child for the missing ones. */
  async read(
    childIds: string[],
    through: string,
    load: (childIds: string[]) => Promise<{ months: MonthRow[]; categories: CategoryRow[] }>,
  ): Promise<Map<string, SettledFigures>> {
    const out = new Map<string, SettledFigures>();
    const missing: string[] = [];
    for (const id of childIds) {
      const entry = this.byChild.get(id);
      if (entry?.through === through) out.set(id, entry);
      else missing.push(id);
    }
    if (missing.length) {
      const loaded = await load(missing);
      for (const id of missing) out.set(id, { months: new Map(), categories: [] });
      for (const r of loaded.months) out.get(r.childId)?.months.set(r.month, r);
      for (const c of loaded.categories) out.get(c.childId)?.categories.push(c);
      for (const id of missing) {
        const figures = out.get(id);
        if (figures) this.remember(id, { through, ...figures });
      }
    }
    return out;
  }

  private remember(childId: string, entry: { through: string } & SettledFigures) {
    this.byChild.delete(childId);
    this.byChild.set(childId, entry);
    if (this.byChild.size > this.maxChildren) {
      const oldest = this.byChild.keys().next().value;
      if (oldest !== undefined) this.byChild.delete(oldest);
    }
  }
}

/** The spending figures of `kids` as of `now`: the last 12 months, this month by category, and insights. */
export async function spendingOf(
  db: Executor,
  settled: SettledMonths,
  kids: HistoryChild[],
  now: Date,
): Promise<Spending> {
  const ids = kids.map((k) => k.id);
  const thisMonth = startOfMonth(now);
  const lastMonth = addMonths(thisMonth, -1);
  const first = addMonths(thisMonth, -(MONTHS_SHOWN - 1));
  const end = addMonths(thisMonth, 1);
  const thisKey = monthKey(thisMonth);
  const lastKey = monthKey(lastMonth);
  const months = { last: lastKey, current: thisKey };
  // Last month is settled once its last cart can no longer be decided; until then it is read with this one.
  const lastSettled = now.getTime() - thisMonth.getTime() >= SETTLE_AFTER_MS;
  const openFrom = lastSettled ? thisMonth : lastMonth;
  const [old, recent] = await Promise.all([
    settled.read(ids, monthKey(openFrom), async (missing) => {
      const [totals, last] = await Promise.all([
        monthFigures(db, missing, first, openFrom),
        lastSettled ? recentFigures(db, missing, months, lastMonth, thisMonth, thisMonth) : null,
      ]);
      return { months: totals, categories: last?.categories ?? [] };
    }),
    recentFigures(db, ids, months, openFrom, thisMonth, end),
  ]);
  const categories = [...recent.categories, ...[...old.values()].flatMap((f) => f.categories)];

  const perChild = new Map(ids.map((id) => [id, new Map(old.get(id)?.months ?? [])]));
  for (const r of recent.months) perChild.get(r.childId)?.set(r.month, r);

  const monthKeys = Array.from({ length: MONTHS_SHOWN }, (_, i) => monthKey(addMonths(first, i)));
  const byMonth = monthKeys.map((month) => {
    const sum = { ...NONE };
    for (const figures of perChild.values()) {
      const m = figures.get(month);
      if (!m) continue;
      sum.spentCents += m.spentCents;
      sum.approved += m.approved;
      sum.declined += m.declined;
    }
    return { month, spent: formatCents(sum.spentCents), approved: sum.approved, declined: sum.declined };
  });

  const byCategory = new Map<string | null, number>();
  for (const c of categories) {
    if (c.month === thisKey) byCategory.set(c.category, (byCategory.get(c.category) ?? 0) + c.cents);
  }

  const figuresOf = (childId: string, month: string): MonthFigures => ({
    ...(perChild.get(childId)?.get(month) ?? NONE),
    categories: categories
      .filter((c) => c.childId === childId && c.month === month)
      .map((c) => ({ category: c.category, cents: c.cents })),
  });
  const children: ChildFigures[] = kids.map((k) => ({
    childId: k.id,
    name: k.name,
    thisMonth: figuresOf(k.id, thisKey),
    lastMonth: figuresOf(k.id, lastKey),
  }));

  return {
    month: thisKey,
    months: byMonth,
    categories: [...byCategory]
      .sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])))
      .map(([category, cents]) => ({ category, spent: formatCents(cents) })),
    children: kids.map((k) => ({
      id: k.id,
      name: k.name,
      profileColor: k.profileColor,
      spent: formatCents(perChild.get(k.id)?.get(thisKey)?.spentCents ?? 0),
    })),
    insights: spendingInsights(children),
  };
}
