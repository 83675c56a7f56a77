import type { Lesson } from "./types";

export const safeShoppingAndScams: Lesson = {
  id: "safe-shopping-and-scams",
  title: "Safe shopping and scams",
  minutes: 3,
  unlockedBy: "first_cart_submitted",
  screens: [
    {
      title: "Shop with your grown-up",
      body: "You sent your first cart, and a parent checks it before anything is bought. That check is one of the best protections you have online.",
      youngerBody: "You sent your first cart! A grown-up checks it before anything is bought. That keeps you safe.",
    },
    {
      title: "Too good to be true",
      body: "A $300 game console for $40, or a prize for a contest you never entered, is almost always a trick. If a deal seems too good to be true, it usually is.",
      youngerBody:
        "A big prize you never tried to win is usually a trick. If it seems too good to be true, it probably is.",
    },
    {
      title: "Keep secrets secret",
      body: "Never share passwords, sign-in codes, card numbers or your address with someone who messages you. Real stores and real friends do not ask for them.",
      youngerBody:
        "Never tell anyone your password or secret codes. Not even someone who says they are a friend or a store.",
    },
    {
      title: "Gift cards are a red flag",
      body: "Anyone who asks you to pay them with gift cards is almost certainly a scammer. Real companies and governments never ask for gift cards as payment.",
      youngerBody: "If someone asks you to pay with gift cards, it is a trick. Stop and tell a grown-up.",
    },
    {
      title: "Hurry means stop",
      body: 'Scammers rush you: "only 5 minutes left" or "your account will be closed". When a message makes you hurry or feel scared, stop and show a parent.',
      youngerBody: "Tricksters try to make you hurry or feel scared. When that happens, stop and show a grown-up.",
    },
    {
      title: "Check the store",
      body: "Buy from stores you and your parent know, and look closely at the web address. A name that is almost right, or a number where a letter should be, is a warning sign.",
      youngerBody: "Shop at stores your family knows. If a website looks strange, ask a grown-up.",
    },
  ],
  questions: [
    {
      prompt: "A message says you won a $500 gift card and only need to type your password. What do you do?",
      youngerPrompt: "A message says you won a prize. It asks for your password. What do you do?",
      choices: ["Type the password quickly", "Don't answer, and show a parent", "Send it to a friend to check"],
      answer: 1,
      explain:
        "Nobody needs your password to give you a prize. It is a scam, and a parent can help you report and delete it.",
    },
    {
      prompt: "Someone online says you must pay them with gift cards. What is that most likely to be?",
      youngerPrompt: "Someone online wants you to pay with gift cards. What is it?",
      choices: ["A scam", "A normal way to pay", "A special discount"],
      answer: 0,
      explain: "Real stores and companies do not ask to be paid in gift cards. Asking for them is a sign of a scam.",
    },
    {
      prompt: "Which of these is a warning sign of a scam?",
      choices: [
        "A store your family has used before",
        "A receipt e-mailed after your parent paid",
        "A message saying you must act within 5 minutes",
      ],
      answer: 2,
      explain:
        "Scammers rush you so you do not stop and think. A real deal will still be there after you ask a parent.",
    },
  ],
};
