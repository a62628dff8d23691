import { describe, expect, it } from "vitest";
import { describeLookalikes, findLookalikes } from "./lookalikes";

describe("look-alike letters", () => {
  it("finds a Cyrillic letter inside a Latin word, and a word written only in look-alikes", () => {
    expect(findLookalikes("Pay the invoice at pаypal.com today")).toEqual([{ index: 20, char: "а", looksLike: "a" }]);
    expect(findLookalikes("Send it to the раура account now").map((f) => f.char)).toEqual(["р", "а", "у", "р", "а"]);
    expect(describeLookalikes("We mоve the launch")).toBe('о for o in "mоve"');
  });

  it("leaves Russian, Greek and accented Latin text alone", () => {
    for (const fine of ["Мы перенесли запуск на пятницу", "Η συνάντηση είναι αύριο", "Café crème at Zoë's", "ok"]) {
      expect(findLookalikes(fine), fine).toEqual([]);
    }
  });
});
