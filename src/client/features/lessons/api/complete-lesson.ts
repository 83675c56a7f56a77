import type { LessonResult } from "@shared/schemas/lessons";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";

/** POST /api/children/:id/lessons/:lessonId/complete: the child's answers, answered with the score. */
export const completeLesson = (childId: string, lessonId: string, answers: number[]) =>
  apiJson<LessonResult>(
    "POST",
    `/api/children/${encodeURIComponent(childId)}/lessons/${encodeURIComponent(lessonId)}/complete`,
    { answers },
  );

/** A try changes the lesson's status and may earn a badge: both live under the child's key. */
export function useCompleteLesson(childId: string, lessonId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: number[]) => completeLesson(childId, lessonId, answers),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.child(childId) }),
  });
}
