import { describe, expect, it } from "vitest";
import { clauseForm } from "@/lib/extraction/offline/form";
import { analyse } from "@/lib/extraction/offline/nlp";

const form = (text: string) => clauseForm(analyse(text)[0]!.toks);

describe("the form of a clause", () => {
  it("tells a question from a statement, with or without its question mark", () => {
    expect(form("Do we need to retrain the model").question).toBe(true);
    expect(form("So what are they working on while we take their features").question).toBe(true);
    expect(form("I wonder if we put A or B somewhere instead of a number.").question).toBe(true);
    expect(form("We need to retrain the model.").question).toBe(false);
    expect(form("What we need is a smaller remote.").question).toBe(false);
  });

  it("flags a subject only the room can resolve, not one that names its thing", () => {
    expect(form("This is sort of how people phrase those requests.").vagueSubject).toBe(true);
    expect(form("So it has to come right after the verb.").vagueSubject).toBe(true);
    expect(form("This approach works well for the Italian data.").vagueSubject).toBe(false);
    expect(form("The team decided to stick to XML.").vagueSubject).toBe(false);
  });

  it("flags a clause the speaker broke off", () => {
    expect(form("Cuz the problem is that then you have to").unfinished).toBe(true);
    expect(form("We have only the plastic or the").unfinished).toBe(true);
    expect(form("The budget is twelve fifty Euros.").unfinished).toBe(false);
  });

  it("measures pointing words and talk about oneself", () => {
    expect(form("It is this one over there.").pointing).toBeGreaterThan(0.4);
    expect(form("The remote needs a recording button.").pointing).toBe(0);
    expect(form("I like sports and kickboxing.").self).toBe(true);
    expect(form("The team likes sports.").self).toBe(false);
  });
});
