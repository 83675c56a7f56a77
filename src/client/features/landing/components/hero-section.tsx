import { Bell, Calendar, Check, Palette, Pause, Play, PlayCircle, ShieldCheck, Sparkles } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { openAuthDialog } from "@/lib/auth-dialog";
import { HERO_STATS } from "../lib/sample-data";
import { useInterval } from "../lib/use-interval";

// spec 001 §9: the hero's stat highlight changes every 3 s.
const HERO_STAT_ROTATION_MS = 3000;

function RotatingStat() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  useInterval(() => setIndex((i) => (i + 1) % HERO_STATS.length), paused ? null : HERO_STAT_ROTATION_MS);
  return (
    <div className="inline-flex max-w-full items-center gap-2 rounded-full border border-brand-100 bg-white py-1 pl-3 pr-1 text-sm font-semibold text-brand-800 shadow-sm">
      <Sparkles className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
      <span key={index} data-testid="hero-stat" className="min-w-0 truncate motion-safe:animate-in">
        {HERO_STATS[index]}
      </span>
      <button
        type="button"
        onClick={() => setPaused((p) => !p)}
        aria-label={paused ? "Resume rotating highlights" : "Pause rotating highlights"}
        className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        {paused ? <Play className="h-3.5 w-3.5" aria-hidden /> : <Pause className="h-3.5 w-3.5" aria-hidden />}
      </button>
    </div>
  );
}

/** A drawn phone screen: Emma's cart waiting for approval, with the budget it fits in. */
function HeroIllustration() {
  return (
    <div
      role="img"
      aria-label="Emma's cart: an art supplies kit for $24.99 awaiting a parent's approval, with $47 of her $150 monthly budget spent"
      className="relative mx-auto w-full max-w-[23rem] pb-24"
    >
      <div className="rounded-[2rem] border-8 border-slate-900 bg-white p-5 shadow-2xl">
        <div className="mx-auto mb-4 h-1.5 w-16 rounded-full bg-slate-200" />
        <div className="flex items-center justify-between gap-2">
          <p className="font-bold text-slate-900">Emma's cart</p>
          <Badge variant="pending">Awaiting Approval</Badge>
        </div>
        <div className="mt-4 flex items-center gap-3 rounded-xl bg-slate-50 p-3">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-lg bg-amber-100 text-amber-800">
            <Palette className="h-6 w-6" aria-hidden />
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold text-slate-900">Art supplies kit</p>
            <p className="text-xs text-slate-600">Craft Corner · Qty 1</p>
          </div>
          <p className="text-sm font-bold text-slate-900">$24.99</p>
        </div>
        <div className="mt-4">
          <div className="flex justify-between text-xs font-medium text-slate-600">
            <span>Monthly budget</span>
            <span>$47 of $150 spent</span>
          </div>
          <div className="mt-1.5 h-2.5 overflow-hidden rounded-full bg-slate-200">
            <div className="h-full w-[31%] rounded-full bg-emerald-600" />
          </div>
        </div>
        <div className="mt-4 flex items-center justify-center gap-2 rounded-xl bg-brand-700 py-2.5 text-sm font-semibold text-white">
          <ShieldCheck className="h-4 w-4" aria-hidden /> Sent to Mom for approval
        </div>
      </div>
      <div className="absolute -right-1 bottom-0 w-64 rounded-2xl border border-slate-200 bg-white p-3 shadow-xl sm:-right-8">
        <div className="flex items-start gap-2">
          <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <Bell className="h-4 w-4" aria-hidden />
          </span>
          <div className="text-xs">
            <p className="font-semibold text-slate-900">Emma wants an art supplies kit</p>
            <p className="text-slate-600">$24.99 · fits her budget</p>
          </div>
        </div>
        <div className="mt-2 flex gap-2">
          <span className="flex flex-1 items-center justify-center gap-1 rounded-lg bg-emerald-700 py-1.5 text-xs font-semibold text-white">
            <Check className="h-3.5 w-3.5" aria-hidden /> Approve
          </span>
          <span className="flex flex-1 items-center justify-center rounded-lg border border-slate-300 py-1.5 text-xs font-semibold text-slate-800">
            Suggest
          </span>
        </div>
      </div>
    </div>
  );
}

/** spec 001 §2.2: hero with the rotating stat, Watch Demo and Schedule a Demo. */
export function HeroSection({ onWatchDemo, onPreloadDemo }: { onWatchDemo: () => void; onPreloadDemo: () => void }) {
  return (
    <section aria-labelledby="hero-title" className="overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 pb-16 pt-10 sm:px-6 sm:pt-16 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pb-24">
        <div>
          <RotatingStat />
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-extrabold tracking-tight text-slate-900 text-balance sm:text-5xl lg:text-6xl"
          >
            Let your kids shop online. <span className="text-brand-700">You stay in control.</span>
          </h1>
          <p className="mt-6 max-w-xl text-lg text-slate-600 text-pretty">
            Pocketwise is the safe checkout for kids: they shop within a monthly budget, every cart comes to you for
            approval, and each purchase becomes a money lesson they keep.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button size="lg" onClick={() => openAuthDialog("signup")}>
              Start Free Trial
            </Button>
            <Button
              size="lg"
              variant="outline"
              onClick={onWatchDemo}
              onPointerEnter={onPreloadDemo}
              onFocus={onPreloadDemo}
              aria-haspopup="dialog"
            >
              <PlayCircle aria-hidden /> Watch Demo
            </Button>
            <Button size="lg" variant="ghost" asChild>
              <Link href="/schedule-demo">
                <Calendar aria-hidden /> Schedule a Demo
              </Link>
            </Button>
          </div>
          <p className="mt-4 text-sm text-slate-600">
            14-day free trial · No credit card required · 30-day money-back guarantee.{" "}
            <Link
              href="/demo"
              className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
            >
              Explore the full interactive demo
            </Link>
          </p>
        </div>
        <HeroIllustration />
      </div>
    </section>
  );
}
