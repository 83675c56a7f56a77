import type { Lesson } from "./types";

export const whatThingsReallyCost: Lesson = {
  id: "what-things-really-cost",
  title: "What things really cost",
  minutes: 3,
  unlockedBy: "first_purchase_approved",
  screens: [
    {
      title: "More than the tag",
      body: "Your purchase was approved. Before the next one, let's look at what a thing costs beyond the number on its price tag.",
      youngerBody: "Your purchase was approved! Now let's see why things can cost more than the price tag says.",
    },
    {
      title: "Sales tax",
      body: "Most US states add sales tax when you pay. Where the tax is 7.5%, a $20 shirt costs $21.50 at the register.",
      youngerBody: "In most states, stores add tax when you pay. A $20 shirt can cost $21.50.",
    },
    {
      title: "Shipping and fees",
      body: "Online, shipping and service fees are added at the end. A $12 item with $5.99 shipping really costs $17.99.",
      youngerBody: "Buying online? Shipping costs extra. A $12 toy with $6 shipping costs $18.",
    },
    {
      title: "Things that need more things",
      body: "A bike needs a lock and a helmet, a game console needs games, a phone needs a case. Add those to the price before you decide.",
      youngerBody: "Some things need other things. A bike needs a helmet and a lock. Add those to the price too.",
    },
    {
      title: "Subscriptions keep costing",
      body: "$5 a month does not sound like much, but it is $60 a year. A subscription costs you every month until you cancel it.",
      youngerBody: "Some things cost money every month. $5 every month is $60 in a year!",
    },
    {
      title: "What you give up",
      body: "Money spent on one thing cannot be spent on another. The real cost of a $20 game includes the $20 that is no longer going to your goal.",
      youngerBody: "When you buy one thing, you can't use that money for something else. That is part of the cost.",
    },
  ],
  questions: [
    {
      prompt: "A shirt costs $20 and the sales tax is 7.5%. What do you pay?",
      youngerPrompt: "A shirt costs $20. The store adds $1.50 of tax. What do you pay?",
      choices: ["$20.00", "$21.50", "$27.50"],
      answer: 1,
      explain: "7.5% of $20 is $1.50, so you pay $21.50.",
    },
    {
      prompt: "A streaming plan costs $5 a month. How much is that in a year?",
      choices: ["$5", "$12", "$50", "$60"],
      answer: 3,
      explain: "A year has 12 months, and 12 times $5 is $60.",
    },
    {
      prompt: "You want a $150 bike. What else should you count before deciding?",
      youngerPrompt: "You want a bike. What else might you need to buy?",
      choices: ["A helmet and a lock", "Nothing: the price is the price", "A second bike"],
      answer: 0,
      explain: "A helmet keeps you safe and a lock keeps the bike yours. Both are part of what the bike really costs.",
    },
  ],
};
