import { formatDollars } from "@shared/rules/money";
import type { Spending } from "@shared/schemas/history";
import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toCents } from "@/components/ui/money";

/*
 * docs/decisions/161: the charts are drawn with recharts, which only the history screens import, so it
 * arrives in their lazy chunk and never with the landing page. Each chart has its figures in a table for
 * screen readers, since a drawing says nothing to them.
 */

const COLORS = { spent: "#7c3aed", approved: "#059669", declined: "#dc2626" };
const AXIS = { fontSize: 12, fill: "#475569" };

const monthName = new Intl.DateTimeFormat(undefined, { month: "short", timeZone: "UTC" });
const longMonth = new Intl.DateTimeFormat(undefined, { month: "long", year: "numeric", timeZone: "UTC" });
const dateOf = (month: string) => new Date(`${month}-01T00:00:00Z`);
export const monthLabel = (month: string) => longMonth.format(dateOf(month));
const dollars = (cents: number) => formatDollars(cents);
const wholeDollars = (cents: number) => `$${Math.round(cents / 100)}`;

/** What Uncategorized means to a parent: items bought with no category and no tag on their cart. */
export const categoryName = (category: string | null) => category ?? "Uncategorized";

function ChartCard({
  id,
  title,
  description,
  children,
  table,
  empty,
}: {
  id: string;
  title: string;
  description: string;
  children: ReactNode;
  table: ReactNode;
  /** Said instead of the chart when there is nothing to draw. */
  empty?: string;
}) {
  return (
    <Card aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {empty ? (
          <p className="flex h-60 items-center justify-center rounded-xl border border-dashed border-slate-300 text-sm text-slate-600">
            {empty}
          </p>
        ) : (
          <>
            <div aria-hidden className="h-60 w-full">
              {children}
            </div>
            <div className="sr-only">{table}</div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function SpendingByMonthChart({ spending }: { spending: Spending }) {
  const data = spending.months.map((m) => ({
    label: monthName.format(dateOf(m.month)),
    ...m,
    cents: toCents(m.spent),
  }));
  return (
    <ChartCard
      id="chart-months"
      title="Spending by month"
      description="Approved purchases over the last 12 months"
      table={
        <table>
          <caption>Spending by month</caption>
          <tbody>
            {spending.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{dollars(toCents(m.spent))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="label"
            tick={AXIS}
            tickLine={false}
            axisLine={false}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis tick={AXIS} tickLine={false} axisLine={false} width={48} tickFormatter={wholeDollars} />
          <Tooltip
            formatter={(value) => dollars(Number(value))}
            labelFormatter={(_, p) => monthLabel(p[0]?.payload.month ?? "")}
          />
          <Bar dataKey="cents" name="Spent" fill={COLORS.spent} radius={[4, 4, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function DecisionsChart({ spending }: { spending: Spending }) {
  const data = spending.months.map((m) => ({ label: monthName.format(dateOf(m.month)), ...m }));
  return (
    <ChartCard
      id="chart-decisions"
      title="Approvals and declines"
      description="Requests approved and declined each month"
      table={
        <table>
          <caption>Approvals and declines by month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Approved</th>
              <th scope="col">Declined</th>
            </tr>
          </thead>
          <tbody>
            {spending.months.map((m) => (
              <tr key={m.month}>
                <th scope="row">{monthLabel(m.month)}</th>
                <td>{m.approved}</td>
                <td>{m.declined}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid vertical={false} stroke="#e2e8f0" />
          <XAxis
            dataKey="label"
            tick={AXIS}
            tickLine={false}
            axisLine={false}
            interval="preserveStartEnd"
            minTickGap={12}
          />
          <YAxis tick={AXIS} tickLine={false} axisLine={false} width={32} allowDecimals={false} />
          <Tooltip labelFormatter={(_, p) => monthLabel(p[0]?.payload.month ?? "")} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="approved" name="Approved" stackId="d" fill={COLORS.approved} isAnimationActive={false} />
          <Bar dataKey="declined" name="Declined" stackId="d" fill={COLORS.declined} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

export function CategoriesChart({ spending }: { spending: Spending }) {
  const total = spending.categories.reduce((sum, c) => sum + toCents(c.spent), 0);
  const data = spending.categories.map((c) => ({ name: categoryName(c.category), cents: toCents(c.spent) }));
  const share = (cents: number) => (total > 0 ? Math.round((cents / total) * 100) : 0);
  return (
    <ChartCard
      id="chart-categories"
      title="Spending by category"
      description={`${monthLabel(spending.month)}, ${dollars(total)} in all`}
      empty={data.length === 0 ? "Nothing bought yet this month." : undefined}
      table={
        <table>
          <caption>Spending by category in {monthLabel(spending.month)}</caption>
          <tbody>
            {data.map((c) => (
              <tr key={c.name}>
                <th scope="row">{c.name}</th>
                <td>
                  {dollars(c.cents)} ({share(c.cents)}%)
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={data}
          layout="vertical"
          margin={{ top: 0, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid horizontal={false} stroke="#e2e8f0" />
          <XAxis type="number" tick={AXIS} tickLine={false} axisLine={false} tickFormatter={wholeDollars} />
          <YAxis type="category" dataKey="name" tick={AXIS} tickLine={false} axisLine={false} width={96} />
          <Tooltip formatter={(value) => `${dollars(Number(value))} (${share(Number(value))}%)`} />
          <Bar dataKey="cents" name="Spent" fill={COLORS.spent} radius={[0, 4, 4, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
