import type pg from "pg";
import type { CapturedStatement } from "./statement-capture";

/** A table a plan reads, and how. */
export interface TableRead {
  table: string;
  node: string;
  /** "custom": planned for the values the app sent; "generic": the one plan a prepared statement may keep for all. */
  plan: "custom" | "generic";
}

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  Schema?: string;
  "Total Cost": number;
  Plans?: PlanNode[];
}

/** Only these can be explained; transaction control, SET, LISTEN and the like plan nothing. */
const EXPLAINABLE = /^\s*(with|select|insert|update|delete|values)\b/i;

export const isExplainable = (text: string) => EXPLAINABLE.test(text);

/**
 * What PostgreSQL adds to a custom plan's cost for planning it again (plancache.c, cached_plan_cost:
 * 1000 × cpu_operator_cost per range-table entry and one more), when it weighs that against keeping a
 * prepared statement's generic plan.
 */
const REPLANNING_COST_PER_RELATION = 1000 * 0.0025;

/**
 * The application tables `statement`'s plan reads, on `client` (a connection of its own to the same
 * database). Plain EXPLAIN plans without running, so writes are safe to explain.
 *
 * A statement the app runs as a named prepared statement may, after five runs, be run by its generic plan,
 * made without looking at any values. PostgreSQL switches to it when it costs less than the custom plans
 * did with their planning counted in (plancache.c, choose_custom_plan), so its reads count too when it
 * would be chosen.
 */
export async function tablesRead(client: pg.Client, statement: CapturedStatement): Promise<TableRead[]> {
  const custom = await explain(client, `explain (format json, verbose) ${statement.text}`, statement.values);
  const reads = readsOf(custom, "custom");
  if (statement.name) {
    const generic = await explainGeneric(client, statement.text);
    const customWithPlanning = custom["Total Cost"] + REPLANNING_COST_PER_RELATION * (scans(custom) + 1);
    if (generic["Total Cost"] < customWithPlanning) reads.push(...readsOf(generic, "generic"));
  }
  return reads;
}

async function explain(client: pg.Client, text: string, values: unknown[] = []): Promise<PlanNode> {
  const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>({ text, values });
  const plan = rows[0]?.["QUERY PLAN"][0]?.Plan;
  if (!plan) throw new Error(`no plan for: ${text}`);
  return plan;
}

/** PostgreSQL 15 has no EXPLAIN (GENERIC_PLAN): prepare the text and force the generic plan of it. */
async function explainGeneric(client: pg.Client, text: string): Promise<PlanNode> {
  await client.query(`prepare plan_check as ${text}`);
  try {
    const [prepared] = (
      await client.query<{ n: number }>(
        "select cardinality(parameter_types) as n from pg_prepared_statements where name = 'plan_check'",
      )
    ).rows;
    const nulls = Array.from({ length: prepared?.n ?? 0 }, () => "null").join(", ");
    await client.query("set plan_cache_mode = force_generic_plan");
    return await explain(client, `explain (format json, verbose) execute plan_check${nulls ? `(${nulls})` : ""}`);
  } finally {
    await client.query("reset plan_cache_mode");
    await client.query("deallocate plan_check");
  }
}

/** How many relations, functions and the like a plan scans: near enough to its range table's length. */
const scans = (node: PlanNode): number =>
  (node["Node Type"].endsWith("Scan") ? 1 : 0) + (node.Plans ?? []).reduce((n, child) => n + scans(child), 0);

function readsOf(node: PlanNode, plan: TableRead["plan"]): TableRead[] {
  const own =
    node["Relation Name"] && node.Schema === "public"
      ? [{ table: node["Relation Name"], node: node["Node Type"], plan }]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => readsOf(child, plan))];
}
