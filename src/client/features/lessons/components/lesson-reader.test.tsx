import type { Lesson } from "@shared/lessons";
import { lessonById } from "@shared/lessons";
import { scoreLesson } from "@shared/rules/lessons";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LessonReader, type LessonResult } from "./lesson-reader";

afterEach(cleanup);

const lesson: Lesson = {
  id: "jars",
  title: "Three jars",
  minutes: 2,
  unlockedBy: "new_month",
  screens: [
    { title: "Spend", body: "Some money is for spending.", youngerBody: "Spend some." },
    { title: "Save", body: "Some money is for saving." },
    { title: "Give", body: "Some money is for giving." },
  ],
  questions: [
    {
      prompt: "Which jar is for later?",
      choices: ["Spend", "Save", "Give"],
      answer: 1,
      explain: "Saving is for later.",
    },
    {
      prompt: "Which jar helps others?",
      youngerPrompt: "Which jar is for other people?",
      choices: ["Give", "Spend", "Save"],
      answer: 0,
      explain: "Giving helps others.",
    },
    { prompt: "How many jars?", choices: ["One", "Two", "Three"], answer: 2, explain: "Spend, save and give." },
  ],
};

const scored = (answers: number[]): Promise<LessonResult> => Promise.resolve(scoreLesson(lesson, answers));

function open(props: Partial<Parameters<typeof LessonReader>[0]> = {}) {
  const onComplete = vi.fn(scored);
  const onClose = vi.fn();
  render(<LessonReader lesson={lesson} age={12} onComplete={onComplete} onClose={onClose} {...props} />);
  return { onComplete: (props.onComplete as typeof onComplete | undefined) ?? onComplete, onClose };
}

const next = () => fireEvent.click(screen.getByRole("button", { name: /^(Next|On to the questions)/ }));
const heading = () => screen.getByRole("heading", { level: 3 });

function readAllScreens() {
  for (let i = 0; i < lesson.screens.length; i++) next();
}

function answer(choices: string[]) {
  for (const [q, choice] of choices.entries()) {
    fireEvent.click(screen.getByRole("radio", { name: choice }));
    fireEvent.click(screen.getByRole("button", { name: q === choices.length - 1 ? "Check my answers" : /^Next/ }));
  }
}

