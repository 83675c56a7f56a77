import { lessonsDone } from "@shared/rules/lessons";
import type { LessonSummary } from "@shared/schemas/lessons";
import { CircleCheck } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Spinner } from "@/components/ui/spinner";
import { useLessons } from "../api/get-lessons";

const dateFormat = new Intl.DateTimeFormat(undefined, { month: "short", day: "numeric", year: "numeric" });

/** What a guardian sees of a child's lessons: the finished ones, with the best score and when it was passed. */
export function LessonResults({ childId, childName }: { childId: string; childName: string }) {
  const { data, isLoading, isError } = useLessons(childId);
  const finished = (data ?? [])
    .filter((lesson) => lesson.status === "completed")
    .toSorted((a, b) => (b.completedAt ?? "").localeCompare(a.completedAt ?? ""));
  const { completed, total } = lessonsDone((data ?? []).map((lesson) => lesson.status));
  return (
    <Card aria-labelledby="lesson-results-title">
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div>
            <CardTitle id="lesson-results-title">Lessons</CardTitle>
            <CardDescription>The money lessons {childName} has finished.</CardDescription>
          </div>
          {data && (
            <p className="text-sm font-semibold text-slate-700">
              {completed} of {total} done
            </p>
          )}
        </div>
        {data && (
          <Progress
            value={total === 0 ? 0 : (completed / total) * 100}
            label={`${completed} of ${total} lessons done`}
            barClassName="bg-emerald-600"
            className="mt-2"
          />
        )}
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Spinner label="Loading lessons" />
        ) : isError ? (
          <p className="text-sm text-slate-600">The lessons could not be loaded.</p>
        ) : finished.length === 0 ? (
          <p className="rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            No lessons finished yet. New ones open as {childName} shops, saves and earns.
          </p>
        ) : (
          <ul className="flex flex-col gap-2">
            {finished.map((lesson) => (
              <ResultRow key={lesson.id} lesson={lesson} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ResultRow({ lesson }: { lesson: LessonSummary }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-slate-200 px-3 py-3">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700">
        <CircleCheck className="h-5 w-5" aria-hidden />
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold text-slate-900">{lesson.title}</p>
        <p className="text-xs text-slate-600">
          {lesson.score && `${lesson.score.correct} of ${lesson.score.total} right`}
          {lesson.completedAt && ` · passed ${dateFormat.format(new Date(lesson.completedAt))}`}
        </p>
      </div>
    </li>
  );
}
