// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  aliasesFrom,
  checkImport,
  checkTree,
  findProblems,
  type ImportEdge,
  moduleLoops,
  type Policy,
  type Problem,
} from "./check-boundaries";

const NONE: Policy = { publicFiles: {}, allowedLoops: [] };
const POLICY: Policy = { publicFiles: { "auth/passwords.ts": "shared hash" }, allowedLoops: [] };

const edge = (from: string, to: string | null, specifier = to ?? "zod"): ImportEdge => ({
  from,
  to,
  specifier,
  line: 1,
});
const rules = (problems: Problem[]) => problems.map((p) => p.rule);

describe("one import", () => {
  const F = "src/client/features/";
  const M = "src/server/modules/";
  const S = "src/shared/";
  it.each<[string, string, string | null, string | null, Problem["rule"][]]>([
    ["feature -> another feature", `${F}a/x.tsx`, `${F}b/api/y.ts`, null, ["feature-imports-feature"]],
    ["feature -> its own files", `${F}a/x.tsx`, `${F}a/api/y.ts`, null, []],
    ["app route -> features", "src/client/app/routes/p/page.tsx", `${F}b/y.tsx`, null, []],
    ["feature -> client lib", `${F}a/x.tsx`, "src/client/lib/api.ts", null, []],
    ["feature -> shared", `${F}a/x.tsx`, `${S}schemas/carts.ts`, null, []],
    ["feature -> server", `${F}a/x.tsx`, "src/server/db/schema/users.ts", null, ["client-imports-server"]],
    ["client lib -> server", "src/client/lib/api.ts", "src/server/app.ts", null, ["client-imports-server"]],
    ["client test -> server", `${F}a/x.test.tsx`, "src/server/app.ts", null, ["client-imports-server"]],
    ["shared -> shared", `${S}rules/money.ts`, `${S}schemas/common.ts`, null, []],
    ["shared -> package", `${S}rules/money.ts`, null, "zod", []],
    ["shared -> client", `${S}rules/money.ts`, "src/client/lib/api.ts", null, ["shared-imports-outside"]],
    ["shared -> server", `${S}schemas/x.ts`, "src/server/config.ts", null, ["shared-imports-outside"]],
    ["shared -> outside src", `${S}schemas/x.ts`, "package.json", null, ["shared-imports-outside"]],
    ["shared -> node built-in", `${S}rules/x.ts`, null, "node:crypto", ["shared-imports-outside"]],
    ["shared -> bare built-in", `${S}rules/x.ts`, null, "fs/promises", ["shared-imports-outside"]],
    ["shared test -> node built-in", `${S}rules/x.test.ts`, null, "node:fs", []],
    ["server -> shared", `${M}a/a.routes.ts`, `${S}schemas/a.ts`, null, []],
    ["module -> its own internals", `${M}a/a.routes.ts`, `${M}a/helper.ts`, null, []],
    ["module -> repository", `${M}a/a.routes.ts`, `${M}b/b.repository.ts`, null, []],
    ["module -> service", `${M}a/a.service.ts`, `${M}b/x.service.ts`, null, []],
    ["module -> entry", `${M}a/a.service.ts`, `${M}b/b.ts`, null, []],
    ["module -> part behind an entry", `${M}a/a.service.ts`, `${M}b/b-lock.ts`, null, ["module-imports-internal"]],
    ["module -> listed public file", `${M}a/a.routes.ts`, `${M}auth/passwords.ts`, null, []],
    ["module -> routes", `${M}a/a.service.ts`, `${M}b/b.routes.ts`, null, ["module-imports-internal"]],
    ["module -> plugin", `${M}a/a.routes.ts`, `${M}b/b.plugin.ts`, null, ["module-imports-internal"]],
    ["module -> unlisted helper", `${M}a/a.routes.ts`, `${M}b/lock.ts`, null, ["module-imports-internal"]],
    ["module test -> another's internals", `${M}a/a.test.ts`, `${M}b/b.plugin.ts`, null, []],
    ["app -> module routes", "src/server/app.ts", `${M}b/b.routes.ts`, null, []],
  ])("%s", (_name, from, to, specifier, expected) => {
    expect(rules(checkImport(edge(from, to, specifier ?? undefined), POLICY))).toEqual(expected);
  });
});

