import { Pause, Play } from "lucide-react";
import { useState } from "react";
import { formatCount } from "../lib/format";
import { LIVE_STATS } from "../lib/sample-data";
import { useInterval } from "../lib/use-interval";

// spec 001 §9: the live counters tick every 3 s.
const LIVE_STATS_TICK_MS = 3000;

/** spec 001 §2.2 "Live stats counters": each counter grows by its increment on every tick. */
export function LiveStats() {
  const [ticks, setTicks] = useState(0);
  const [paused, setPaused] = useState(false);
  useInterval(() => setTicks((t) => t + 1), paused ? null : LIVE_STATS_TICK_MS);
  return (
    <section aria-labelledby="live-stats-title" className="border-y border-slate-200 bg-white">
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex items-center justify-between gap-4">
          <h2 id="live-stats-title" className="flex items-center gap-2 text-sm font-semibold text-slate-700">
            <span className="relative flex h-2.5 w-2.5" aria-hidden>
              {!paused && (
                <span className="absolute inline-flex h-full w-full rounded-full bg-emerald-500 opacity-75 motion-safe:animate-ping" />
              )}
              <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-emerald-600" />
            </span>
            Pocketwise right now
          </h2>
          <button
            type="button"
            onClick={() => setPaused((p) => !p)}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {paused ? <Play className="h-4 w-4" aria-hidden /> : <Pause className="h-4 w-4" aria-hidden />}
            {paused ? "Resume" : "Pause"} <span className="sr-only sm:not-sr-only">live updates</span>
          </button>
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-6 lg:grid-cols-4">
          {LIVE_STATS.map((stat) => (
            <div key={stat.label} className="rounded-xl bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">{stat.label}</dt>
              <dd
                className="mt-1 text-2xl font-extrabold tabular-nums text-slate-900 sm:text-3xl"
                data-testid="live-stat"
              >
                {stat.prefix}
                {formatCount(stat.value + stat.increment * ticks)}
                {stat.suffix}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
