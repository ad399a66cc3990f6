// A real SMTP server in the test's process (smtp-server on 127.0.0.1), keeping every message it
// accepts, parsed (mailparser). A test can make it refuse (451, 550) at RCPT TO or at the end of DATA,
// hold its answer to DATA, or stop and start again on the same port.
import { simpleParser, type ParsedMail } from "mailparser";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";

export type ReceivedMail = {
  /** The envelope: who the server delivers to (RCPT TO), which can be fewer than the To header. */
  envelope: { from: string; to: string[] };
  mail: ParsedMail;
  raw: string;
  /** When the server accepted it (Date.now()). */
  at: number;
};

type Refusal = { code: number; message: string; recipient?: string; times: number };

export type TestSmtpServer = {
  /** smtp://127.0.0.1:<port> (no TLS, no login), what SMTP_URL would be. */
  url: string;
  port: number;
  /** Messages accepted (answered 250 after DATA), in order. */
  received: ReceivedMail[];
  /** Messages whose DATA arrived, accepted or not (a held answer counts once it arrived). */
  dataArrived: number;
  /** Refuse RCPT TO (of `recipient` only, or of everyone) with this code, `times` times (default: until ok()). */
  refuseRcpt(code: number, options?: { recipient?: string; times?: number; message?: string }): void;
  /** Refuse at the end of DATA with this code. */
  refuseData(code: number, options?: { times?: number; message?: string }): void;
  /** Answer DATA only after this many milliseconds. */
  holdData(ms: number): void;
  /** Back to accepting everything at once. */
  ok(): void;
  /** Stop listening and cut every connection: the server is down (connections are refused). */
  stop(): Promise<void>;
  /** Listen again on the same port. */
  start(): Promise<void>;
  /** Resolves once `count` messages were accepted (or throws after `timeoutMs`). */
  waitForMessages(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let rcptRefusals: Refusal[] = [];
  let dataRefusals: Refusal[] = [];
  let holdMs = 0;
  let port = 0;
  let server: SMTPServer | null = null;

  const take = (list: Refusal[], recipient?: string): Refusal | null => {
    const found = list.find((r) => r.times > 0 && (!r.recipient || r.recipient === recipient));
    if (!found) return null;
    found.times--;
    return found;
  };

  function create(): SMTPServer {
    return new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      closeTimeout: 100,
      onRcptTo(address, _session, callback) {
        const refused = take(rcptRefusals, address.address);
        callback(refused ? refusal(refused.code, refused.message) : null);
      },
      onData(stream: SMTPServerDataStream, session: SMTPServerSession, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          void (async () => {
            const raw = Buffer.concat(chunks).toString("utf8");
            api.dataArrived++;
            if (holdMs) await sleep(holdMs);
            const refused = take(dataRefusals);
            if (refused) return callback(refusal(refused.code, refused.message));
            const at = Date.now();
            const mail = await simpleParser(raw);
            const from = session.envelope.mailFrom;
            received.push({
              envelope: {
                from: from ? from.address : "",
                to: session.envelope.rcptTo.map((r) => r.address),
              },
              mail,
              raw,
              at,
            });
            callback(null);
          })().catch((error: unknown) => callback(error as Error));
        });
      },
    });
  }

  async function listen() {
    server = create();
    const current = server;
    await new Promise<void>((resolve, reject) => {
      current.server.once("error", reject);
      current.listen(port, "127.0.0.1", () => resolve());
    });
    port = (current.server.address() as AddressInfo).port;
  }

  async function shut() {
    const current = server;
    server = null;
    if (!current) return;
    const closed = new Promise<void>((resolve) => current.close(() => resolve()));
    // Cut the sessions at once, as a crashed server would.
    for (const connection of current.connections) {
      (connection as unknown as { _socket?: { destroy(): void } })._socket?.destroy();
    }
    await closed;
  }

  await listen();

  const api: TestSmtpServer = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    dataArrived: 0,
    refuseRcpt(
      code,
      {
        recipient,
        times = Infinity,
        message = code >= 500 ? "5.1.1 Recipient address rejected: User unknown" : "4.7.1 Greylisted, try again later",
      } = {},
    ) {
      rcptRefusals.push({ code, message, recipient, times });
    },
    refuseData(
      code,
      {
        times = Infinity,
        message = code >= 500 ? "5.7.1 Message rejected as spam" : "4.3.0 Queue full, try again later",
      } = {},
    ) {
      dataRefusals.push({ code, message, times });
    },
    holdData(ms) {
      holdMs = ms;
    },
    ok() {
      rcptRefusals = [];
      dataRefusals = [];
      holdMs = 0;
    },
    stop: shut,
    start: listen,
    async waitForMessages(count, timeoutMs = 10_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until) {
          throw new Error(`Expected ${count} messages at the SMTP server, got ${received.length} in ${timeoutMs} ms`);
        }
        await sleep(20);
      }
      return received;
    },
    close: shut,
  };
  return api;
}
