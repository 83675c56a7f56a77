/** spec 001 §2.7 and §3: the Automation Dashboard's fixed sample content; nothing here is live. */

export type TemplateCategory = "onboarding" | "sales" | "support" | "retention" | "engagement";
export type SampleStatus = "completed" | "in_progress" | "pending";

export interface AutomationTemplate {
  id: string;
  name: string;
  description: string;
  category: TemplateCategory;
  triggers: string[];
  actions: string[];
  isActive: boolean;
}

export const SAMPLE_JOURNEY = {
  customer: "The Rivera family",
  stage: "prospect",
  progress: 15,
  nextAction: "Complete email verification",
  score: 8.5,
} as const;

export const SAMPLE_AUTOMATIONS: { id: string; name: string; detail: string; status: SampleStatus }[] = [
  { id: "a1", name: "Welcome e-mail", detail: "Sent after sign-up", status: "completed" },
  { id: "a2", name: "Add your first child", detail: "Reminder waits 24 hours", status: "in_progress" },
  { id: "a3", name: "Budget setup tips", detail: "After the first child is added", status: "pending" },
  { id: "a4", name: "First approval celebration", detail: "After the first approved cart", status: "pending" },
];

export const AUTOMATION_TEMPLATES: AutomationTemplate[] = [
  {
    id: "welcome",
    name: "Welcome series",
    description: "Greets new parents and walks them through adding a child.",
    category: "onboarding",
    triggers: ["Parent signs up"],
    actions: ["Send welcome e-mail", "Wait 24 hours", "Send setup guide"],
    isActive: true,
  },
  {
    id: "trial",
    name: "Trial conversion",
    description: "Shows the value of a paid plan before the trial ends.",
    category: "sales",
    triggers: ["Trial day 10"],
    actions: ["Send plan comparison", "Offer a call with the team"],
    isActive: true,
  },
  {
    id: "ticket",
    name: "Support follow-up",
    description: "Checks in after a support ticket is closed.",
    category: "support",
    triggers: ["Ticket closed"],
    actions: ["Wait 2 days", "Send satisfaction survey"],
    isActive: false,
  },
  {
    id: "payment",
    name: "Payment recovery",
    description: "Helps a family fix a failed payment before the account pauses.",
    category: "retention",
    triggers: ["Payment failed"],
    actions: ["Send payment update e-mail", "Wait 3 days", "Open a support ticket"],
    isActive: true,
  },
  {
    id: "winback",
    name: "We miss you",
    description: "Invites inactive families back with a new lesson.",
    category: "retention",
    triggers: ["No sign-in for 30 days"],
    actions: ["Send new lesson highlight"],
    isActive: false,
  },
  {
    id: "milestone",
    name: "Milestone celebration",
    description: "Celebrates a child's new badge with the parent.",
    category: "engagement",
    triggers: ["Badge earned"],
    actions: ["Send celebration e-mail", "Suggest a family challenge"],
    isActive: true,
  },
];

export const TRIGGER_EVENTS = [
  "Parent signs up",
  "Child added",
  "Cart submitted",
  "Payment failed",
  "Ticket closed",
  "Badge earned",
] as const;

export const WORKFLOW_TEMPLATES = [
  {
    id: "w1",
    name: "New family onboarding",
    steps: 4,
    description: "Welcome, first child, first budget, first approval.",
  },
  { id: "w2", name: "Failed payment recovery", steps: 3, description: "Reminder, grace period, support ticket." },
  { id: "w3", name: "Weekly learning digest", steps: 2, description: "Lessons finished and badges earned this week." },
];

export const SAMPLE_PERFORMANCE = [
  { label: "E-mails sent", value: "1,284" },
  { label: "Open rate", value: "62%" },
  { label: "Workflows completed", value: "318" },
  { label: "Average time to complete", value: "2.4 days" },
];

export const SAMPLE_ACTIVITY = [
  { id: "r1", text: "Welcome series completed for the Chen family", when: "5 minutes ago" },
  { id: "r2", text: "Payment recovery started for the Okafor family", when: "1 hour ago" },
  { id: "r3", text: "Milestone celebration sent to the Rivera family", when: "3 hours ago" },
  { id: "r4", text: "Trial conversion e-mail opened by the Novak family", when: "Yesterday" },
];
