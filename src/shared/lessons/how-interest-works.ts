import type { Lesson } from "./types";

export const howInterestWorks: Lesson = {
  id: "how-interest-works",
  title: "How interest works",
  minutes: 3,
  unlockedBy: "goal_reached",
  screens: [
    {
      title: "You did it",
      body: "You reached a savings goal. Here is what savers learn next: money kept in a bank can earn more money, called interest.",
      youngerBody: "You reached your goal! Did you know money in a bank can grow? The extra money is called interest.",
    },
    {
      title: "What interest is",
      body: "A bank pays you interest for keeping your money there, because it lends that money to others. At 5% a year, $100 earns $5 in a year.",
      youngerBody:
        "A bank pays you a little for keeping your money there. Keep $100 there for a year, and the bank might add $5.",
    },
    {
      title: "Interest on interest",
      body: "The next year you earn interest on $105, not $100, so you get $5.25. Earning interest on your interest is called compound interest.",
      youngerBody: "The next year, the bank pays you for all $105. Your money grows a bit faster every year.",
    },
    {
      title: "Time is the secret",
      body: "At 6% a year, money doubles in about 12 years. Starting early matters more than starting big.",
      youngerBody: "The longer you leave money in, the more it grows. Starting young is a big help.",
    },
    {
      title: "Interest works both ways",
      body: "When you borrow, you pay interest instead of earning it. The same math that grows savings makes debts grow too.",
      youngerBody: "If you borrow money, you pay the interest. Then it is what you owe that grows.",
    },
  ],
  questions: [
    {
      prompt: "You keep $100 in a savings account that pays 5% a year. How much do you have after one year?",
      youngerPrompt: "You put $100 in a bank that pays 5% a year. How much do you have after a year?",
      choices: ["$100", "$105", "$150"],
      answer: 1,
      explain: "5% of $100 is $5, so you have $105.",
    },
    {
      prompt: "What is compound interest?",
      choices: ["Interest you pay to a store", "A fee for opening an account", "Earning interest on your interest too"],
      answer: 2,
      explain:
        "With compound interest, the interest you earned starts earning interest too, so savings grow faster over time.",
    },
    {
      prompt: "Who pays the interest when you borrow money?",
      choices: ["You do", "The lender does", "Nobody does"],
      answer: 0,
      explain: "A borrower pays interest to the lender, so borrowing makes things cost more.",
    },
  ],
};
