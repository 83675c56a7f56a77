import type { Lesson } from "@shared/lessons";
import {
  LESSON_PASS_MARK,
  type LessonScore,
  questionPrompt,
  screenBody,
  type Wording,
  wordingFor,
} from "@shared/rules/lessons";
import {
  ArrowLeft,
  ArrowRight,
  Award,
  BookOpen,
  CircleCheck,
  CircleHelp,
  Lightbulb,
  PartyPopper,
  Sprout,
  X,
} from "lucide-react";
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { cn } from "@/lib/cn";

/** What saving a try answers: the score, and the titles of any badges this try earned. */
export interface LessonResult extends LessonScore {
  badges?: string[];
}

export interface LessonReaderProps {
  lesson: Lesson;
  /** The child's age chooses the wording (simpler under 11). */
  age: number;
  onComplete: (answers: number[]) => Promise<LessonResult>;
  onClose: () => void;
}

type Step =
  | { kind: "screen"; index: number }
  | { kind: "question"; index: number }
  | { kind: "result"; result: LessonResult; answers: number[] };

/**
 * A lesson for a child, one screen at a time, then its three questions one at a time, then the result.
 * Everything shown comes with the lesson, so reading needs no network; only saving the answers does.
 */
export function LessonReader({ lesson, age, onComplete, onClose }: LessonReaderProps) {
  const wording = wordingFor(age);
  const [step, setStep] = useState<Step>({ kind: "screen", index: 0 });
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => lesson.questions.map(() => undefined));
  const [saving, setSaving] = useState(false);
  const [saveFailed, setSaveFailed] = useState(false);

  // Each step's heading takes the focus, so a keyboard or screen reader user starts reading the new step at
  // its top instead of on a button that moved or vanished. Not on opening: the page decides that focus.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const stepKey = step.kind === "result" ? "result" : `${step.kind}-${step.index}`;
  const shownStep = useRef(stepKey);
  useEffect(() => {
    if (stepKey === shownStep.current) return;
    shownStep.current = stepKey;
    headingRef.current?.focus();
  }, [stepKey]);

  const screenCount = lesson.screens.length;
  const questionCount = lesson.questions.length;
  const stepCount = screenCount + questionCount;

  async function save() {
    if (saving) return;
    const sheet = answers.filter((answer): answer is number => answer !== undefined);
    if (sheet.length !== questionCount) return;
    setSaving(true);
    setSaveFailed(false);
    try {
      const result = await onComplete(sheet);
      setStep({ kind: "result", result, answers: sheet });
    } catch {
      setSaveFailed(true);
    } finally {
      setSaving(false);
    }
  }

  function tryAgain(from: "questions" | "lesson") {
    setAnswers(lesson.questions.map(() => undefined));
    setStep(from === "questions" ? { kind: "question", index: 0 } : { kind: "screen", index: 0 });
  }

  const done = step.kind === "screen" ? step.index + 1 : step.kind === "question" ? screenCount + step.index + 1 : 0;

  return (
    <Card aria-labelledby="lesson-title" className="mx-auto w-full max-w-2xl overflow-hidden">
      <header className="flex items-start justify-between gap-3 border-b border-slate-100 bg-brand-50 px-5 py-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-700 shadow-sm">
            <BookOpen className="h-5 w-5" aria-hidden />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
              Money lesson · {lesson.minutes} min
            </p>
            <h2 id="lesson-title" className="truncate text-lg font-bold text-slate-900">
              {lesson.title}
            </h2>
          </div>
        </div>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close lesson" className="shrink-0">
          <X aria-hidden />
        </Button>
      </header>

      {step.kind !== "result" && (
        <div className="flex items-center gap-3 px-5 pt-4 sm:px-6">
          <Progress value={(done / stepCount) * 100} label="Lesson progress" className="h-2" />
          <p className="shrink-0 text-sm font-medium text-slate-600" aria-live="polite">
            {step.kind === "screen"
              ? `${step.index + 1} of ${screenCount}`
              : `Question ${step.index + 1} of ${questionCount}`}
          </p>
        </div>
      )}

      <div className="px-5 pt-5 pb-6 sm:px-6">
        {step.kind === "screen" && (
          <ScreenStep
            lesson={lesson}
            index={step.index}
            wording={wording}
            headingRef={headingRef}
            onBack={() => setStep({ kind: "screen", index: step.index - 1 })}
            onNext={() =>
              setStep(
                step.index + 1 < screenCount
                  ? { kind: "screen", index: step.index + 1 }
                  : { kind: "question", index: 0 },
              )
            }
          />
        )}
        {step.kind === "question" && (
          <QuestionStep
            lesson={lesson}
            index={step.index}
            wording={wording}
            headingRef={headingRef}
            chosen={answers[step.index]}
            onChoose={(choice) => {
              setSaveFailed(false);
              setAnswers((previous) => previous.map((answer, i) => (i === step.index ? choice : answer)));
            }}
            saving={saving}
            saveFailed={saveFailed}
            onBack={() =>
              setStep(
                step.index === 0
                  ? { kind: "screen", index: screenCount - 1 }
                  : { kind: "question", index: step.index - 1 },
              )
            }
            onNext={() => {
              if (step.index + 1 < questionCount) setStep({ kind: "question", index: step.index + 1 });
              else void save();
            }}
          />
        )}
        {step.kind === "result" && (
          <ResultStep
            lesson={lesson}
            wording={wording}
            result={step.result}
            answers={step.answers}
            headingRef={headingRef}
            onRetry={tryAgain}
            onClose={onClose}
          />
        )}
      </div>
    </Card>
  );
}

