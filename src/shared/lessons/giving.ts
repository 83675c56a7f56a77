import type { Lesson } from "./types";

export const giving: Lesson = {
  id: "giving",
  title: "Giving",
  minutes: 2,
  unlockedBy: "new_month",
  screens: [
    {
      title: "A new month, a new plan",
      body: "A new month is a good time to plan your money. Many people split it three ways: some to spend, some to save and some to give.",
      youngerBody: "A new month is here! You can split your money into three parts: spend, save and give.",
    },
    {
      title: "Ways to give",
      body: "Giving can be money, but also time and things: helping a neighbor, donating toys you have outgrown, or volunteering with your family.",
      youngerBody: "You can give money. You can also give your time, or toys you don't play with anymore.",
    },
    {
      title: "Pick a cause you care about",
      body: "Giving means more when you choose where it goes: animals, a food bank, your school, people hit by a storm. What do you care about?",
      youngerBody: "What do you care about? Animals, hungry families, your school? You can choose who to help.",
    },
    {
      title: "A little, often",
      body: "You do not need a lot. Giving 10% of a $20 month is $2, which adds up to $24 over a year.",
      youngerBody: "Small gifts count! $2 a month adds up to $24 in a year.",
    },
    {
      title: "Check where it goes",
      body: "Before giving money, look up the group with a parent to see that it is real and how it uses gifts. Some scammers pretend to be charities.",
      youngerBody: "Before you give money, check with a grown-up that the group is real.",
    },
  ],
  questions: [
    {
      prompt: "Which of these is a way to give?",
      choices: ["Buying a game for yourself", "Donating toys you have outgrown", "Saving for headphones"],
      answer: 1,
      explain: "Giving helps someone else. Toys you no longer use can go to a child who will enjoy them.",
    },
    {
      prompt: "You plan to give 10% of a $20 budget. How much is that?",
      youngerPrompt: "You want to give $1 out of every $10. How much do you give from $20?",
      choices: ["$1", "$2", "$10", "$20"],
      answer: 1,
      explain: "10% of $20 is $2, the same as $1 out of every $10.",
    },
    {
      prompt: "Before you give money to a group, what should you do?",
      choices: [
        "Give as much as you can right away",
        "Give only to people who message you",
        "Check with a parent that the group is real",
      ],
      answer: 2,
      explain:
        "Some scammers pretend to be charities. Looking a group up with a parent makes sure your gift really helps.",
    },
  ],
};
