/**
 * Answers single-key lookups with one call per turn of the event loop: the keys asked for while the
 * server reads a burst of requests are looked up together once that burst has been read. Under load
 * this replaces a query per request by a query per burst; alone, a lookup waits for nothing but the
 * end of the turn it was asked in.
 */
export function batchLoader<K, V>(loadMany: (keys: K[]) => Promise<Map<K, V>>): (key: K) => Promise<V | undefined> {
  let pending: Map<K, { resolve(value: V | undefined): void; reject(error: unknown): void }[]> | null = null;

  function flush() {
    const asked = pending;
    pending = null;
    if (!asked) return;
    loadMany([...asked.keys()]).then(
      (found) => {
        for (const [key, waiters] of asked) for (const w of waiters) w.resolve(found.get(key));
      },
      (error: unknown) => {
        for (const waiters of asked.values()) for (const w of waiters) w.reject(error);
      },
    );
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (!pending) {
        pending = new Map();
        setImmediate(flush);
      }
      const waiters = pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
