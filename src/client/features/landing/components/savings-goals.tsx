import { formatDollars } from "@shared/rules/money";
import { Award, CalendarDays, Flag, Lock, Target, Trophy, Users } from "lucide-react";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Progress } from "@/components/ui/progress";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/cn";
import { formatDay } from "../lib/format";
import { ACHIEVEMENTS, CHALLENGES, type Challenge, FAMILY_GOALS, KID_GOALS } from "../lib/sample-data";
import { Section, SectionHeading } from "./section";

// The tab list sits on white here, so the chosen tab is filled instead of raised.
const ACTIVE_ON_WHITE =
  "data-[state=active]:bg-brand-700 data-[state=active]:text-white data-[state=active]:hover:text-white";

const percent = (current: number, target: number) => Math.round((current / target) * 100);

const CHALLENGE_BADGE: Record<Challenge["status"], { label: string; variant: "approved" | "completed" | "neutral" }> = {
  active: { label: "Active", variant: "approved" },
  completed: { label: "Completed", variant: "completed" },
  upcoming: { label: "Upcoming", variant: "neutral" },
};

function GoalCard({
  title,
  current,
  target,
  children,
}: {
  title: string;
  current: number;
  target: number;
  children?: ReactNode;
}) {
  const pct = percent(current, target);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <h4 className="font-semibold text-slate-900">{title}</h4>
        <span className="text-sm font-bold text-brand-700">{pct}%</span>
      </div>
      <Progress value={pct} label={`${title}: ${pct}% saved`} className="mt-3" />
      <p className="mt-2 text-sm text-slate-600">
        <span className="font-semibold text-slate-900">{formatDollars(current)}</span> of {formatDollars(target)}
      </p>
      {children}
    </li>
  );
}

/** spec 001 §2.2 "Family savings goals": family goals, kids' goals, challenges, achievements. */
export function SavingsGoals() {
  const unlocked = ACHIEVEMENTS.filter((a) => a.unlocked).length;
  return (
    <Section id="savings-goals" headingId="savings-goals-title" tone="brand">
      <SectionHeading
        id="savings-goals-title"
        eyebrow="Save together"
        title="Goals the whole family works towards"
        description="Set shared goals, let each child save for their own, and keep it fun with challenges and achievements."
      />
      <Tabs defaultValue="family" className="mt-10">
        <div className="flex justify-center">
          <TabsList aria-label="Savings goals" className="border border-brand-100 bg-white shadow-sm">
            <TabsTrigger className={ACTIVE_ON_WHITE} value="family">
              <Users aria-hidden /> Family goals
            </TabsTrigger>
            <TabsTrigger className={ACTIVE_ON_WHITE} value="kids">
              <Target aria-hidden /> Kids' goals
            </TabsTrigger>
            <TabsTrigger className={ACTIVE_ON_WHITE} value="challenges">
              <Flag aria-hidden /> Challenges
            </TabsTrigger>
            <TabsTrigger className={ACTIVE_ON_WHITE} value="achievements">
              <Trophy aria-hidden /> Achievements
            </TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="family">
          <h3 className="sr-only">Family goals</h3>
          <ul className="grid gap-4 md:grid-cols-2">
            {FAMILY_GOALS.map((g) => (
              <GoalCard key={g.title} title={g.title} current={g.current} target={g.target}>
                <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                  <span className="flex items-center gap-1">
                    <Users className="h-4 w-4" aria-hidden /> {g.participants} family members
                  </span>
                  <span className="flex items-center gap-1">
                    <CalendarDays className="h-4 w-4" aria-hidden /> By {formatDay(g.deadline)}
                  </span>
                </p>
              </GoalCard>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="kids">
          <h3 className="sr-only">Kids' goals</h3>
          <ul className="grid gap-4 md:grid-cols-3">
            {KID_GOALS.map((g) => (
              <GoalCard key={g.title} title={g.title} current={g.current} target={g.target} />
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="challenges">
          <h3 className="sr-only">Challenges</h3>
          <ul className="grid gap-4 md:grid-cols-3">
            {CHALLENGES.map((c) => (
              <li key={c.title} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
                <div className="flex items-start justify-between gap-3">
                  <h4 className="font-semibold text-slate-900">{c.title}</h4>
                  <Badge variant={CHALLENGE_BADGE[c.status].variant}>{CHALLENGE_BADGE[c.status].label}</Badge>
                </div>
                <p className="mt-2 flex-1 text-sm text-slate-600">{c.description}</p>
                <p className="mt-4 flex flex-wrap justify-between gap-2 text-sm">
                  <span className="font-semibold text-brand-800">Reward: {c.reward}</span>
                  <span className="text-slate-600">{c.participants} taking part</span>
                </p>
              </li>
            ))}
          </ul>
        </TabsContent>
        <TabsContent value="achievements">
          <h3 className="text-center text-sm font-semibold text-slate-700">
            {unlocked} of {ACHIEVEMENTS.length} achievements unlocked
          </h3>
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            {ACHIEVEMENTS.map((a) => (
              <li
                key={a.title}
                className={cn(
                  "flex flex-col items-center rounded-2xl border p-4 text-center",
                  a.unlocked ? "border-amber-200 bg-white shadow-sm" : "border-dashed border-slate-300 bg-white/60",
                )}
              >
                <span
                  className={cn(
                    "flex h-12 w-12 items-center justify-center rounded-full",
                    a.unlocked ? "bg-amber-400 text-amber-950" : "bg-slate-100 text-slate-500",
                  )}
                >
                  {a.unlocked ? <Award className="h-6 w-6" aria-hidden /> : <Lock className="h-5 w-5" aria-hidden />}
                </span>
                <p className="mt-2 text-sm font-semibold text-slate-900">{a.title}</p>
                <p className="text-xs text-slate-600">{a.unlocked ? "Unlocked" : "Locked"}</p>
              </li>
            ))}
          </ul>
        </TabsContent>
      </Tabs>
    </Section>
  );
}
