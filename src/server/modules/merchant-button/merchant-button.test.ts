import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, SLOW_START_MS, type TestApp } from "../../test-support/test-app";
import { BUTTON_PATHS, BUTTON_VERSION, buttonScript } from "./merchant-button.routes";

/* Decision 145: the button script is served to stores' pages on any origin, cached and versioned. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, SLOW_START_MS);
afterAll(async () => {
  await t?.close();
});

describe("GET /merchant/v1/button.js", () => {
  it("answers the script to any origin, kept a day under its ETag", async () => {
    const res = await t.app.inject({ method: "GET", url: BUTTON_PATHS.versioned });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
    expect(res.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["x-pocketwise-button-version"]).toBe(BUTTON_VERSION);
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(res.body).toContain(`const VERSION = "${BUTTON_VERSION}"`);
  });

  it("answers gzip to a browser that takes it, and 304 to one that has it", async () => {
    const zipped = await t.app.inject({
      method: "GET",
      url: BUTTON_PATHS.versioned,
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(zipped.rawPayload).equals(buttonScript().body)).toBe(true);
    // The contract's budget for the script: under 10 KB gzip.
    expect(zipped.rawPayload.length).toBeLessThan(10 * 1024);

    const again = await t.app.inject({
      method: "GET",
      url: BUTTON_PATHS.versioned,
      headers: { "if-none-match": String(zipped.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
  });

  it("answers the same script at the unversioned address, kept an hour", async () => {
    const res = await t.app.inject({ method: "GET", url: BUTTON_PATHS.latest });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=3600");
    expect(res.rawPayload.equals(buttonScript().body)).toBe(true);
  });
});
