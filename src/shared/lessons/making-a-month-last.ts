import type { Lesson } from "./types";

export const makingAMonthLast: Lesson = {
  id: "making-a-month-last",
  title: "Making a month last",
  minutes: 3,
  unlockedBy: "budget_75",
  screens: [
    {
      title: "Three quarters gone",
      body: "You have used 75% of this month's budget. That is fine by itself, but it is a good time to look at what is left and how many days are left.",
      youngerBody: "You have used most of your money for this month. Let's make the rest last until the month ends.",
    },
    {
      title: "Split it into weeks",
      body: "A month is about four weeks. A $40 budget is about $10 a week, and knowing your weekly amount shows you early when you are spending too fast.",
      youngerBody: "A month has about four weeks. If you get $40 a month, that is about $10 each week.",
    },
    {
      title: "Count what is left",
      body: "Divide what is left by the weeks left. $10 with two weeks to go is about $5 a week, so a $9 snack run this week leaves almost nothing for next week.",
      youngerBody: "Look at what is left. $10 left for two weeks is $5 for each week.",
    },
    {
      title: "Plan the must-haves first",
      body: "If something is coming up, like a friend's birthday gift or a school trip, set that money aside first and spend only from what remains.",
      youngerBody:
        "Is a birthday gift or a school trip coming? Keep money for it first. Spend only what is left after that.",
    },
    {
      title: "Small things add up",
      body: "A $3 drink three times a week is $9 a week and about $36 a month. Small buys are where most budgets leak.",
      youngerBody: "A $3 drink three times a week costs $9. Little buys add up fast!",
    },
    {
      title: "Running out is a lesson too",
      body: "If the money runs out before the month does, you wait until the next month starts. Next month, try spending a little less in the first two weeks.",
      youngerBody:
        "If your money runs out, you wait for next month. Next time, try to spend a little less at the start.",
    },
  ],
  questions: [
    {
      prompt: "Your budget is $40 a month. About how much is that each week?",
      choices: ["$4", "$10", "$20", "$40"],
      answer: 1,
      explain: "A month is about four weeks, and $40 split four ways is $10 a week.",
    },
    {
      prompt: "You have $12 left and three weeks until the month ends. About how much can you spend each week?",
      youngerPrompt: "You have $12 left. The month ends in three weeks. How much can you spend each week?",
      choices: ["$3", "$6", "$12", "$4"],
      answer: 3,
      explain: "$12 divided by 3 weeks is $4 a week.",
    },
    {
      prompt: "A friend's birthday is next week and you want to give a $10 gift. What should you do first?",
      youngerPrompt: "A friend's birthday is next week. You want to give a $10 gift. What do you do first?",
      choices: ["Set $10 aside now", "Spend freely and hope $10 is left", "Skip the gift"],
      answer: 0,
      explain: "Setting money aside for something you know is coming means it is there when you need it.",
    },
  ],
};
