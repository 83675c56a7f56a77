import type { Lesson } from "./types";

export const adsAndInAppPurchases: Lesson = {
  id: "ads-and-in-app-purchases",
  title: "Ads and in-app purchases",
  minutes: 3,
  unlockedBy: "welcome",
  screens: [
    {
      title: "Ads are made to make you want",
      body: 'Every ad is paid for by someone who wants your money. Bright colors, happy music and "today only" are chosen to make you buy now.',
      youngerBody: "Ads are made to make you want things. They use fun music and bright colors on purpose.",
    },
    {
      title: "Spot the hidden ads",
      body: 'When an online star shows off a product, they may have been paid to. US rules say paid posts must say so, so look for "ad", "sponsored" or "paid partnership".',
      youngerBody: 'Sometimes a video star is paid to show a toy. Look for the words "ad" or "sponsored".',
    },
    {
      title: "Free games are not free",
      body: "Many free games make their money by selling things inside the game. They are designed so that small buys feel easy.",
      youngerBody: "Many free games ask you to buy things inside the game. That is how they make money.",
    },
    {
      title: "Coins hide the price",
      body: "Games sell gems or coins so you stop thinking in dollars. If 500 gems cost $4.99, a 1,000-gem sword costs about $10.",
      youngerBody: "Game coins and gems cost real money. If 500 gems cost $5, a 1,000-gem sword costs $10.",
    },
    {
      title: "Surprise boxes",
      body: "Loot boxes and mystery packs make you pay before you know what you get. Paying again and again for a rare prize can cost a lot.",
      youngerBody: "Mystery boxes hide what is inside. You might pay again and again and still not get the prize.",
    },
    {
      title: "Ask first",
      body: "Treat an in-app purchase like any other: is it a need or a want, what is it in dollars, and what does your parent say?",
      youngerBody: "Before you buy anything in a game, ask a grown-up. It is real money.",
    },
  ],
  questions: [
    {
      prompt: "Why do games sell gems or coins instead of showing prices in dollars?",
      youngerPrompt: "Why do games use coins and gems instead of dollars?",
      choices: [
        "Because dollars do not work online",
        "So you think less about the real money you spend",
        "Because gems are free",
      ],
      answer: 1,
      explain:
        "Turning dollars into gems makes it harder to notice what you spend. Always turn gems back into dollars.",
    },
    {
      prompt: "500 gems cost $4.99. About how much real money is a 1,000-gem item?",
      youngerPrompt: "500 gems cost $5. How much real money is a 1,000-gem item?",
      choices: ["$1", "$5", "$10", "$20"],
      answer: 2,
      explain: "1,000 gems is twice 500 gems, so it costs about twice $5: about $10.",
    },
    {
      prompt: 'A video star shows off a new toy, and the post says "sponsored". What does that mean?',
      choices: ["A company paid for the post", "The star bought the toy with their own money", "The toy is free"],
      answer: 0,
      explain: '"Sponsored" means a company paid for the post. It is an ad, even when it looks like a normal video.',
    },
  ],
};
