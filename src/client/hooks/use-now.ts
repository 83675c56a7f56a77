import { useEffect, useState } from "react";

/** The time now, moved on every `everyMs`, so words like "Asked 5 minutes ago" stay true while a screen is open. */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
