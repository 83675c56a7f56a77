import { ensureExtensionBuilt } from "../../scripts/build-extension";
import { ensureClientBuilt } from "../../scripts/build-if-stale";
import { startServer } from "./server";

// `npm start`: build the client and the browser extension when missing or older than their sources, then serve.
await ensureClientBuilt();
await ensureExtensionBuilt();
await startServer();
