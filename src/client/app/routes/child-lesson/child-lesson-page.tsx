import { LESSON_TRIGGER_HINTS, lessonById } from "@shared/lessons";
import { YOUNGER_WORDING_BELOW_AGE } from "@shared/rules/lessons";
import { Lock } from "lucide-react";
import { useLocation, useParams } from "wouter";
import { AppShell, PageContainer } from "@/components/layouts/app-shell";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useUnauthorizedRedirect } from "@/features/auth/components/require-sign-in";
import { useChild } from "@/features/children/api/get-child";
import { ChildNotFound } from "@/features/children/components/child-not-found";
import { useCompleteLesson } from "@/features/lessons/api/complete-lesson";
import { useLessons } from "@/features/lessons/api/get-lessons";
import { LessonReader } from "@/features/lessons/components/lesson-reader";
import { ApiRequestError } from "@/lib/api";

/**
 * docs/decisions/154: one lesson at /child/{childId}/lessons/{lessonId}. The text ships with the app, so the
 * lesson opens without waiting for the server; only the answers are sent. Closing goes back to the dashboard.
 */
export default function ChildLessonPage() {
  const { childId = "", lessonId = "" } = useParams<{ childId: string; lessonId: string }>();
  useUnauthorizedRedirect();
  const [, navigate] = useLocation();
  const lesson = lessonById(lessonId);
  const child = useChild(childId);
  const lessons = useLessons(childId);
  const complete = useCompleteLesson(childId, lessonId);
  const back = () => navigate(`/child/${childId}`);
  const status = lessons.data?.find((l) => l.id === lessonId)?.status;

  return (
    <AppShell minimalHeader>
      <PageContainer>
        {!lesson ? (
          <Card className="mx-auto flex w-full max-w-2xl flex-col items-center gap-3 p-8 text-center">
            <h1 className="text-lg font-bold text-slate-900">Lesson not found</h1>
            <p className="text-sm text-slate-600">This lesson does not exist. Your lessons are on your dashboard.</p>
            <Button onClick={back}>Back to my dashboard</Button>
          </Card>
        ) : child.error instanceof ApiRequestError && (child.error.status === 404 || child.error.status === 403) ? (
          <ChildNotFound title="Child profile not found" />
        ) : child.isLoading ? (
          <Spinner className="min-h-[50vh]" />
        ) : status === "locked" ? (
          <Card className="mx-auto flex w-full max-w-2xl flex-col items-center gap-3 p-8 text-center">
            <Lock className="h-8 w-8 text-slate-500" aria-hidden />
            <h1 className="text-lg font-bold text-slate-900">{lesson.title} is still locked</h1>
            <p className="text-sm text-slate-600">{LESSON_TRIGGER_HINTS[lesson.unlockedBy]}</p>
            <Button onClick={back}>Back to my dashboard</Button>
          </Card>
        ) : (
          <>
            <h1 className="sr-only">Money lesson: {lesson.title}</h1>
            <LessonReader
              lesson={lesson}
              // Without the child's record (offline), the lesson still opens, in its standard wording.
              age={child.data?.age ?? YOUNGER_WORDING_BELOW_AGE}
              onComplete={(answers) => complete.mutateAsync(answers)}
              onClose={back}
            />
          </>
        )}
      </PageContainer>
    </AppShell>
  );
}
