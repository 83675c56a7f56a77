import type { WorkflowStep } from "../../db/schema";

/** A workflow step in the words the staff dashboard shows ("Send the welcome e-mail", "Wait 24 hours"). */
export function describeStep(step: WorkflowStep): string {
  switch (step.kind) {
    case "send_email":
      return `Send the ${step.template.replaceAll(/[-_]+/g, " ")} e-mail`;
    case "wait":
      return `Wait ${waitLength(step.hours)}`;
    case "create_ticket":
      return `Open ${/^[aeiou]/.test(step.priority) ? "an" : "a"} ${step.priority}-priority support ticket`;
  }
}

export const describeSteps = (steps: WorkflowStep[]) => steps.map(describeStep);

/** Whole days read better than hours from two days on; a single day stays "24 hours", as staff say it. */
function waitLength(hours: number): string {
  if (hours >= 48 && hours % 24 === 0) return `${hours / 24} days`;
  if (hours < 1) {
    const minutes = Math.round(hours * 60);
    return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  }
  return `${hours} hour${hours === 1 ? "" : "s"}`;
}
