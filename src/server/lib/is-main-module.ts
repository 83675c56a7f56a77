import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

/**
 * True when the module at `moduleUrl` is the script node was started with. Compared as real paths, so
 * a folder name with spaces (percent-encoded in import.meta.url) or a symlink still matches.
 */
export function isMainModule(moduleUrl: string): boolean {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
