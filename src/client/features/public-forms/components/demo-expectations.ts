/** spec 001 §2.6: what a demo session includes. */
export const DEMO_EXPECTATIONS = [
  "A 30-minute session at a time that suits you",
  "A live walkthrough of the parent and child experience",
  "Q&A with a family finance specialist",
  "Custom pricing discussion for your family or school",
  "Free trial setup, ready to use the same day",
] as const;

export const CONTACT = { email: "hello@pocketwise.app", phone: "+1 (555) 010-2024" } as const;
