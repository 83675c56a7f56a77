import { describe, expect, it } from "vitest";
import { timeAgo, waitingWords } from "./waiting-time";

const now = new Date("2026-11-24T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const ahead = (ms: number) => new Date(now.getTime() + ms);
const S = 1000;
const M = 60 * S;
const H = 60 * M;

describe("waitingWords", () => {
  it.each([
    ["just asked, a 48-hour window", ago(10 * S), ahead(48 * H - 10 * S), "Asked just now · expires in 47 hours"],
    ["the contract's example", ago(5 * M), ahead(48 * H - 5 * M), "Asked 5 minutes ago · expires in 47 hours"],
    ["one minute, singular", ago(M), ahead(H + 30 * M), "Asked 1 minute ago · expires in 1 hour"],
    [
      "rounded down, not up",
      ago(59 * M + 59 * S),
      ahead(59 * M + 59 * S),
      "Asked 59 minutes ago · expires in 59 minutes",
    ],
    ["an hour", ago(H), ahead(47 * H), "Asked 1 hour ago · expires in 47 hours"],
    ["two days are still hours", ago(47 * H + 59 * M), ahead(2 * M), "Asked 47 hours ago · expires in 2 minutes"],
    ["a week's window is told in days", ago(2 * H), ahead(166 * H), "Asked 2 hours ago · expires in 6 days"],
    ["past two days, in days", ago(72 * H), ahead(96 * H), "Asked 3 days ago · expires in 4 days"],
    ["under a minute left", ago(H), ahead(30 * S), "Asked 1 hour ago · expires in less than a minute"],
    ["past expiry, before the job ran", ago(48 * H + M), ago(M), "Asked 2 days ago · expiring now"],
    ["a device clock ahead of the server", ahead(20 * S), ahead(48 * H), "Asked just now · expires in 2 days"],
    ["no expiry (asked before approval windows)", ago(3 * H), null, "Asked 3 hours ago"],
  ])("%s", (_case, createdAt, expiresAt, words) => {
    expect(waitingWords(createdAt, expiresAt, now)).toBe(words);
  });
});

describe("timeAgo", () => {
  it.each([
    [ago(0), "just now"],
    [ago(59 * S), "just now"],
    [ago(2 * M), "2 minutes ago"],
    [ago(26 * H), "26 hours ago"],
    [ago(8 * 24 * H), "8 days ago"],
  ])("%s", (then, words) => {
    expect(timeAgo(then, now)).toBe(words);
  });
});
