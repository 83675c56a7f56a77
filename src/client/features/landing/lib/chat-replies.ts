// spec 001 §4 and §9: the help bot answers 1 s after each visitor message, from fixed local answers.
export const CHAT_REPLY_DELAY_MS = 1000;

export interface ChatMessage {
  id: string;
  text: string;
  sender: "bot" | "user";
  timestamp: number;
}

const ANSWERS: { keywords: RegExp; answer: string }[] = [
  {
    keywords: /\b(price|pricing|cost|plan|plans|pay|free|trial|cancel|refund)\b/i,
    answer:
      "The Free plan covers one child. Family Plan is $9.99 a month for up to 5 children, Premium $19.99 and Family Plus $29.99. Paid plans start with a 14-day free trial, no credit card needed.",
  },
  {
    keywords: /\b(safe|safety|secure|security|privacy|data|coppa|consent)\b/i,
    answer:
      "Every purchase needs your approval unless it fits rules you set. Children under 13 join only with verifiable parental consent, and card details never reach your child.",
  },
  {
    keywords: /\b(start|begin|sign ?up|account|add|child|kid|setup|set up)\b/i,
    answer:
      "Sign up as a parent, add your child with a monthly budget, then share a one-time sign-in code with them. It takes about two minutes.",
  },
  {
    keywords: /\b(store|stores|shop|shops|retailer|retailers|extension)\b/i,
    answer: "Kids can shop at 500+ partner retailers, in social video shops, and anywhere our browser extension works.",
  },
];

const FALLBACK =
  "Thanks for your message! A family success specialist will follow up. Meanwhile, the FAQ below covers safety, pricing and everyday use.";

export const GREETING = "Hi! I'm the Pocketwise helper. Ask me about safety, pricing or getting started.";

export function botReply(message: string): string {
  return ANSWERS.find((a) => a.keywords.test(message))?.answer ?? FALLBACK;
}

/** A blank (or whitespace-only) message is ignored. */
export function normaliseChatInput(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? trimmed : null;
}
