import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

/**
 * Loads a module once the element comes within a screen's height of the viewport (at once where the browser
 * cannot tell), or earlier through `loadNow`, and returns it when it has arrived: code that only a part far
 * down a page needs then stays out of what the page loads to open (docs/decisions/165). `load` must be
 * stable, as a module-level `() => import(…)` is.
 */
export function useLoadWhenNear<T>(
  ref: RefObject<Element | null>,
  load: () => Promise<T>,
): { loaded: T | null; loadNow: () => void } {
  const [loaded, setLoaded] = useState<{ module: T } | null>(null);
  const started = useRef(false);

  const loadNow = useCallback(() => {
    if (started.current) return;
    started.current = true;
    load().then(
      (module) => setLoaded({ module }),
      () => {
        // A failed download may be tried again on the next approach or interaction.
        started.current = false;
      },
    );
  }, [load]);

  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") {
      loadNow();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadNow();
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, loadNow]);

  return { loaded: loaded?.module ?? null, loadNow };
}
