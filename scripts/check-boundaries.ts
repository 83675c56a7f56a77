import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { parseSync } from "vite";
import { isMainModule } from "../src/server/lib/is-main-module";

/**
 * `npm run lint`'s import boundaries (docs/decisions/126). Biome's noRestrictedImports matches the
 * specifier as written, so it cannot say "a feature imports another feature" for every feature at once,
 * nor see through `../../` paths or find loops; this script resolves every import and checks the rules.
 */

export interface ImportEdge {
  /** The importing file, relative to the repository, with forward slashes. */
  from: string;
  /** The imported file relative to the repository, or null for a package. */
  to: string | null;
  specifier: string;
  line: number;
}

export interface Problem {
  rule:
    | "client-imports-server"
    | "feature-imports-feature"
    | "shared-imports-outside"
    | "module-imports-internal"
    | "module-loop"
    | "stale-policy"
    | "unparsable";
  message: string;
}

export interface Policy {
  /** Files of a module other modules may import although their name carries no public role. */
  publicFiles: Record<string, string>;
  /** Pairs of modules whose loop is tolerated until the work that removes it lands. */
  allowedLoops: [string, string][];
}

export const POLICY: Policy = {
  // Each entry is a small helper with no role in its name that several modules genuinely share; a new
  // entry is a design decision, so it carries its reason. Paths are relative to src/server/modules.
  publicFiles: {
    "auth/passwords.ts": "the one password hash, for sign-up, staff accounts, password reset and the seed",
    "automations/mail-templates.ts": "the one e-mail layout, which password reset's mail uses too",
  },
  // Empty since the budget module (docs/decisions/125) ended children <-> achievements. A pair here is
  // a debt to pay, not an exception: an entry whose loop is gone fails the check, so it leaves with it.
  allowedLoops: [],
};

const CLIENT = "src/client/";
const SERVER = "src/server/";
const SHARED = "src/shared/";
const MODULES = "src/server/modules/";
const FEATURE = /^src\/client\/features\/([^/]+)\//;
const MODULE = /^src\/server\/modules\/([^/]+)\/(.+)$/;
/** A module's files other modules may import, by role: its data access and its logic. */
const PUBLIC_ROLE = /\.(repository|service)\.ts$/;
/** A module's own-named file (`budget/budget.ts`) is its entry, for a module whose parts stay private. */
const isPublic = (module: { name: string; file: string }) =>
  PUBLIC_ROLE.test(module.file) || module.file === `${module.name}.ts`;
const NODE_BUILTINS = new Set(builtinModules);

const isTest = (file: string) => /\.(test|spec)\.tsx?$/.test(file);
const featureOf = (file: string) => FEATURE.exec(file)?.[1] ?? null;
function moduleOf(file: string): { name: string; file: string } | null {
  const m = MODULE.exec(file);
  return m ? { name: m[1]!, file: m[2]! } : null;
}
const isBuiltin = (specifier: string) =>
  specifier.startsWith("node:") || NODE_BUILTINS.has(specifier.split("/")[0] ?? "");
const where = (e: ImportEdge) => `${e.from}:${e.line} imports "${e.specifier}"`;

/** The rules one import can break on its own. */
export function checkImport(edge: ImportEdge, policy: Policy = POLICY): Problem[] {
  const problems: Problem[] = [];
  const { from, to } = edge;

  if (from.startsWith(CLIENT) && to?.startsWith(SERVER)) {
    problems.push({
      rule: "client-imports-server",
      message: `${where(edge)}: the client never imports the server; share the contract through src/shared`,
    });
  }

  const fromFeature = featureOf(from);
  const toFeature = to ? featureOf(to) : null;
  if (fromFeature && toFeature && fromFeature !== toFeature) {
    problems.push({
      rule: "feature-imports-feature",
      message: `${where(edge)}: feature "${fromFeature}" imports feature "${toFeature}"; features never import each other: compose them in src/client/app (slots), or move what both need to src/client/lib, src/client/components or src/shared`,
    });
  }

  if (from.startsWith(SHARED)) {
    if (to !== null && !to.startsWith(SHARED)) {
      problems.push({
        rule: "shared-imports-outside",
        message: `${where(edge)}: src/shared imports only src/shared and packages, since both sides depend on it`,
      });
    } else if (to === null && isBuiltin(edge.specifier) && !isTest(from)) {
      problems.push({
        rule: "shared-imports-outside",
        message: `${where(edge)}: src/shared runs in the browser too, so it imports no Node built-in`,
      });
    }
  }

  // Tests may reach into any module to arrange a case; only shipped code is held to the public files.
  const fromModule = moduleOf(from);
  const toModule = to ? moduleOf(to) : null;
  if (fromModule && toModule && fromModule.name !== toModule.name && !isTest(from)) {
    const key = `${toModule.name}/${toModule.file}`;
    if (!isPublic(toModule) && !(key in policy.publicFiles)) {
      problems.push({
        rule: "module-imports-internal",
        message: `${where(edge)}: module "${fromModule.name}" uses "${toModule.file}", an internal of module "${toModule.name}"; other modules may import only its entry ${toModule.name}.ts, its *.repository.ts and *.service.ts files, or a file listed in publicFiles in scripts/check-boundaries.ts with its reason`,
      });
    }
  }
  return problems;
}

