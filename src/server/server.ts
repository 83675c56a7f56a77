import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { type Database, openDatabase } from "./db/client";
import { DataDirInUseError } from "./db/data-dir-lock";
import { isMainModule } from "./lib/is-main-module";

/** Listens and shuts down gracefully; everything else lives in buildApp. */
export async function startServer() {
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
  let database: Database;
  try {
    database = await openDatabase(config.database);
  } catch (err) {
    if (err instanceof DataDirInUseError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ ...config, logLevel: config.logLevel, automations: { worker: true } }, database);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
  const where = database.kind === "pglite" ? `embedded database in ${config.dataDir}` : "PostgreSQL";
  console.log(`Pocketwise is ready on http://localhost:${config.port} (${where})`);
  return app;
}

if (isMainModule(import.meta.url)) {
  void startServer();
}
