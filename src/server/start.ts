import { ensureClientBuilt } from "../../scripts/build-if-stale";
import { startServer } from "./server";

// `npm start`: build the client when it is missing or older than its sources, then serve.
await ensureClientBuilt();
await startServer();
