import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useLessons } from "../api/get-lessons";
import { LessonList } from "./lesson-list";

/** The child's lessons on the dashboard: the list once it loads, a way to try again if it does not. */
export function ChildLessons({ childId, onOpen }: { childId: string; onOpen: (lessonId: string) => void }) {
  const lessons = useLessons(childId);
  if (lessons.data) return <LessonList lessons={lessons.data} onOpen={onOpen} />;
  return (
    <Card aria-labelledby="lessons-title">
      <CardHeader>
        <CardTitle id="lessons-title">Money lessons</CardTitle>
      </CardHeader>
      <CardContent>
        {lessons.isLoading ? (
          <Spinner label="Loading lessons" />
        ) : (
          <div className="flex flex-col items-start gap-3 text-sm text-slate-600">
            <p>Your lessons could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => lessons.refetch()}>
              Try again
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
