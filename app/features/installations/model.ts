// An installation: one machine placed at a client's, from the proposal they accepted or entered by
// hand. Its states and its public code are defined once here.

const INSTALLATION_STATUSES = [
  { value: "a-installer", label: "À installer" },
  { value: "installee", label: "Installée" },
  { value: "retiree", label: "Retirée" },
] as const;
export type InstallationStatus = (typeof INSTALLATION_STATUSES)[number]["value"];

/** 'À installer', 'Installée' or 'Retirée'. */
export function installationStatusLabel(status: InstallationStatus): string {
  return INSTALLATION_STATUSES.find((s) => s.value === status)!.label;
}

const NEXT: Record<InstallationStatus, readonly InstallationStatus[]> = {
  // Planned: installed, or cancelled before it was.
  "a-installer": ["installee", "retiree"],
  // Taken away; or back to planned, when it was marked installed by mistake.
  installee: ["retiree", "a-installer"],
  // Taken away, then planned again at the same client's.
  retiree: ["a-installer"],
};

/** Whether an installation may go from one state to another (each change is kept with its date). */
export function canMoveInstallation(from: InstallationStatus, to: InstallationStatus): boolean {
  return NEXT[from].includes(to);
}

// The code printed on a machine's label and in its address (/m/BD-7K3Q): short enough to read out on the
// phone, random so that codes cannot be guessed in sequence. Characters that read alike (0/O, 1/I/L,
// U/V) are all left out, so none can be taken for another; a typed code is read back case-insensitively.
const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ";
const CODE_LENGTH = 4;
const CODE_PREFIX = "BD-";

/** A new machine code. `randomIndex(n)` gives a random integer in [0, n): the caller passes a
 * cryptographic one (node:crypto's randomInt) and retries on the rare code already taken. */
export function newMachineCode(randomIndex: (n: number) => number): string {
  let code = CODE_PREFIX;
  for (let i = 0; i < CODE_LENGTH; i += 1) code += CODE_ALPHABET[randomIndex(CODE_ALPHABET.length)];
  return code;
}

/** The machine code someone typed or scanned ('bd 7k3q', 'BD-7K3Q'), as stored; null when it cannot be
 * one. */
export function readMachineCode(typed: string): string | null {
  const compact = typed.trim().toUpperCase().replace(/[\s-]/g, "").replace(/^BD/, "");
  if (compact.length !== CODE_LENGTH || [...compact].some((c) => !CODE_ALPHABET.includes(c))) return null;
  return CODE_PREFIX + compact;
}
