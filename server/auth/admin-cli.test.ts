import { PassThrough, Writable } from "node:stream";
import { describe, expect, it, vi } from "vitest";
import { runAdminPasswordCli } from "./admin-cli";

function terminal() {
  const stdin = Object.assign(new PassThrough(), { isTTY: true, setRawMode: vi.fn() });
  let shown = "";
  const stdout = new Writable({
    write(chunk: Buffer, _encoding, done) {
      shown += chunk.toString();
      // Types the answer once the prompt is shown, as a person would, one key at a time.
      const answer = typed.shift();
      if (answer !== undefined) setImmediate(() => [...answer].forEach((key) => stdin.write(key)));
      done();
    },
  });
  const typed: string[] = [];
  let errors = "";
  const stderr = new Writable({
    write(chunk: Buffer, _encoding, done) {
      errors += chunk.toString();
      done();
    },
  });
  return { stdin, stdout, stderr, typed, shown: () => shown, errors: () => errors };
}

const noDatabase = () => Promise.reject(new Error("the database must not be opened"));

describe("admin password tool on a terminal", () => {
  it("asks twice without echo (raw mode, nothing typed is written back) and refuses two different answers", async () => {
    const io = terminal();
    io.typed.push("premier-mot-de-passe\r", "autre-mot-de-passe\r");
    const code = await runAdminPasswordCli({ argv: ["gerant"], ...io }, noDatabase);
    expect(code).toBe(2);
    expect(io.stdin.setRawMode).toHaveBeenCalledWith(true);
    expect(io.stdin.setRawMode).toHaveBeenLastCalledWith(false);
    expect(io.shown()).toContain("Nouveau mot de passe pour « gerant »");
    expect(io.shown()).not.toContain("premier");
    expect(io.errors()).toContain("Les deux saisies diffèrent");
  });

  it("takes backspace into account and refuses a short password before opening the database", async () => {
    const io = terminal();
    io.typed.push("court-1234x\u007f\r", "court-1234\r");
    const code = await runAdminPasswordCli({ argv: ["gerant"], ...io }, noDatabase);
    expect(code).toBe(2);
    expect(io.errors()).toContain("au moins 12 caractères");
  });
});
