import { describe, expect, test } from "vitest";
import { csvCell } from "./history-csv";

describe("csvCell: what a spreadsheet must not run, and RFC 4180 quoting", () => {
  test.each([
    ["Toy Shop", "Toy Shop"],
    ["=1+1", "'=1+1"],
    ["+1 sticker", "'+1 sticker"],
    ["-toys", "'-toys"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTab", "'\tTab"],
    ["\rReturn", '"\'\rReturn"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["a, b", '"a, b"'],
    ["two\nlines", '"two\nlines"'],
    ['say "hi"', '"say ""hi"""'],
    // A formula character inside a cell is plain text; only the start is read as a formula.
    ["1+1", "1+1"],
    ["12.50", "12.50"],
    ["", ""],
    [null, ""],
  ])("%j becomes %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});
