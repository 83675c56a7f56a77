import type { Lesson } from "./types";

export const borrowing: Lesson = {
  id: "borrowing",
  title: "Borrowing",
  minutes: 3,
  unlockedBy: "budget_90",
  screens: [
    {
      title: "Almost out",
      body: "You have used 90% of this month's budget. When money runs low, borrowing can look like an easy way out, so let's see how it really works.",
      youngerBody: "Your money for this month is almost gone. Let's learn what borrowing means.",
    },
    {
      title: "Borrowing is future money",
      body: "When you borrow, you spend money you have not earned yet. Next month starts with less, because part of it goes to paying back.",
      youngerBody:
        "Borrowing means using money now that you must give back later. Next month, you will have less to spend.",
    },
    {
      title: "Borrowing usually costs extra",
      body: "Lenders charge interest. Borrow $100 at 20% a year and you pay back $120 after a year, and that extra $20 buys you nothing.",
      youngerBody:
        "When people borrow from a bank, they pay back more than they borrowed. The extra money is called interest.",
    },
    {
      title: "Credit cards are borrowing",
      body: "A credit card is not free money. What you do not pay back by the due date is charged interest, often 20% a year or more.",
      youngerBody: "A credit card lets you buy now and pay later. If you don't pay on time, you owe extra.",
    },
    {
      title: "Borrowing from friends",
      body: "Borrowing from a friend is still borrowing. Agree on when you will pay it back and do it on time, or it can hurt the friendship.",
      youngerBody: "If you borrow from a friend, pay it back when you promised. That keeps the friendship happy.",
    },
    {
      title: "Better than borrowing",
      body: "Often the best choice is to wait for next month, or to earn the money first with a chore. Waiting costs nothing.",
      youngerBody: "Waiting is often the best choice. Waiting is free, and borrowing is not.",
    },
  ],
  questions: [
    {
      prompt: "You borrow $100 at 20% interest for one year. How much do you pay back?",
      youngerPrompt: "You borrow $100. The lender wants $20 extra. How much do you pay back?",
      choices: ["$80", "$100", "$120", "$200"],
      answer: 2,
      explain: "You pay back the $100 you borrowed plus $20 of interest: $120.",
    },
    {
      prompt: "You borrow money this month. What happens next month?",
      choices: ["You have more to spend", "You have less to spend, because you pay it back", "Nothing changes"],
      answer: 1,
      explain: "Borrowed money has to be paid back, so it comes out of the money you will have later.",
    },
    {
      prompt: "You are almost out of money and want a $15 game. Which choice costs nothing extra?",
      youngerPrompt: "Your money is almost gone and you want a $15 game. What is the smartest choice?",
      choices: [
        "Wait for next month, or earn the money first",
        "Put it on a credit card",
        "Borrow from a friend with no plan to pay back",
      ],
      answer: 0,
      explain: "Waiting or earning first means you pay only the price of the game, with nothing owed later.",
    },
  ],
};