describe("LessonReader", () => {
  it("shows one screen at a time with where the child is, and goes back", () => {
    open();
    expect(heading().textContent).toBe("Spend");
    expect(screen.getByText("1 of 3")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Back/ })).toBeNull();
    next();
    expect(heading().textContent).toBe("Save");
    expect(screen.getByText("2 of 3")).toBeTruthy();
    expect(document.activeElement).toBe(heading());
    fireEvent.click(screen.getByRole("button", { name: /Back/ }));
    expect(heading().textContent).toBe("Spend");
    next();
    next();
    expect(screen.getByRole("button", { name: /On to the questions/ })).toBeTruthy();
    next();
    expect(screen.getByText("Question 1 of 3")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Which jar is for later?" })).toBeTruthy();
  });

  it.each([
    [9, "Spend some.", "Which jar is for other people?"],
    [11, "Some money is for spending.", "Which jar helps others?"],
  ])("at age %i reads the wording for that age", (age, body, prompt) => {
    open({ age });
    expect(screen.getByText(body)).toBeTruthy();
    readAllScreens();
    fireEvent.click(screen.getByRole("radio", { name: "Save" }));
    next();
    expect(heading().textContent).toBe(prompt);
  });

  it("asks for an answer before going on, and keeps answers when going back", () => {
    open();
    readAllScreens();
    const nextButton = screen.getByRole("button", { name: /^Next/ }) as HTMLButtonElement;
    expect(nextButton.disabled).toBe(true);
    fireEvent.click(screen.getByRole("radio", { name: "Save" }));
    expect(nextButton.disabled).toBe(false);
    next();
    fireEvent.click(screen.getByRole("button", { name: /Back/ }));
    expect((screen.getByRole("radio", { name: "Save" }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: /Back/ }));
    expect(heading().textContent).toBe("Give");
  });

  it("celebrates a pass and names the badge it earned", async () => {
    const onComplete = vi.fn(async (answers: number[]) => ({
      ...scoreLesson(lesson, answers),
      badges: ["Quick Learner"],
    }));
    const { onClose } = open({ onComplete });
    readAllScreens();
    answer(["Save", "Give", "Three"]);
    expect(onComplete).toHaveBeenCalledWith([1, 0, 2]);
    expect(await screen.findByRole("heading", { name: "You did it!" })).toBeTruthy();
    expect(screen.getByText(/You got 3 of 3 right/)).toBeTruthy();
    expect(screen.getByText("You earned the Quick Learner badge!")).toBeTruthy();
    expect(screen.getByText("Saving is for later.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Back to my lessons" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("passes with two of three right, without a badge to name", async () => {
    open();
    readAllScreens();
    answer(["Save", "Spend", "Three"]);
    expect(await screen.findByRole("heading", { name: "You did it!" })).toBeTruthy();
    expect(screen.getByText(/You got 2 of 3 right/)).toBeTruthy();
    expect(screen.queryByText(/badge/)).toBeNull();
  });

  it("encourages after a miss, keeps the missed answers to itself, and offers another try", async () => {
    const { onComplete } = open();
    readAllScreens();
    answer(["Save", "Spend", "One"]);
    expect(await screen.findByRole("heading", { name: "Nice try!" })).toBeTruthy();
    expect(screen.getByText(/You got 1 of 3 right. You need 2 to pass/)).toBeTruthy();
    expect(screen.getByText("Saving is for later.")).toBeTruthy();
    expect(screen.queryByText("Giving helps others.")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Try the questions again" }));
    expect(screen.getByText("Question 1 of 3")).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Save" }) as HTMLInputElement).checked).toBe(false);
    answer(["Save", "Give", "Three"]);
    expect(await screen.findByRole("heading", { name: "You did it!" })).toBeTruthy();
    expect(onComplete).toHaveBeenCalledTimes(2);
  });

  it("can send the child back to the first screen", async () => {
    open();
    readAllScreens();
    answer(["Spend", "Spend", "One"]);
    fireEvent.click(await screen.findByRole("button", { name: "Read the lesson again" }));
    expect(heading().textContent).toBe("Spend");
    expect(document.activeElement).toBe(heading());
  });

  it("says so when the answers cannot be saved, and saves on the next try", async () => {
    const onComplete = vi
      .fn<(answers: number[]) => Promise<LessonResult>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockImplementation(scored);
    open({ onComplete });
    readAllScreens();
    answer(["Save", "Give", "Three"]);
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not be saved/);
    fireEvent.click(screen.getByRole("button", { name: "Check my answers" }));
    expect(await screen.findByRole("heading", { name: "You did it!" })).toBeTruthy();
    expect(onComplete).toHaveBeenCalledTimes(2);
  });

  it("closes from any step", () => {
    const { onClose } = open();
    next();
    fireEvent.click(screen.getByRole("button", { name: "Close lesson" }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it("reads a shipped lesson from start to finish", async () => {
    const needsAndWants = lessonById("needs-and-wants")!;
    render(
      <LessonReader
        lesson={needsAndWants}
        age={9}
        onComplete={(answers) => Promise.resolve(scoreLesson(needsAndWants, answers))}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole("heading", { name: "Needs and wants" })).toBeTruthy();
    expect(screen.getByText(`1 of ${needsAndWants.screens.length}`)).toBeTruthy();
    for (let i = 0; i < needsAndWants.screens.length; i++) next();
    for (const [q, question] of needsAndWants.questions.entries()) {
      fireEvent.click(screen.getByRole("radio", { name: question.choices[question.answer]! }));
      fireEvent.click(screen.getByRole("button", { name: q === 2 ? "Check my answers" : /^Next/ }));
    }
    expect(await screen.findByText(/You got 3 of 3 right/)).toBeTruthy();
  });
});
