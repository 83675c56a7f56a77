import { describe, expect, it } from "vitest";
import { signatureHeader } from "../../src/server/modules/merchants/merchant-keys";
import { SIGNATURE_TOLERANCE_SECONDS, verifySignature } from "./signature";

/* The example store's webhook verifier against the header Pocketwise's own sender writes. */
const SECRET = "whsec_example-secret";
const NOW = 1_795_000_000;
const BODY = JSON.stringify({
  id: "evt_1",
  type: "checkout.approved",
  created: "2026-11-24T08:00:00.000Z",
  data: { checkoutSessionId: "s1", reference: "LM-1001", cartId: "c1", status: "approved", total: "24.99" },
});

describe("verifySignature", () => {
  it.each([
    ["a fresh signature", signatureHeader(SECRET, NOW, BODY), BODY, NOW],
    ["a Buffer body", signatureHeader(SECRET, NOW, BODY), Buffer.from(BODY), NOW],
    ["a signature at the edge of the tolerance", signatureHeader(SECRET, NOW, BODY), BODY, NOW + 300],
    ["one of two v1 values", `${signatureHeader(SECRET, NOW, BODY)},v1=${"0".repeat(64)}`, BODY, NOW],
  ])("accepts %s", (_, header, body, now) => {
    expect(verifySignature(header, body, SECRET, now)).toEqual({ ok: true, timestamp: NOW });
  });

  it.each([
    ["no header", undefined, BODY, NOW, "No Pocketwise-Signature header"],
    ["a header repeated", [signatureHeader(SECRET, NOW, BODY)], BODY, NOW, "No Pocketwise-Signature header"],
    ["a malformed header", "v1=abc", BODY, NOW, "The Pocketwise-Signature header is malformed"],
    ["a wrong secret", signatureHeader("whsec_other", NOW, BODY), BODY, NOW, "The signature does not match"],
    [
      "an old timestamp",
      signatureHeader(SECRET, NOW - SIGNATURE_TOLERANCE_SECONDS - 1, BODY),
      BODY,
      NOW,
      "The signature's timestamp is outside the tolerance",
    ],
    [
      "a timestamp from the future",
      signatureHeader(SECRET, NOW + SIGNATURE_TOLERANCE_SECONDS + 1, BODY),
      BODY,
      NOW,
      "The signature's timestamp is outside the tolerance",
    ],
    [
      "a tampered body",
      signatureHeader(SECRET, NOW, BODY),
      BODY.replace('"24.99"', '"2.49"'),
      NOW,
      "The signature does not match",
    ],
    [
      "a body re-serialised with other spacing",
      signatureHeader(SECRET, NOW, BODY),
      JSON.stringify(JSON.parse(BODY), null, 1),
      NOW,
      "The signature does not match",
    ],
    [
      "the timestamp changed to pass the tolerance",
      signatureHeader(SECRET, NOW - 3_600, BODY).replace(`t=${NOW - 3_600}`, `t=${NOW}`),
      BODY,
      NOW,
      "The signature does not match",
    ],
  ])("refuses %s", (_, header, body, now, reason) => {
    expect(verifySignature(header, body, SECRET, now)).toEqual({ ok: false, reason });
  });
});