/** Module -> module imports of shipped code, each with the first import that makes it. */
export function moduleGraph(edges: ImportEdge[]): Map<string, Map<string, ImportEdge>> {
  const graph = new Map<string, Map<string, ImportEdge>>();
  for (const edge of edges) {
    const a = moduleOf(edge.from);
    const b = edge.to ? moduleOf(edge.to) : null;
    if (!a || !b || a.name === b.name || isTest(edge.from)) continue;
    const out = graph.get(a.name) ?? new Map<string, ImportEdge>();
    if (!out.has(b.name)) out.set(b.name, edge);
    graph.set(a.name, out);
  }
  return graph;
}

/** Tarjan's strongly connected components; a loop is any component of more than one node. */
function components(nodes: string[], next: (n: string) => Iterable<string>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
      }
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      found.push(component.sort());
    }
  };
  for (const n of [...nodes].sort()) if (!indexOf.has(n)) visit(n);
  return found;
}

/**
 * The shortest loop from `start` back to itself inside one component that takes at least one hop `counts`
 * allows, so the message never shows only the loop an allowed pair already excuses.
 */
function shortestLoop(
  start: string,
  inside: Set<string>,
  next: (n: string) => Iterable<string>,
  counts: (from: string, to: string) => boolean,
): string[] {
  type State = { node: string; counted: boolean; back: State | null };
  const seen = new Set<string>();
  const queue: State[] = [{ node: start, counted: false, back: null }];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const w of next(state.node)) {
      if (!inside.has(w)) continue;
      const counted = state.counted || counts(state.node, w);
      if (w === start && counted) {
        const loop = [start];
        for (let s: State | null = state; s; s = s.back) loop.unshift(s.node);
        return loop;
      }
      const key = `${w} ${counted}`;
      if (seen.has(key)) continue;
      seen.add(key);
      queue.push({ node: w, counted, back: state });
    }
  }
  return [start, start];
}

/** Loops between server modules, with an allowed pair counted as one node so any other loop still shows. */
export function moduleLoops(edges: ImportEdge[], policy: Policy = POLICY): Problem[] {
  const graph = moduleGraph(edges);
  const modules = new Set([...graph.keys(), ...[...graph.values()].flatMap((out) => [...out.keys()])]);
  const next = (n: string) => graph.get(n)?.keys() ?? [];
  const problems: Problem[] = [];

  const plain = components([...modules], next);
  const merged = new Map<string, string>();
  for (const [a, b] of policy.allowedLoops) {
    if (!plain.some((c) => c.includes(a) && c.includes(b))) {
      problems.push({
        rule: "stale-policy",
        message: `${a} <-> ${b} no longer import each other in a loop: remove the pair from allowedLoops in scripts/check-boundaries.ts`,
      });
      continue;
    }
    merged.set(b, merged.get(a) ?? a);
  }
  const node = (n: string) => merged.get(n) ?? n;
  const mergedNext = (n: string) => {
    const out = new Set<string>();
    for (const [m, edgesOut] of graph) {
      if (node(m) !== n) continue;
      for (const w of edgesOut.keys()) if (node(w) !== n) out.add(node(w));
    }
    return out;
  };

  for (const component of components([...new Set([...modules].map(node))], mergedNext)) {
    if (component.length < 2) continue;
    // Report the loop in real module names, each hop with the import that makes it.
    const inside = new Set([...modules].filter((m) => component.includes(node(m))));
    const loop = shortestLoop([...inside].sort()[0]!, inside, next, (a, b) => node(a) !== node(b));
    const hops = loop.slice(1).map((to, i) => {
      const edge = graph.get(loop[i]!)!.get(to)!;
      return `    ${loop[i]} -> ${to}: ${where(edge)}`;
    });
    problems.push({
      rule: "module-loop",
      message: `server modules import each other in a loop: ${loop.join(" -> ")}\n${hops.join("\n")}`,
    });
  }
  return problems;
}

