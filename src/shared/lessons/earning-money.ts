import type { Lesson } from "./types";

export const earningMoney: Lesson = {
  id: "earning-money",
  title: "Earning money",
  minutes: 2,
  unlockedBy: "first_chore_done",
  screens: [
    {
      title: "Work turns into money",
      body: "You finished a chore. The money adults earn comes the same way: someone pays for work that helps them.",
      youngerBody: "You did a chore! Grown-ups get paid for work too. People pay for help.",
    },
    {
      title: "Your time has a price",
      body: "A chore that pays $5 and takes 30 minutes pays $10 an hour. Comparing pay with time shows you which jobs are worth it.",
      youngerBody: "Some jobs are quick and some take a long time. Ask how long a job takes before you say yes.",
    },
    {
      title: "Prices in chores",
      body: "At $5 a chore, a $30 game costs six chores. Thinking of a price as work makes it easier to decide if something is worth it.",
      youngerBody: "If a chore pays $5, a $30 game costs six chores. Is the game worth that much work?",
    },
    {
      title: "Ways to earn",
      body: "Kids also earn by selling things they made, walking pets or helping neighbors, with a parent's OK. In the US, many part-time jobs open up at 14, with limits on hours during school.",
      youngerBody:
        "Kids can earn by doing chores, making and selling crafts, or helping neighbors. Always ask a parent first.",
    },
    {
      title: "Less than you earned",
      body: "With a real job, your paycheck is often smaller than what you earned, because taxes come out first. Taxes pay for things we share, like roads and schools.",
      youngerBody: "When grown-ups get paid, some of the money goes to taxes. Taxes pay for schools and roads.",
    },
  ],
  questions: [
    {
      prompt: "A chore pays $5. How many chores pay for a $30 game?",
      choices: ["3", "5", "6", "10"],
      answer: 2,
      explain: "$30 divided by $5 is 6 chores.",
    },
    {
      prompt: "Job A pays $4 and takes 15 minutes. Job B pays $6 and takes an hour. Which pays more for your time?",
      youngerPrompt: "Job A pays $4 and takes 15 minutes. Job B pays $6 and takes one hour. Which is the better deal?",
      choices: ["Job A", "Job B", "They pay the same for your time"],
      answer: 0,
      explain: "Job A pays $4 for a quarter of an hour, which is $16 an hour. Job B pays $6 an hour.",
    },
    {
      prompt: "Why can a paycheck be smaller than what someone earned?",
      youngerPrompt: "Why do grown-ups get less pay than they earned?",
      choices: ["The boss made a mistake", "The bank keeps some for itself", "Taxes are taken out first"],
      answer: 2,
      explain:
        "Taxes come out of pay before it reaches you. They pay for things everyone shares, like schools and roads.",
    },
  ],
};
