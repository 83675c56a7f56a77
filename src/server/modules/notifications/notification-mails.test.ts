import { describe, expect, it } from "vitest";
import { decideAutoApproval } from "../../../shared/rules/auto-approval";
import { cartWaitingMail, formatWhen, invitationMail, plainReason } from "./notification-mails";

const links = {
  unsubscribeUrl: "https://pw.test/unsubscribe/u",
  oneClickUrl: "https://pw.test/api/unsubscribe/u",
  settingsUrl: "https://pw.test/parent#notifications",
};

describe("plainReason", () => {
  const base = {
    total: 1500,
    autoApprovalLimit: 1000,
    spent: 0,
    budget: 5000,
    requireApprovalForAll: false,
    purchasesLeft: null,
    categories: [],
  };
  it.each([
    [{ requireApprovalForAll: true }, "every purchase needs approval"],
    [
      { categories: [{ name: "Games", isRestricted: true, monthlyLimit: 0, spent: 0, amount: 1500 }] },
      "Games is a restricted category",
    ],
    [{ purchasesLeft: 0 }, "this month's plan purchases are used"],
    [{}, "it is over the $10.00 auto-approval limit"],
    [{ autoApprovalLimit: 2000, spent: 4000 }, "it would go over this month's budget"],
    [
      {
        autoApprovalLimit: 2000,
        categories: [{ name: "Books", isRestricted: false, monthlyLimit: 1000, spent: 0, amount: 1500 }],
      },
      "it would go over the $10.00 monthly limit for Books",
    ],
  ])("words the rule's reason %j as %j", (change, words) => {
    const { approved, reason } = decideAutoApproval({ ...base, ...change });
    expect(approved).toBe(false);
    expect(plainReason(reason)).toBe(words);
  });

  it("has nothing to say for a cart that needed no parent", () => {
    expect(plainReason("Approved automatically: under your 10.00 limit")).toBeNull();
    expect(plainReason(null)).toBeNull();
  });
});

describe("the e-mails", () => {
  it("says the time in UTC, as an e-mail knows no reader's time zone", () => {
    expect(formatWhen(new Date("2026-11-24T15:05:00Z"))).toBe("Nov 24 at 3:05 PM UTC");
    expect(formatWhen(new Date("2026-01-02T00:00:00Z"))).toBe("Jan 2 at 12:00 AM UTC");
  });

  it("escapes what a child typed in the HTML, and keeps only web links", () => {
    const mail = cartWaitingMail(
      {
        firstName: "Alex",
        childName: "Maya",
        retailer: "Toys <R> Us",
        items: [{ name: '<img src=x onerror="alert(1)">', price: "5.00", quantity: 1, url: 'https://x.test/"a' }],
        total: 500,
        budget: 5000,
        budgetLeft: 5000,
        reason: null,
        expiresAt: null,
        dashboardUrl: "https://pw.test/child/1",
      },
      { approveUrl: "https://pw.test/decide/a", declineUrl: "https://pw.test/decide/d" },
      links,
    );
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(mail.html).toContain('href="https://x.test/&quot;a"');
    expect(mail.subject).toBe("Maya is asking for $5.00 at Toys <R> Us");
    expect(mail.text).not.toContain("expires");
  });

  it("an invitation goes to someone who asked for nothing yet: no unsubscribe headers or footer", () => {
    const mail = invitationMail({ inviterName: "Alex Rivera", familyName: "Rivera", link: "https://pw.test/join/t" });
    expect(mail.subject).toBe("Alex Rivera invited you to join the Rivera family on Pocketwise");
    expect(mail.headers).toBeUndefined();
    expect(mail.text).not.toContain("unsubscribe");
    expect(mail.text).toContain("https://pw.test/join/t");
  });
});
