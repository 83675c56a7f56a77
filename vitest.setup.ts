import { format } from "node:util";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";

/**
 * Unit and API tests fail on any console.error and on any unhandled rejection, as the browser journeys
 * fail on a console error (epic-stack's tests/setup/setup-test-env.ts). An error log is how React reports
 * an act() or key warning and how a swallowed failure usually shows itself; a passing test that prints one
 * hides a bug. A test that provokes an expected error log says so in the test itself:
 *   vi.spyOn(console, "error").mockImplementation(() => {}); // why the error is expected
 *
 * The calls are recorded and the hooks below fail the test (or the file, for its module scope), rather than
 * console.error throwing, because the code that logs is often inside a try/catch, a React boundary or a
 * Fastify hook that would swallow the throw.
 */
const problems: string[] = [];

const record = (kind: string) => (reason: unknown) => {
  const text = reason instanceof Error ? (reason.stack ?? reason.message) : format(reason);
  problems.push(`${kind}: ${text}`);
};
const onUnhandledRejection = record("unhandled rejection");
const recordConsoleError = (...args: unknown[]) => {
  problems.push(`console.error: ${format(...args)}`);
};

function failOnProblems(when: string) {
  if (problems.length === 0) return;
  const found = problems.splice(0);
  throw new Error(`${when}:\n\n${found.join("\n\n")}`);
}

// At module scope, not in beforeAll: setup files load before the test file, so its own module scope is
// watched too.
process.on("unhandledRejection", onUnhandledRejection);
vi.spyOn(console, "error").mockImplementation(recordConsoleError);

beforeAll(() => {
  failOnProblems("An error was logged or a rejection left unhandled while the test file loaded");
});

beforeEach(() => {
  // A test's own spy (see above) is replaced here, so silencing one test never silences the next.
  vi.spyOn(console, "error").mockImplementation(recordConsoleError);
  failOnProblems(
    "An error was logged or a rejection left unhandled before this test began (in beforeAll, or late from the test before)",
  );
});

afterEach(() => {
  failOnProblems("An error was logged or a rejection left unhandled during this test");
});

afterAll(() => {
  process.off("unhandledRejection", onUnhandledRejection);
  // A test file may have restored every mock itself (vi.restoreAllMocks), the recorder included.
  if (vi.isMockFunction(console.error)) vi.mocked(console.error).mockRestore();
  failOnProblems("An error was logged or a rejection left unhandled after the last test (in afterAll, or late)");
});
