import { describe, expect, it } from "vitest";
import { parseQueueQuery, queueSearch } from "@/lib/queue/schema";

describe("the queue's URL", () => {
  it("reads what the filter form submits: blank fields are no filter, never a bound of 0", () => {
    const query = parseQueueQuery({ q: "", kind: "", min: "", max: "", speaker: "", gate: "" });
    expect(query).toMatchObject({ status: "open", sort: "attention", page: 1, size: 50 });
    expect(query.min).toBeUndefined();
    expect(query.max).toBeUndefined();
    expect(query.q).toBeUndefined();
  });

  it("keeps valid values and drops bad ones instead of failing the page", () => {
    const query = parseQueueQuery({ min: "0.7", max: "2", gate: "contradiction", verdict: "maybe", page: "-3" });
    expect(query).toMatchObject({ min: 0.7, gate: "contradiction", page: 1 });
    expect(query.max).toBeUndefined();
    expect(query.verdict).toBeUndefined();
  });

  it("writes a view back as a short link that reads the same", () => {
    const query = parseQueueQuery({ speaker: "Priya", min: "0.5", sort: "confidence" });
    const search = queueSearch(query);
    expect(search).toBe("?sort=confidence&speaker=Priya&min=0.5");
    expect(parseQueueQuery(Object.fromEntries(new URLSearchParams(search)))).toEqual(query);
  });
});
