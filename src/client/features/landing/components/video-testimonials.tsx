import { Pause, Play } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/cn";
import { Section, SectionHeading } from "./section";

const VIDEOS = [
  {
    id: "johnson",
    family: "The Johnson family",
    title: "How our kids learned to wait a week",
    duration: "2:14",
    caption: "“Now they put things on a wish list first. Half of it never gets bought.”",
    tint: "from-brand-600 to-brand-800",
  },
  {
    id: "garcia",
    family: "The Garcia family",
    title: "Three kids, one calm dashboard",
    duration: "1:48",
    caption: "“Auto-approval handles the small stuff. I only see what matters.”",
    tint: "from-sky-700 to-slate-900",
  },
  {
    id: "chen",
    family: "The Chen family",
    title: "Saving up for a first bike",
    duration: "3:02",
    caption: "“Lily counted down every dollar. The goal bar made it real.”",
    tint: "from-emerald-700 to-slate-900",
  },
] as const;

/** spec 001 §2.2 "Video testimonials": a click toggles the play state of that one card. */
export function VideoTestimonials() {
  const [playing, setPlaying] = useState<string | null>(null);
  return (
    <Section id="community" headingId="community-title" tone="muted">
      <SectionHeading
        id="community-title"
        eyebrow="Community"
        title="Hear it from Pocketwise families"
        description="Real families share how shopping together changed the money conversations at home."
      />
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {VIDEOS.map((v) => {
          const isPlaying = playing === v.id;
          return (
            <li key={v.id} className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              <button
                type="button"
                aria-pressed={isPlaying}
                aria-label={`Play video: ${v.title}, ${v.duration}`}
                onClick={() => setPlaying(isPlaying ? null : v.id)}
                className={cn(
                  "group relative flex aspect-video w-full items-center justify-center bg-gradient-to-br text-white focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-amber-300",
                  v.tint,
                )}
              >
                <span
                  aria-hidden
                  className="flex h-16 w-16 items-center justify-center rounded-full bg-white/95 text-slate-900 shadow-lg transition-transform group-hover:scale-105"
                >
                  {isPlaying ? <Pause className="h-7 w-7" /> : <Play className="ml-1 h-7 w-7" />}
                </span>
                <span className="absolute bottom-3 right-3 rounded bg-black/70 px-2 py-0.5 text-xs font-semibold">
                  {v.duration}
                </span>
                {isPlaying && (
                  <span className="absolute left-3 top-3 flex items-center gap-1.5 rounded-full bg-red-700 px-2.5 py-1 text-xs font-bold">
                    <span className="flex h-3 items-end gap-0.5" aria-hidden>
                      <span className="h-full w-0.5 bg-white motion-safe:animate-pulse" />
                      <span className="h-2/3 w-0.5 bg-white motion-safe:animate-pulse" />
                      <span className="h-1/2 w-0.5 bg-white motion-safe:animate-pulse" />
                    </span>
                    Playing
                  </span>
                )}
              </button>
              <div className="p-5">
                <h3 className="font-semibold text-slate-900">{v.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{v.family}</p>
                {isPlaying && (
                  <p className="mt-3 border-l-4 border-brand-600 pl-3 text-sm italic text-slate-700">{v.caption}</p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
