import { describe, expect, it } from "vitest";
import type { WorkflowStep } from "../../db/schema";
import { describeStep, describeSteps } from "./workflow-steps";

describe("describeStep", () => {
  it.each<[WorkflowStep, string]>([
    [{ kind: "send_email", template: "welcome" }, "Send the welcome e-mail"],
    [{ kind: "send_email", template: "first-steps" }, "Send the first steps e-mail"],
    [{ kind: "send_email", template: "payment_failed" }, "Send the payment failed e-mail"],
    [{ kind: "wait", hours: 24 }, "Wait 24 hours"],
    [{ kind: "wait", hours: 1 }, "Wait 1 hour"],
    [{ kind: "wait", hours: 36 }, "Wait 36 hours"],
    [{ kind: "wait", hours: 72 }, "Wait 3 days"],
    [{ kind: "wait", hours: 0.5 }, "Wait 30 minutes"],
    [
      { kind: "create_ticket", subject: "s", description: "d", priority: "high" },
      "Open a high-priority support ticket",
    ],
    [
      { kind: "create_ticket", subject: "s", description: "d", priority: "urgent" },
      "Open an urgent-priority support ticket",
    ],
  ])("%j reads %s", (step, words) => {
    expect(describeStep(step)).toBe(words);
  });

  it("describes a workflow's steps in order", () => {
    expect(
      describeSteps([
        { kind: "send_email", template: "welcome" },
        { kind: "wait", hours: 24 },
        { kind: "send_email", template: "first-steps" },
      ]),
    ).toEqual(["Send the welcome e-mail", "Wait 24 hours", "Send the first steps e-mail"]);
  });
});
