import { describe, expect, it } from "vitest";
import { mailboxOf, sameMailbox } from "./same-person";

describe("mailboxOf (docs/decisions/151)", () => {
  it.each([
    ["Jo.Smith+kids@Gmail.com", "josmith@gmail.com"],
    ["jo.smith@googlemail.com", "josmith@gmail.com"],
    ["sam+home@outlook.com", "sam@outlook.com"],
    ["sam.lee+x@icloud.com", "sam.lee@icloud.com"],
    ["sam+home@example.com", "sam+home@example.com"],
    ["Sam.Lee@Example.com", "sam.lee@example.com"],
    ["no-at-sign", "no-at-sign"],
  ])("%s reaches %s", (address, mailbox) => {
    expect(mailboxOf(address)).toBe(mailbox);
  });

  it("tells the same person's addresses from another's", () => {
    expect(sameMailbox("ann.b@gmail.com", "annb+2@gmail.com")).toBe(true);
    expect(sameMailbox("ann@example.com", "ann+2@example.com")).toBe(false);
  });
});
