import { LESSON_TRIGGER_HINTS, type LessonTrigger } from "@shared/lessons";
import { type LessonStatus, lessonsDone } from "@shared/rules/lessons";
import { BookOpen, ChevronRight, CircleCheck, Lock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";

export interface LessonListItem {
  id: string;
  title: string;
  minutes: number;
  status: LessonStatus;
  /** For a locked lesson: what opens it, told to the child. */
  unlockedBy?: LessonTrigger;
}

/** Rows side by side where there is room, so a dashboard card stays short. */
const ROWS = "grid gap-2 md:grid-cols-2 xl:grid-cols-3";

/** What the child can do now comes first; the lessons keep their own order within each group. */
const ORDER: Record<LessonStatus, number> = { available: 0, completed: 1, locked: 2 };

const STATUS: Record<LessonStatus, { label: string; variant: "default" | "approved" | "neutral" }> = {
  available: { label: "New", variant: "default" },
  completed: { label: "Done", variant: "approved" },
  locked: { label: "Locked", variant: "neutral" },
};

/** The child's money lessons: which can be read now, which are done, and what opens the rest. */
export function LessonList({ lessons, onOpen }: { lessons: LessonListItem[]; onOpen: (lessonId: string) => void }) {
  const { completed, total } = lessonsDone(lessons.map((lesson) => lesson.status));
  const sorted = lessons.toSorted((a, b) => ORDER[a.status] - ORDER[b.status]);
  const open = sorted.filter((lesson) => lesson.status !== "locked");
  const locked = sorted.filter((lesson) => lesson.status === "locked");
  return (
    <Card aria-labelledby="lessons-title">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div>
            <CardTitle id="lessons-title">Money lessons</CardTitle>
            <CardDescription>Short lessons that open as you shop, save and earn.</CardDescription>
          </div>
          <p className="text-sm font-semibold text-slate-700">
            {completed} of {total} done
          </p>
        </div>
        <Progress
          value={total === 0 ? 0 : (completed / total) * 100}
          label={`${completed} of ${total} lessons done`}
          barClassName="bg-emerald-600"
          className="mt-2"
        />
      </CardHeader>
      <CardContent>
        {sorted.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            No lessons yet.
          </p>
        ) : (
          <>
            {open.length > 0 && (
              <ul className={ROWS}>
                {open.map((lesson) => (
                  <LessonRow key={lesson.id} lesson={lesson} onOpen={onOpen} />
                ))}
              </ul>
            )}
            {/* Locked lessons wait behind one line, so the lessons to read stay near the top of a dashboard. */}
            {locked.length > 0 && (
              <details className={cn("group", open.length > 0 && "mt-3")}>
                <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg py-2 text-sm font-semibold text-brand-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
                  <ChevronRight className="h-4 w-4 transition-transform group-open:rotate-90" aria-hidden />
                  {locked.length} more {locked.length === 1 ? "lesson opens" : "lessons open"} as you shop, save and
                  earn
                </summary>
                <ul className={cn(ROWS, "mt-2")}>
                  {locked.map((lesson) => (
                    <LessonRow key={lesson.id} lesson={lesson} onOpen={onOpen} />
                  ))}
                </ul>
              </details>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function LessonRow({ lesson, onOpen }: { lesson: LessonListItem; onOpen: (lessonId: string) => void }) {
  const { status } = lesson;
  const Icon = status === "completed" ? CircleCheck : status === "locked" ? Lock : BookOpen;
  const action = status === "available" ? "Start" : "Read again";
  return (
    <li
      className={cn(
        "flex items-center gap-3 rounded-xl border px-3 py-3",
        status === "available" ? "border-brand-100 bg-brand-50" : "border-slate-200 bg-white",
      )}
    >
      <span
        className={cn(
          "flex h-10 w-10 shrink-0 items-center justify-center rounded-xl",
          status === "available" && "bg-brand-100 text-brand-700",
          status === "completed" && "bg-emerald-100 text-emerald-700",
          status === "locked" && "bg-slate-100 text-slate-500",
        )}
      >
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className={cn("font-semibold", status === "locked" ? "text-slate-600" : "text-slate-900")}>{lesson.title}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600">
          <span>{lesson.minutes} min</span>
          <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>
        </p>
        {status === "locked" && lesson.unlockedBy && (
          <p className="mt-1 text-xs text-slate-600">{LESSON_TRIGGER_HINTS[lesson.unlockedBy]}</p>
        )}
      </div>
      {status !== "locked" && (
        <Button
          size="sm"
          variant={status === "available" ? "default" : "outline"}
          onClick={() => onOpen(lesson.id)}
          className="shrink-0"
          aria-label={`${action}: ${lesson.title}`}
        >
          {action}
        </Button>
      )}
    </li>
  );
}
