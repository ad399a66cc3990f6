import { describe, expect, it } from "vitest";
import { cleanMultiline, foldToSingleLine, normalizeForSearch } from "./text";

describe("normalizeForSearch", () => {
  it("drops accents and case so 'cafe' finds 'Café'", () => {
    expect(normalizeForSearch("Café GLACÉ")).toBe("cafe glace");
    expect(normalizeForSearch("  Éclair  ")).toBe("eclair");
    expect(normalizeForSearch("Œuf")).toBe("oeuf");
  });
});

describe("foldToSingleLine", () => {
  it("folds every kind of line break, with the blanks around it, into one space", () => {
    expect(foldToSingleLine("Marie\r\nBcc: x@exemple.ca")).toBe("Marie Bcc: x@exemple.ca");
    expect(foldToSingleLine("Marie \n\n Tremblay")).toBe("Marie Tremblay");
    expect(foldToSingleLine("Marie\rTremblay")).toBe("Marie Tremblay");
    expect(foldToSingleLine("Marie\u2028Tremblay\u2029Côté")).toBe("Marie Tremblay Côté");
    expect(foldToSingleLine("Marie\u0085Tremblay\vA\fB")).toBe("Marie Tremblay A B");
  });

  it("drops the other C0 and C1 controls and DEL, and turns a tab into a space", () => {
    expect(foldToSingleLine("Ma\u0000rie\u0007\u001b\u007f\u009b Tremblay")).toBe("Marie Tremblay");
    expect(foldToSingleLine("Marie\tTremblay")).toBe("Marie Tremblay");
  });

  it("drops the marks that change the text's direction (a name cannot make 'gnp.exe' read 'exe.png')", () => {
    expect(foldToSingleLine("Zoé \u202egnp.exe")).toBe("Zoé gnp.exe");
    expect(foldToSingleLine("a\u200eb\u200fc\u202ad\u202be\u202cf\u202dg\u2066h\u2067i\u2068j\u2069k\u061cl")).toBe(
      "abcdefghijkl",
    );
    expect(cleanMultiline("Bonjour \u202egnp.exe\nMerci")).toBe("Bonjour gnp.exe\nMerci");
    // A joiner stays: emoji and some scripts need it.
    expect(foldToSingleLine("👩\u200d💻")).toBe("👩\u200d💻");
  });

  it("leaves ordinary text alone, accents and non-breaking spaces included", () => {
    expect(foldToSingleLine("Éloïse Côté-Lévesque")).toBe("Éloïse Côté-Lévesque");
    expect(foldToSingleLine("418\u00a0555-0188")).toBe("418\u00a0555-0188");
  });

  it("never leaves a line break, whatever the input", () => {
    const every = Array.from({ length: 0x2030 }, (_, i) => String.fromCharCode(i)).join("");
    expect(foldToSingleLine(`a${every}b`)).not.toMatch(/[\n\r\v\f\u0085\u2028\u2029]/);
    // eslint-disable-next-line no-control-regex -- the point is to find control characters
    expect(foldToSingleLine(`a${every}b`)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });
});

describe("cleanMultiline", () => {
  it("keeps line breaks as \\n and drops other controls", () => {
    expect(cleanMultiline("Un\r\ndeux\rtrois\u2028quatre\u2029cinq")).toBe("Un\ndeux\ntrois\nquatre\ncinq");
    expect(cleanMultiline("Un\u0000\u001b\u009b\tdeux")).toBe("Un\tdeux");
  });
});
