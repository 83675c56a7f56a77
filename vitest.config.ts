import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = {
  "@": path.resolve(import.meta.dirname, "src/client"),
  "@shared": path.resolve(import.meta.dirname, "src/shared"),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: [
            "src/shared/**/*.test.ts",
            "src/client/**/*.test.{ts,tsx}",
            "scripts/**/*.test.ts",
            "extension/**/*.test.ts",
          ],
          environment: "happy-dom",
          setupFiles: ["./vitest.setup.ts"],
          // Projects with different worker counts must run as separate groups in one invocation.
          sequence: { groupOrder: 0 },
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["src/server/**/*.test.ts", "examples/**/*.test.ts"],
          environment: "node",
          setupFiles: ["./vitest.setup.ts"],
          pool: "forks",
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["e2e/**/*.spec.ts"],
          environment: "node",
          globalSetup: ["e2e/global-setup.ts"],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          // A journey runs against real timers on a shared machine; one retry in a fresh page tells a slow
          // moment from a broken screen, which fails both times.
          retry: 1,
          // A journey of three people at two widths takes about a minute on a busy 2-core machine.
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
