import { describe, expect, it } from "vitest";
import { stageAfterReply, stageLabel } from "./stages";

describe("pipeline stages", () => {
  it("a reply moves only a new request to 'En cours'", () => {
    expect(stageAfterReply("nouvelle")).toBe("en-cours");
    expect(stageAfterReply("proposition-envoyee")).toBe("proposition-envoyee");
    expect(stageAfterReply("perdue")).toBe("perdue");
  });
  it("labels stages in French", () => {
    expect(stageLabel("proposition-envoyee")).toBe("Proposition envoyée");
    expect(stageLabel("gagnee")).toBe("Gagnée");
  });
});
