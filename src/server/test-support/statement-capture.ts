import { AsyncLocalStorage } from "node:async_hooks";
import pg from "pg";

/** One statement the app sent to PostgreSQL, with the request it served. */
export interface CapturedStatement {
  /** What the app was doing, e.g. "GET /api/carts/pending as a parent". */
  during: string;
  text: string;
  values: unknown[];
  /** Set when the app ran it as a named prepared statement, which PostgreSQL may plan once for all values. */
  name?: string;
}

type QueryArgs = [config: unknown, values?: unknown, callback?: unknown];

/**
 * Records every statement `pg` clients send while `during` runs, and only then: the app's background work
 * (workers, sweeps, pg-boss) outside a request is not recorded, and neither is the test's own SQL run outside
 * `during`. Works through the one `pg.Client` class that the app's pool, its transactions and its named
 * prepared statements all go through.
 */
export function captureStatements() {
  const scope = new AsyncLocalStorage<string>();
  const statements: CapturedStatement[] = [];
  const proto = pg.Client.prototype as unknown as { query: (...args: QueryArgs) => unknown };
  const original = proto.query;

  proto.query = function (this: unknown, ...args: QueryArgs) {
    const during = scope.getStore();
    if (during !== undefined) {
      const statement = statementOf(during, args);
      if (statement) statements.push(statement);
    }
    return original.apply(this, args);
  };

  return {
    statements,
    /** Runs `fn`, recording the statements it causes under `label`. */
    during<T>(label: string, fn: () => PromiseLike<T>): Promise<T> {
      // Awaited inside the scope: `inject` answers a lazy thenable that only sends the request once awaited.
      return scope.run(label, async () => await fn());
    },
    stop() {
      proto.query = original;
    },
  };
}

function statementOf(during: string, [config, values]: QueryArgs): CapturedStatement | null {
  if (typeof config === "string") return { during, text: config, values: Array.isArray(values) ? values : [] };
  if (config && typeof config === "object" && "text" in config && typeof config.text === "string") {
    const c = config as { text: string; values?: unknown[]; name?: string };
    return {
      during,
      text: c.text,
      values: c.values ?? (Array.isArray(values) ? values : []),
      ...(c.name ? { name: c.name } : {}),
    };
  }
  return null;
}
