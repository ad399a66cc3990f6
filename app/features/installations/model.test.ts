import { describe, expect, it } from "vitest";
import { canMoveInstallation, installationStatusLabel, newMachineCode, readMachineCode } from "./model";

describe("canMoveInstallation", () => {
  it("goes from planned to installed to taken away, and back to planned (from installed too, a mistake undone)", () => {
    expect(canMoveInstallation("a-installer", "installee")).toBe(true);
    expect(canMoveInstallation("a-installer", "retiree")).toBe(true);
    expect(canMoveInstallation("installee", "retiree")).toBe(true);
    expect(canMoveInstallation("retiree", "a-installer")).toBe(true);
    expect(canMoveInstallation("installee", "a-installer")).toBe(true);
    expect(canMoveInstallation("retiree", "installee")).toBe(false);
    expect(canMoveInstallation("installee", "installee")).toBe(false);
    expect(installationStatusLabel("a-installer")).toBe("À installer");
    expect(installationStatusLabel("retiree")).toBe("Retirée");
  });
});

describe("machine codes", () => {
  it("are BD- and four characters that cannot be misread", () => {
    let i = 0;
    const sequence = (n: number) => (i++ * 7) % n;
    const code = newMachineCode(sequence);
    expect(code).toMatch(/^BD-[2-9A-HJKMNP-TW-Z]{4}$/);
    expect(newMachineCode(() => 0)).toBe("BD-2222");
  });

  it("are read back however they were typed", () => {
    expect(readMachineCode("BD-7K3Q")).toBe("BD-7K3Q");
    expect(readMachineCode(" bd 7k3q ")).toBe("BD-7K3Q");
    expect(readMachineCode("7k3q")).toBe("BD-7K3Q");
    // No code holds a 0, an O, a 1, an I, an L, a U or a V.
    expect(readMachineCode("BD-7K30")).toBeNull();
    expect(readMachineCode("BD-7KOQ")).toBeNull();
    expect(readMachineCode("BD-7K3")).toBeNull();
    expect(readMachineCode("BD-7K3QQ")).toBeNull();
    expect(readMachineCode("../etc")).toBeNull();
  });
});
