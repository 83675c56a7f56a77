import type { Lesson } from "./types";

export const savingForAGoal: Lesson = {
  id: "saving-for-a-goal",
  title: "Saving for a goal",
  minutes: 3,
  unlockedBy: "goal_created",
  screens: [
    {
      title: "You set a goal",
      body: 'A goal turns "I want that" into a plan. It has a name, a price and a day you are aiming for.',
      youngerBody: "You made a goal! A goal is something you save up for, like a bike or a game.",
    },
    {
      title: "Break it into steps",
      body: "A $60 goal in 12 weeks is $5 a week. A big number becomes a small weekly step you can actually take.",
      youngerBody: "A $60 goal looks big. But $5 each week for 12 weeks gets you there!",
    },
    {
      title: "Save first, spend second",
      body: "Put your goal money aside as soon as money comes in, then spend from the rest. Money you saved first cannot be spent by accident.",
      youngerBody: "When you get money, put your goal money away first. Then you can spend what is left.",
    },
    {
      title: "Watch it grow",
      body: "Check your goal's progress often. Seeing $15 of $60 turn into $30 of $60 makes the waiting easier.",
      youngerBody: "Look at your goal often. Watching it fill up makes waiting feel good.",
    },
    {
      title: "Speed it up",
      body: "You can reach a goal sooner by saving a bit more, earning with extra chores, or skipping one small buy each week.",
      youngerBody: "Want to get there faster? Do an extra chore, or skip one snack a week and save that money.",
    },
    {
      title: "Changing your mind is allowed",
      body: "If you stop wanting the thing, it is fine to change the goal. The money you saved is still yours.",
      youngerBody: "Changed your mind? That's OK. The money you saved is still yours.",
    },
  ],
  questions: [
    {
      prompt: "You want $60 headphones and can save $5 a week. How many weeks will it take?",
      choices: ["6 weeks", "10 weeks", "12 weeks", "20 weeks"],
      answer: 2,
      explain: "$60 divided by $5 a week is 12 weeks.",
    },
    {
      prompt: "When is the best time to put money toward your goal?",
      choices: ["Right when you get money", "At the end of the month, if some is left", "Only when you remember"],
      answer: 0,
      explain: "Saving first makes sure the money goes to your goal before it gets spent on other things.",
    },
    {
      prompt: "Which of these gets you to your goal sooner?",
      choices: ["Buying a snack every day", "Forgetting about the goal for a while", "Doing an extra chore for money"],
      answer: 2,
      explain: "Earning a little extra and putting it toward the goal makes the wait shorter.",
    },
  ],
};
