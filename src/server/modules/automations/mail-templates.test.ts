import { describe, expect, it } from "vitest";
import { renderTemplate, TEMPLATE_NAMES, UnknownTemplateError } from "./mail-templates";

describe("automation e-mail templates", () => {
  it("has the messages the seeded workflows send", () => {
    expect(TEMPLATE_NAMES.sort()).toEqual([
      "first-steps",
      "payment-failed",
      "payment-reminder",
      "payment-suspended",
      "welcome",
    ]);
  });

  it.each([
    ["welcome", "Welcome to Pocketwise", "nothing is bought until you approve it"],
    ["first-steps", "Your first steps with Pocketwise", "Add a child"],
    ["payment-failed", "Your Pocketwise payment did not go through", "update the card"],
    ["payment-reminder", "Reminder: your Pocketwise payment is still failing", "In 4 days"],
    [
      "payment-suspended",
      "Your family is on Free plan limits until your payment goes through",
      "Nothing has been deleted",
    ],
  ])("%s: subject, greeting by first name and product words", (name, subject, phrase) => {
    const mail = renderTemplate(name, { firstName: "Pat", appOrigin: null });
    expect(mail.subject).toBe(subject);
    expect(mail.text.startsWith("Hi Pat,\n\n")).toBe(true);
    expect(mail.text).toContain(phrase);
    expect(mail.text.trimEnd().endsWith("The Pocketwise team")).toBe(true);
    expect(mail.html).toContain("<p>Hi Pat,</p>");
  });

  it.each([
    [null, "Hi there,"],
    ["  ", "Hi there,"],
    [" Alex ", "Hi Alex,"],
  ])("greets a parent whose first name is %j as %j", (firstName, greeting) => {
    expect(renderTemplate("welcome", { firstName, appOrigin: null }).text).toMatch(new RegExp(`^${greeting}`));
  });

  it("links to the dashboard only when the app's address is known", () => {
    expect(renderTemplate("welcome", { firstName: "Pat", appOrigin: "https://pocketwise.example" }).text).toContain(
      "https://pocketwise.example/parent",
    );
    expect(renderTemplate("welcome", { firstName: "Pat", appOrigin: null }).text).not.toContain("http");
  });

  it("escapes the name in the HTML part", () => {
    const { html, text } = renderTemplate("welcome", { firstName: "<b>Pat</b> & co", appOrigin: null });
    expect(html).toContain("Hi &lt;b&gt;Pat&lt;/b&gt; &amp; co,");
    expect(text).toContain("Hi <b>Pat</b> & co,");
  });

  it("refuses a template that does not exist, including inherited property names", () => {
    expect(() => renderTemplate("goodbye", { firstName: "Pat", appOrigin: null })).toThrow(UnknownTemplateError);
    expect(() => renderTemplate("toString", { firstName: "Pat", appOrigin: null })).toThrow(
      'There is no e-mail called "toString"',
    );
  });
});
