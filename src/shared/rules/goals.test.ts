import { describe, expect, it } from "vitest";
import { goalMissing, goalPercent, goalRetailer } from "./goals";

describe("goalPercent", () => {
  it.each<[number, number, number]>([
    [0, 12000, 0],
    [4500, 12000, 37],
    [11999, 12000, 99],
    [12000, 12000, 100],
    [15000, 12000, 100],
    [-100, 12000, 0],
    [0, 0, 100],
  ])("%i of %i is %i%%", (saved, target, expected) => {
    expect(goalPercent(saved, target)).toBe(expected);
  });
});

describe("goalMissing", () => {
  it.each<[number, number, number]>([
    [4500, 12000, 7500],
    [12000, 12000, 0],
    [13000, 12000, 0],
  ])("%i of %i misses %i", (saved, target, expected) => {
    expect(goalMissing(saved, target)).toBe(expected);
  });
});

describe("goalRetailer", () => {
  it.each<[string | null, string]>([
    ["https://www.bikes.example/red-bike", "bikes.example"],
    ["http://shop.example.com:8080/x", "shop.example.com"],
    [null, "My goal"],
    ["", "My goal"],
    ["not a url", "My goal"],
  ])("%s names %s", (url, expected) => {
    expect(goalRetailer(url)).toBe(expected);
  });
});
