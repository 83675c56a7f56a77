import type { Lesson } from "./types";

export const checkingAReceipt: Lesson = {
  id: "checking-a-receipt",
  title: "Checking a receipt",
  minutes: 2,
  unlockedBy: "first_completed_purchase",
  screens: [
    {
      title: "Your purchase is done",
      body: "Your first purchase went through. The last step of shopping smart is checking the receipt, the record of what you paid for.",
      youngerBody: "Your purchase is done! A receipt shows what you bought and what you paid.",
    },
    {
      title: "What a receipt shows",
      body: "A receipt lists each item, its price and how many you bought, then any discounts, the tax and the total.",
      youngerBody: "A receipt lists each thing you bought, its price, and the total you paid.",
    },
    {
      title: "Check each line",
      body: "Mistakes happen: an item scanned twice, a sale price that did not come through. Compare each line with what you actually bought.",
      youngerBody: "Look at each line. Was anything counted twice? Is the price what the sign said?",
    },
    {
      title: "Check the total",
      body: "Add it up roughly in your head. If you bought three things for about $5 each and the total says $45, something is wrong.",
      youngerBody: "Add it up in your head. Three things for about $5 each is about $15. If it says $45, ask!",
    },
    {
      title: "Keep it",
      body: "Keep the receipt, or the order e-mail for online buys, until you are sure you are keeping the item. Stores usually ask for it for a return or a repair.",
      youngerBody: "Keep your receipt. You need it if you want to bring something back.",
    },
  ],
  questions: [
    {
      prompt: "Your receipt shows the same $4 snack twice, but you bought one. What should you do?",
      youngerPrompt: "Your receipt shows one snack twice, but you bought only one. What do you do?",
      choices: ["Nothing, it is only $4", "Throw the receipt away", "Ask the store to fix it"],
      answer: 2,
      explain: "Stores fix mistakes like this all the time. Asking politely gets your $4 back.",
    },
    {
      prompt: "Why keep a receipt after you buy something?",
      choices: ["To return or exchange the item if needed", "Because stores ask for it back", "It is not useful"],
      answer: 0,
      explain: "Most stores need a receipt, or the order e-mail, to take an item back or fix it.",
    },
    {
      prompt: "You bought three items for about $5 each. Which total should make you check again?",
      choices: ["$14.75", "$15.40", "$45.00"],
      answer: 2,
      explain: "Three items at about $5 each is about $15. A total near $45 means something was charged wrongly.",
    },
  ],
};
