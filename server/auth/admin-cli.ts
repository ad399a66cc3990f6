import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import type { Db } from "../db/client";
import { passwordProblem } from "./password";
import { upsertAdmin } from "./users";

export type CliIo = {
  argv: string[];
  stdin: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };
  stdout: Writable;
  stderr: Writable;
};

const USAGE =
  "Usage : npm run admin:password -- <nom d'utilisateur>\n" +
  "Le mot de passe est demandé sans écho, ou lu sur l'entrée standard (une ligne).\n";

/** Reads one line typed on a terminal without showing it. */
function readHidden(io: CliIo, prompt: string): Promise<string> {
  const { stdin, stdout } = io;
  stdout.write(prompt);
  return new Promise((resolve, reject) => {
    let typed = "";
    const done = (error?: Error) => {
      stdin.setRawMode?.(false);
      stdin.off("data", onData);
      stdin.pause();
      stdout.write("\n");
      if (error) reject(error);
      else resolve(typed);
    };
    const onData = (chunk: Buffer | string) => {
      for (const char of String(chunk)) {
        if (char === "\r" || char === "\n" || char === "\u0004") return done();
        if (char === "\u0003") return done(new Error("Interrompu."));
        if (char === "\u007f" || char === "\b") typed = [...typed].slice(0, -1).join("");
        else typed += char;
      }
    };
    stdin.setRawMode?.(true);
    stdin.setEncoding("utf8");
    stdin.on("data", onData);
    stdin.resume();
  });
}

/** Reads the first line of a piped standard input. */
async function readLine(stdin: Readable): Promise<string> {
  const lines = createInterface({ input: stdin, terminal: false, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return "";
}

/** `npm run admin:password -- <username>`: sets that admin's password (creating the admin if needed)
 * and ends its sessions. The password never comes from the command line, where the shell history and
 * the process list would keep it. Returns the exit code. */
export async function runAdminPasswordCli(io: CliIo, openDb: () => Promise<{ db: Db; close(): Promise<void> }>) {
  const { argv, stdin, stderr, stdout } = io;
  if (argv.length > 1) {
    stderr.write(
      "Le mot de passe ne se donne pas en argument (l'historique et la liste des processus le garderaient).\n" + USAGE,
    );
    return 2;
  }
  const username = argv[0]?.trim();
  if (!username) {
    stderr.write(USAGE);
    return 2;
  }
  let password: string;
  if (stdin.isTTY) {
    password = await readHidden(io, `Nouveau mot de passe pour « ${username} » : `);
    const again = await readHidden(io, "Confirmez le mot de passe : ");
    if (again !== password) {
      stderr.write("Les deux saisies diffèrent : rien n'a changé.\n");
      return 2;
    }
  } else {
    password = await readLine(stdin);
  }
  const problem = passwordProblem(password);
  if (problem) {
    stderr.write(`${problem} Rien n'a changé.\n`);
    return 2;
  }
  const database = await openDb();
  try {
    await upsertAdmin(database.db, username, password);
  } finally {
    await database.close();
  }
  stdout.write(`Mot de passe de « ${username} » enregistré ; ses sessions ouvertes sont fermées.\n`);
  return 0;
}