/** Every rule over a whole tree: each import, the module graph, and the policy's own entries. */
export function findProblems(files: string[], edges: ImportEdge[], policy: Policy = POLICY): Problem[] {
  const existing = new Set(files);
  const problems = edges.flatMap((e) => checkImport(e, policy));
  for (const file of Object.keys(policy.publicFiles)) {
    if (!existing.has(MODULES + file)) {
      problems.push({
        rule: "stale-policy",
        message: `publicFiles names ${MODULES}${file}, which does not exist: remove or correct the entry in scripts/check-boundaries.ts`,
      });
    }
  }
  problems.push(...moduleLoops(edges, policy));
  return problems;
}

/** `"@/*": ["./src/client/*"]` from tsconfig.json becomes `["@/", "src/client/"]`. */
export function aliasesFrom(tsconfig: { compilerOptions?: { paths?: Record<string, string[]> } }): [string, string][] {
  return Object.entries(tsconfig.compilerOptions?.paths ?? {}).flatMap(([pattern, targets]) =>
    pattern.endsWith("/*") && targets[0]?.endsWith("/*")
      ? [[pattern.slice(0, -1), path.posix.normalize(targets[0].slice(0, -1))] as [string, string]]
      : [],
  );
}

const toPosix = (p: string) => p.split(path.sep).join("/");

function resolveLocal(root: string, fromFile: string, specifier: string, aliases: [string, string][]) {
  const bare = specifier.replace(/[?#].*$/, "");
  const alias = aliases.find(([prefix]) => bare.startsWith(prefix));
  let base: string;
  if (alias) base = path.join(root, alias[1], bare.slice(alias[0].length));
  else if (bare.startsWith(".") || bare.startsWith("/")) base = path.resolve(path.dirname(fromFile), bare);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/\.([cm]?)js$/, ".$1ts"));
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? base;
  return toPosix(path.relative(root, found));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every import, re-export and literal dynamic import in the .ts/.tsx files under `root/src`. */
export function collectImports(root: string, aliases: [string, string][]) {
  const files = sourceFiles(path.join(root, "src"));
  const edges: ImportEdge[] = [];
  const problems: Problem[] = [];
  for (const file of files) {
    const from = toPosix(path.relative(root, file));
    const code = readFileSync(file, "utf8");
    const parsed = parseSync(file, code);
    if (parsed.errors.length > 0) {
      problems.push({ rule: "unparsable", message: `${from}: cannot be parsed, so its imports were not checked` });
      continue;
    }
    const requests: { value: string; start: number }[] = [];
    for (const s of parsed.module.staticImports) requests.push(s.moduleRequest);
    for (const s of parsed.module.staticExports) {
      for (const e of s.entries) if (e.moduleRequest) requests.push(e.moduleRequest);
    }
    for (const d of parsed.module.dynamicImports) {
      // Only a literal path can be checked; `import(variable)` names no file here.
      const literal = /^(["'`])([^"'`$]*)\1$/.exec(code.slice(d.moduleRequest.start, d.moduleRequest.end));
      if (literal) requests.push({ value: literal[2]!, start: d.moduleRequest.start });
    }
    // `import { x } from "m"; export { x }` lists "m" twice, at the same place.
    const seen = new Set<number>();
    for (const { value, start } of requests) {
      if (seen.has(start)) continue;
      seen.add(start);
      const line = code.slice(0, start).split("\n").length;
      edges.push({ from, to: resolveLocal(root, file, value, aliases), specifier: value, line });
    }
  }
  return { files: files.map((f) => toPosix(path.relative(root, f))), edges, problems };
}

export function checkTree(root: string, policy: Policy = POLICY) {
  const tsconfig = JSON.parse(readFileSync(path.join(root, "tsconfig.json"), "utf8"));
  const { files, edges, problems } = collectImports(root, aliasesFrom(tsconfig));
  return { files, edges, problems: [...problems, ...findProblems(files, edges, policy)] };
}

if (isMainModule(import.meta.url)) {
  const { files, edges, problems } = checkTree(path.resolve(import.meta.dirname, ".."));
  if (problems.length > 0) {
    console.error(`Import boundaries (docs/decisions/126-boundaries-kept-by-tools.md):\n`);
    for (const p of problems) console.error(`  [${p.rule}] ${p.message}\n`);
    console.error(`${problems.length} problem${problems.length === 1 ? "" : "s"}.`);
    process.exit(1);
  }
  console.log(`Import boundaries hold: ${edges.length} imports in ${files.length} files.`);
}
