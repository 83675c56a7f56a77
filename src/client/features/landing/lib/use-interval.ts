import { useEffect, useRef } from "react";

/**
 * Calls `callback` every `delayMs` while mounted; `null` pauses. The interval is cleared on
 * unmount and whenever the delay changes, and the latest callback is always the one called.
 */
export function useInterval(callback: () => void, delayMs: number | null) {
  const saved = useRef(callback);
  useEffect(() => {
    saved.current = callback;
  }, [callback]);
  useEffect(() => {
    if (delayMs === null) return;
    const id = setInterval(() => saved.current(), delayMs);
    return () => clearInterval(id);
  }, [delayMs]);
}