type HeadingRef = RefObject<HTMLHeadingElement | null>;

function StepHeading({ headingRef, children }: { headingRef: HeadingRef; children: ReactNode }) {
  return (
    <h3 ref={headingRef} tabIndex={-1} className="text-2xl font-bold tracking-tight text-slate-900 outline-none">
      {children}
    </h3>
  );
}

function ScreenStep({
  lesson,
  index,
  wording,
  headingRef,
  onBack,
  onNext,
}: {
  lesson: Lesson;
  index: number;
  wording: Wording;
  headingRef: HeadingRef;
  onBack: () => void;
  onNext: () => void;
}) {
  const screen = lesson.screens[index]!;
  const last = index === lesson.screens.length - 1;
  return (
    <div>
      <div className="min-h-48 sm:min-h-44">
        <span className="mb-3 flex h-11 w-11 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <Lightbulb className="h-6 w-6" aria-hidden />
        </span>
        <StepHeading headingRef={headingRef}>{screen.title}</StepHeading>
        <p
          className={cn(
            "mt-3 leading-relaxed text-slate-700",
            wording === "younger" ? "text-xl sm:text-2xl" : "text-lg sm:text-xl",
          )}
        >
          {screenBody(screen, wording)}
        </p>
      </div>
      <div className="mt-6 flex items-center justify-between gap-3">
        {index > 0 ? (
          <Button variant="outline" size="lg" onClick={onBack}>
            <ArrowLeft aria-hidden />
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button size="lg" onClick={onNext}>
          {last ? "On to the questions" : "Next"}
          <ArrowRight aria-hidden />
        </Button>
      </div>
    </div>
  );
}

function QuestionStep({
  lesson,
  index,
  wording,
  headingRef,
  chosen,
  onChoose,
  saving,
  saveFailed,
  onBack,
  onNext,
}: {
  lesson: Lesson;
  index: number;
  wording: Wording;
  headingRef: HeadingRef;
  chosen: number | undefined;
  onChoose: (choice: number) => void;
  saving: boolean;
  saveFailed: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const question = lesson.questions[index]!;
  const last = index === lesson.questions.length - 1;
  const name = `${lesson.id}-question-${index}`;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen !== undefined) onNext();
  };
  return (
    <form onSubmit={submit} noValidate>
      <fieldset>
        <legend className="contents">
          <StepHeading headingRef={headingRef}>{questionPrompt(question, wording)}</StepHeading>
        </legend>
        <div className="mt-4 grid gap-2.5">
          {question.choices.map((choice, c) => {
            const id = `${name}-${c}`;
            const checked = chosen === c;
            return (
              <label
                key={choice}
                htmlFor={id}
                className={cn(
                  "flex cursor-pointer items-center gap-3 rounded-xl border-2 px-4 py-3.5 text-base font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 has-[:focus-visible]:ring-offset-2",
                  checked
                    ? "border-brand-600 bg-brand-50 text-brand-800"
                    : "border-slate-200 bg-white text-slate-800 hover:border-brand-500 hover:bg-slate-50",
                )}
              >
                <input
                  id={id}
                  type="radio"
                  name={name}
                  value={c}
                  checked={checked}
                  onChange={() => onChoose(c)}
                  className="h-5 w-5 shrink-0 accent-brand-700"
                />
                {choice}
              </label>
            );
          })}
        </div>
      </fieldset>
      {saveFailed && (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-800"
        >
          Your answers could not be saved just now. Check your connection and try again.
        </p>
      )}
      <div className="mt-6 flex items-center justify-between gap-3">
        <Button type="button" variant="outline" size="lg" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back
        </Button>
        <div className="flex items-center gap-3">
          {chosen === undefined && <p className="hidden text-sm text-slate-600 sm:block">Pick one answer.</p>}
          <Button type="submit" size="lg" disabled={chosen === undefined || saving}>
            {last ? (saving ? "Checking…" : "Check my answers") : "Next"}
            {!last && <ArrowRight aria-hidden />}
          </Button>
        </div>
      </div>
    </form>
  );
}

function ResultStep({
  lesson,
  wording,
  result,
  answers,
  headingRef,
  onRetry,
  onClose,
}: {
  lesson: Lesson;
  wording: Wording;
  result: LessonResult;
  answers: number[];
  headingRef: HeadingRef;
  onRetry: (from: "questions" | "lesson") => void;
  onClose: () => void;
}) {
  const { correct, total, passed } = result;
  const badges = result.badges ?? [];
  return (
    <div>
      <div className="flex flex-col items-center text-center">
        <span
          className={cn(
            "flex h-16 w-16 items-center justify-center rounded-full",
            passed ? "bg-emerald-100 text-emerald-700" : "bg-amber-100 text-amber-700",
          )}
        >
          {passed ? <PartyPopper className="h-8 w-8" aria-hidden /> : <Sprout className="h-8 w-8" aria-hidden />}
        </span>
        <div className="mt-4">
          <StepHeading headingRef={headingRef}>{passed ? "You did it!" : "Nice try!"}</StepHeading>
        </div>
        <p className="mt-2 text-lg text-slate-700">
          You got {correct} of {total} right.{" "}
          {passed
            ? `You finished "${lesson.title}".`
            : `You need ${LESSON_PASS_MARK} to pass. Every try helps you learn, so have another go!`}
        </p>
        {passed &&
          (badges.length > 0 ? (
            <ul className="mt-4 flex flex-col gap-2">
              {badges.map((badge) => (
                <li
                  key={badge}
                  className="flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-2.5 font-semibold text-amber-900"
                >
                  <Award className="h-5 w-5 text-amber-700" aria-hidden />
                  You earned the {badge} badge!
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-slate-600">It is marked as done in your lessons.</p>
          ))}
      </div>

      <ol className="mt-6 flex flex-col gap-2.5" aria-label="Your answers">
        {lesson.questions.map((question, q) => {
          const right = answers[q] === question.answer;
          return (
            <li
              key={question.prompt}
              className={cn(
                "rounded-xl border px-4 py-3",
                right ? "border-emerald-200 bg-emerald-50/60" : "border-slate-200 bg-slate-50",
              )}
            >
              <p className="flex items-start gap-2 font-medium text-slate-900">
                {right ? (
                  <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-emerald-700" aria-hidden />
                ) : (
                  <CircleHelp className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
                )}
                <span>
                  <span className="sr-only">{right ? "Right: " : "Not yet: "}</span>
                  {questionPrompt(question, wording)}
                </span>
              </p>
              {/* A try that did not pass keeps the answers to itself, so the next try is still a real check. */}
              {passed || right ? (
                <p className="mt-1 pl-7 text-sm text-slate-700">{question.explain}</p>
              ) : (
                <p className="mt-1 pl-7 text-sm text-slate-600">Not this time. The lesson has the answer.</p>
              )}
            </li>
          );
        })}
      </ol>

      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {passed ? (
          <Button size="lg" onClick={onClose}>
            Back to my lessons
          </Button>
        ) : (
          <>
            <Button variant="ghost" size="lg" onClick={onClose}>
              Close
            </Button>
            <Button variant="outline" size="lg" onClick={() => onRetry("lesson")}>
              Read the lesson again
            </Button>
            <Button size="lg" onClick={() => onRetry("questions")}>
              Try the questions again
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
