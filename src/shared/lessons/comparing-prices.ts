import type { Lesson } from "./types";

export const comparingPrices: Lesson = {
  id: "comparing-prices",
  title: "Comparing prices",
  minutes: 3,
  unlockedBy: "first_suggestion",
  screens: [
    {
      title: "Same thing, different prices",
      body: "The same headphones can cost $25 at one store and $35 at another. A few minutes of checking can save real money.",
      youngerBody: "The same toy can cost different amounts at different stores. Checking first can save you money.",
    },
    {
      title: "Look at the unit price",
      body: "Bigger packs are not always cheaper. 12 ounces for $3.00 is 25 cents an ounce and 18 ounces for $4.05 is 22.5 cents an ounce, so here the big pack wins.",
      youngerBody:
        "Is the big box a better deal? 6 cookies for $3 is 50 cents each. 10 cookies for $4 is only 40 cents each!",
    },
    {
      title: "Is the sale real?",
      body: '"Was $40, now $30" only saves you money if you were going to buy it anyway. Spending $30 on something you did not need is not saving $10.',
      youngerBody:
        "A sale sign can make you want to buy. If you did not need the thing, the sale does not save you money.",
    },
    {
      title: "Count the whole price",
      body: "Shipping, fees and tax can change which deal is cheaper. $18 plus $6 shipping costs more than $22 with free shipping.",
      youngerBody: "Add shipping to the price. $18 plus $6 shipping is $24. That is more than $22 with free shipping.",
    },
    {
      title: "Cheaper is not always better",
      body: "A $15 backpack that rips in two months costs more in the end than a $30 one that lasts two years. Reviews and friends can tell you what lasts.",
      youngerBody:
        "A cheap bag that breaks soon is not a good deal. Paying a bit more for something that lasts can be smarter.",
    },
  ],
  questions: [
    {
      prompt: "Which is the better deal on the same cereal?",
      choices: ["10 ounces for $3.00", "20 ounces for $5.00", "They cost the same per ounce"],
      answer: 1,
      explain:
        "10 ounces for $3.00 is 30 cents an ounce. 20 ounces for $5.00 is 25 cents an ounce, so the bigger box costs less per ounce.",
    },
    {
      prompt: "A game costs $18 plus $6 shipping at Store A, and $22 with free shipping at Store B. Which costs less?",
      youngerPrompt: "Store A: $18 plus $6 shipping. Store B: $22 with free shipping. Which costs less?",
      choices: ["Store A", "They cost the same", "Store B"],
      answer: 2,
      explain: "$18 plus $6 is $24, which is more than $22. Always add shipping before you compare.",
    },
    {
      prompt: 'A shirt you had not planned to buy is on sale: "Was $40, now $30." If you buy it, what happened?',
      youngerPrompt: "A shirt you did not need is on sale, from $40 down to $30. If you buy it, what happened?",
      choices: ["You spent $30 you had not planned to spend", "You saved $10", "You saved $30"],
      answer: 0,
      explain:
        "Saving means keeping money. If you were not going to buy the shirt, buying it on sale still spends $30.",
    },
  ],
};