describe("module loops", () => {
  const m = (a: string, b: string, file = `${a}.service.ts`) =>
    edge(`src/server/modules/${a}/${file}`, `src/server/modules/${b}/${b}.repository.ts`);

  it("names the loop and the import behind each hop", () => {
    const problems = moduleLoops([m("admin", "automations"), m("automations", "support"), m("support", "admin")], NONE);
    expect(rules(problems)).toEqual(["module-loop"]);
    expect(problems[0]!.message).toContain("admin -> automations -> support -> admin");
    expect(problems[0]!.message).toContain("src/server/modules/support/support.service.ts:1 imports");
  });

  it("passes a graph without loops, and ignores tests", () => {
    expect(moduleLoops([m("a", "b"), m("b", "c"), m("a", "c"), m("c", "a", "c.test.ts")], NONE)).toEqual([]);
  });

  it("tolerates an allowed pair, but still finds another loop through it", () => {
    const pair: Policy = { publicFiles: {}, allowedLoops: [["children", "achievements"]] };
    const loop = [m("children", "achievements"), m("achievements", "children")];
    expect(moduleLoops(loop, pair)).toEqual([]);
    const wider = moduleLoops([...loop, m("achievements", "carts"), m("carts", "children")], pair);
    expect(rules(wider)).toEqual(["module-loop"]);
    expect(wider[0]!.message).toMatch(/carts -> children/);
  });

  it("fails an allowed pair whose loop is gone, so the entry is removed", () => {
    const pair: Policy = { publicFiles: {}, allowedLoops: [["children", "achievements"]] };
    const problems = moduleLoops([m("achievements", "children")], pair);
    expect(rules(problems)).toEqual(["stale-policy"]);
    expect(problems[0]!.message).toContain("children <-> achievements");
  });
});

it("fails a public-file entry that names no file", () => {
  const files = ["src/server/modules/auth/users.repository.ts"];
  expect(rules(findProblems(files, [], POLICY))).toEqual(["stale-policy"]);
  expect(findProblems([...files, "src/server/modules/auth/passwords.ts"], [], POLICY)).toEqual([]);
});

it("reads the path aliases from tsconfig", () => {
  const tsconfig = { compilerOptions: { paths: { "@/*": ["./src/client/*"], "@shared/*": ["./src/shared/*"] } } };
  expect(aliasesFrom(tsconfig)).toEqual([
    ["@/", "src/client/"],
    ["@shared/", "src/shared/"],
  ]);
});

describe("a tree on disk", () => {
  const root = mkdtempSync(path.join(tmpdir(), "pw-boundaries-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write(
    "tsconfig.json",
    JSON.stringify({ compilerOptions: { paths: { "@/*": ["./src/client/*"], "@shared/*": ["./src/shared/*"] } } }),
  );
  write("src/shared/schemas/a.ts", 'export * from "../../server/db/schema";\nexport const A = 1;\n');
  write(
    "src/shared/rules/b.ts",
    'import { A } from "@shared/schemas/a";\nimport { z } from "zod";\nexport const B = [A, z];\n',
  );
  write("src/server/db/schema.ts", "export const users = 1;\n");
  write("src/client/features/a/api/get-a.ts", "export const getA = 1;\n");
  write(
    "src/client/features/b/components/b.tsx",
    [
      '// import { getA } from "@/features/a/api/get-a"; a comment names no import',
      'const text = `import x from "../../a/api/get-a"`;',
      'import type { getA } from "@/features/a/api/get-a";',
      'export { getA as again } from "../../a/api/get-a";',
      'const lazy = () => import("../../../../server/db/schema");',
      "const unknown = (name: string) => import(name);",
      "export const B = [text, lazy, unknown] as const;",
      "export type T = typeof getA;",
    ].join("\n"),
  );
  write(
    "src/server/modules/one/one.service.ts",
    'import type { Two } from "../two/two.service";\nexport type One = Two;\n',
  );
  write(
    "src/server/modules/two/two.service.ts",
    'import { helper } from "../one/helper";\nexport type Two = typeof helper;\n',
  );
  write("src/server/modules/one/helper.ts", "export const helper = 1;\n");
  write("src/client/lib/broken.ts", "import { from;\n");

  it("finds every kind of import, with aliases and relative paths resolved to files", () => {
    const { problems, edges } = checkTree(root, NONE);
    // The rule and where, without the advice that follows.
    const head = (p: Problem) => `${p.rule} ${p.message.split("\n")[0]!.replace(/(imports "[^"]*"): .*$/, "$1")}`;
    const messages = problems.map(head).sort();
    expect(messages).toEqual([
      'client-imports-server src/client/features/b/components/b.tsx:5 imports "../../../../server/db/schema"',
      'feature-imports-feature src/client/features/b/components/b.tsx:3 imports "@/features/a/api/get-a"',
      'feature-imports-feature src/client/features/b/components/b.tsx:4 imports "../../a/api/get-a"',
      'module-imports-internal src/server/modules/two/two.service.ts:1 imports "../one/helper"',
      "module-loop server modules import each other in a loop: one -> two -> one",
      'shared-imports-outside src/shared/schemas/a.ts:1 imports "../../server/db/schema"',
      "unparsable src/client/lib/broken.ts: cannot be parsed, so its imports were not checked",
    ]);
    expect(edges.find((e) => e.specifier === "@shared/schemas/a")?.to).toBe("src/shared/schemas/a.ts");
    expect(edges.find((e) => e.specifier === "zod")?.to).toBeNull();
  });
});
