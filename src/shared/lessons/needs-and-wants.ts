import type { Lesson } from "./types";

export const needsAndWants: Lesson = {
  id: "needs-and-wants",
  title: "Needs and wants",
  minutes: 2,
  unlockedBy: "first_decline",
  screens: [
    {
      title: "A no is not the end",
      body: "A parent said no to one of your carts. That is a good moment to ask one useful money question: did I need it, or did I want it?",
      youngerBody:
        "A grown-up said no to your cart. That's OK! Let's learn a smart money question: is it a need or a want?",
    },
    {
      title: "Needs",
      body: "Needs are things you must have to be healthy, safe and ready for school: food, a home, clothes that fit, medicine and school supplies.",
      youngerBody: "Needs are things you must have. Food, a home, clothes that fit and school supplies are needs.",
    },
    {
      title: "Wants",
      body: "Wants make life more fun, but you would be fine without them: a new game, a toy, a third hoodie, a snack on the way home.",
      youngerBody: "Wants are things that are fun to have, like a new game or a toy. You would be OK without them.",
    },
    {
      title: "Some things are both",
      body: "Shoes that fit are a need. If a $40 pair does the same job as a $120 pair with a famous logo, the extra $80 pays for the logo, and that part is a want.",
      youngerBody:
        "Shoes are a need. Shoes with a fancy logo cost more. The extra money pays for the logo, and that part is a want.",
    },
    {
      title: "Wants still matter",
      body: "Wants are not bad. Pay for needs first, then choose the wants that matter most to you, and let the others wait.",
      youngerBody: "Wants are not bad! Needs come first. Then pick the want you like best.",
    },
    {
      title: "The waiting trick",
      body: "Before you buy a want, wait a day. If you still want it tomorrow, it may be worth it; if you forgot about it, you just saved money.",
      youngerBody: "Want something? Wait one day. If you forgot about it by tomorrow, you just saved money!",
    },
  ],
  questions: [
    {
      prompt: "Which of these is a need?",
      choices: [
        "A new video game",
        "A second pair of headphones",
        "A warm coat for winter",
        "Stickers for your notebook",
      ],
      answer: 2,
      explain:
        "A warm coat keeps you healthy and safe in the cold. The others are fun, but you would be fine without them.",
    },
    {
      prompt:
        "Your sneakers are too small. A $40 pair and a $120 pair do the same job. What does the extra $80 pay for?",
      youngerPrompt:
        "Your shoes are too small. Plain shoes cost $40 and fancy ones cost $120. What is the extra $80 for?",
      choices: ["A want: the brand and the look", "A need: shoes that fit", "Nothing: they cost the same"],
      answer: 0,
      explain:
        "Shoes that fit are the need, and the $40 pair covers it. The extra $80 buys the brand, which is a want.",
    },
    {
      prompt: "You see a toy you want right now. What is a smart first step?",
      choices: [
        "Buy it before it is gone",
        "Wait a day and see if you still want it",
        "Borrow money from a friend to buy it",
      ],
      answer: 1,
      explain:
        "Waiting a day helps you tell a real want from a quick feeling. If you still want it, you can plan for it.",
    },
  ],
};
