import type { FaqItem } from "@shared/rules/faq";

// spec 001 §3 "Landing-page local entities": fixed sample content, never fetched.

export interface LiveStat {
  label: string;
  value: number;
  prefix: string;
  suffix: string;
  /** Added on every tick of the live counters. */
  increment: number;
}

export interface Testimonial {
  name: string;
  role: string;
  location: string;
  quote: string;
  rating: number;
  verified: boolean;
  children: number;
  /** What the family says they saved, in cents. */
  savingsAmount: number;
}

export interface FamilyGoal {
  title: string;
  target: number;
  current: number;
  participants: number;
  deadline: string;
}

export interface KidGoal {
  title: string;
  target: number;
  current: number;
}

export interface Challenge {
  title: string;
  description: string;
  reward: string;
  participants: number;
  status: "active" | "completed" | "upcoming";
}

export interface Achievement {
  title: string;
  unlocked: boolean;
}

/** The hero's rotating highlight, one every 3 s (spec 001 §9). */
export const HERO_STATS = [
  "50K+ families trust Pocketwise",
  "$2.3M saved by families so far",
  "98% parent satisfaction",
  "4.9 average rating from parents",
] as const;

export const LIVE_STATS: readonly LiveStat[] = [
  { label: "Purchases approved today", value: 12_847, prefix: "", suffix: "", increment: 3 },
  { label: "Saved by families this month", value: 184_320, prefix: "$", suffix: "", increment: 27 },
  { label: "Money lessons completed", value: 38_912, prefix: "", suffix: "", increment: 5 },
  { label: "Families on Pocketwise", value: 50_214, prefix: "", suffix: "+", increment: 1 },
];

export const SOCIAL_STATS = [
  { value: "50K+", label: "Families" },
  { value: "$2.3M", label: "Saved by families" },
  { value: "98%", label: "Parent satisfaction" },
  { value: "4.9", label: "Average rating" },
] as const;

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Sarah Mitchell",
    role: "Mother of two",
    location: "Austin, TX",
    quote:
      "My daughter used to fill carts on my account. Now she sends me her cart, I approve it from my phone, and she has started comparing prices on her own.",
    rating: 5,
    verified: true,
    children: 2,
    savingsAmount: 34_000,
  },
  {
    name: "David Okafor",
    role: "Father of three",
    location: "Columbus, OH",
    quote:
      "Three kids, three budgets, one dashboard. Auto-approval under $20 means I only see the purchases that actually need a conversation.",
    rating: 5,
    verified: true,
    children: 3,
    savingsAmount: 52_500,
  },
  {
    name: "Priya Raman",
    role: "Single parent",
    location: "Edison, NJ",
    quote:
      "The lessons after each purchase are short and real. My son saved for six weeks for his headphones and was prouder of that than of the headphones.",
    rating: 5,
    verified: true,
    children: 1,
    savingsAmount: 21_000,
  },
];

export const FAMILY_GOALS: readonly FamilyGoal[] = [
  { title: "Summer road trip", target: 150_000, current: 96_000, participants: 4, deadline: "2027-06-30" },
  { title: "New bikes for everyone", target: 80_000, current: 31_000, participants: 3, deadline: "2027-04-15" },
];

export const KID_GOALS: readonly KidGoal[] = [
  { title: "Emma: drawing tablet", target: 25_000, current: 17_500 },
  { title: "Leo: soccer cleats", target: 9_000, current: 8_100 },
  { title: "Mia: concert tickets", target: 12_000, current: 3_600 },
];

export const CHALLENGES: readonly Challenge[] = [
  {
    title: "No-spend weekend",
    description: "Skip every impulse buy from Friday evening to Sunday night.",
    reward: "50 points",
    participants: 4,
    status: "active",
  },
  {
    title: "Compare three prices",
    description: "Check three stores before sending a cart for approval.",
    reward: "Deal Detective badge",
    participants: 2,
    status: "completed",
  },
  {
    title: "Save 10% of allowance",
    description: "Move a tenth of every allowance into a savings goal for a month.",
    reward: "$5 bonus from parents",
    participants: 3,
    status: "upcoming",
  },
];

export const ACHIEVEMENTS: readonly Achievement[] = [
  { title: "Smart Spender", unlocked: true },
  { title: "Budget Boss", unlocked: true },
  { title: "Goal Getter", unlocked: true },
  { title: "Super Saver", unlocked: false },
  { title: "Deal Detective", unlocked: false },
  { title: "Chore Champion", unlocked: false },
];

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    id: "what-is",
    category: "general",
    question: "What is Pocketwise?",
    answer:
      "Pocketwise is a safe checkout for kids. Your child shops at partner stores within the monthly budget you set, the cart comes to you for approval, and every purchase comes with a short money lesson.",
  },
  {
    id: "ages",
    category: "general",
    question: "Which ages is Pocketwise for?",
    answer:
      "Pocketwise is built for children aged 8 to 16 shopping under a parent's supervision. Parents must be 18 or older, and children under 13 join only with verifiable parental consent.",
  },
  {
    id: "buy-alone",
    category: "safety",
    question: "Can my child buy something without me?",
    answer:
      "Only within rules you set yourself, such as auto-approving purchases under $20, limiting categories or allowing shopping only at certain times. Everything else waits for your approval.",
  },
  {
    id: "data",
    category: "safety",
    question: "How do you protect my child's data?",
    answer:
      "We collect only what the service needs, encrypt it in transit and at rest, never sell it, and you can review, correct, export or delete it at any time. Sessions end after 30 minutes without activity.",
  },
  {
    id: "coppa",
    category: "safety",
    question: "Is Pocketwise COPPA compliant?",
    answer:
      "Yes. For children under 13 we ask for verifiable parental consent before an account is activated, and parents keep full control of what is collected.",
  },
  {
    id: "free-plan",
    category: "pricing",
    question: "Is there a free plan?",
    answer:
      "Yes. The Free plan covers one child and five approved purchases a month, with basic checkout and approval and e-mail notifications.",
  },
  {
    id: "trial",
    category: "pricing",
    question: "How does the free trial work?",
    answer:
      "Paid plans start with a 14-day free trial and no credit card. If you decide to stay and change your mind later, we refund you within 30 days.",
  },
  {
    id: "cancel",
    category: "pricing",
    question: "Can I change or cancel my plan?",
    answer: "Any time, from your Parent Center. Upgrades apply at once; downgrades apply from the next billing month.",
  },
  {
    id: "add-child",
    category: "usage",
    question: "How do I add my child?",
    answer:
      "Create your parent account, add your child with a name, age and monthly budget, then give them a one-time sign-in code from your dashboard.",
  },
  {
    id: "stores",
    category: "usage",
    question: "Where can my child shop?",
    answer:
      "At 500+ partner retailers, in social video shops, and anywhere our browser extension adds the Pocketwise checkout button.",
  },
  {
    id: "chores",
    category: "usage",
    question: "Can chores add to my child's budget?",
    answer:
      "Yes. Create chores with a reward; when your child marks one done and you confirm it, the reward is added to that month's budget.",
  },
];
