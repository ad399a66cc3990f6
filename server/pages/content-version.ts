// The content version: one number in the database that moves on with every change to what visitors'
// pages show. Database triggers move it for the content tables (migration 0004), whoever writes;
// `bump()` moves it for the stored files (a new homepage video, an upload, a deletion). Each move is
// announced with NOTIFY once committed. The page cache keeps a copy per version, so a changed version
// is a cache that is no longer used.
import { sql } from "drizzle-orm";
import { selectRows, type Database, type Db } from "../db/client";

const CONTENT_VERSION_CHANNEL = "content_version";

/** How long a read version is trusted while this instance listens for changes. Notifications make a
 * change known at once; this bounds the delay should one be lost with a dying connection. */
const LISTENING_MAX_AGE_MS = 1000;

export class ContentVersion {
  private known: { version: number; readAt: number } | null = null;
  private reading: { generation: number; version: Promise<number> } | null = null;
  /** Moved on by forget(): a read started before it may predate the change and is not kept. */
  private generation = 0;
  /** While false (not listening, or the connection was lost), every caller asks the database. */
  private listening = false;

  constructor(
    private readonly db: Db,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Listens for changes (see Database.listen); returns the function that stops. */
  listen(database: Pick<Database, "listen">): Promise<() => Promise<void>> {
    return database.listen(CONTENT_VERSION_CHANNEL, {
      onNotify: () => this.forget(),
      onListening: (listening) => {
        this.forget();
        this.listening = listening;
      },
    });
  }

  /** The current version: while listening, the last one read (for up to a second); otherwise, or once
   * a change was announced, one read from the database, shared by the callers that arrive meanwhile.
   * A version is never newer than the data read after it, so a page rendered after asking is at least
   * as new as the version it is filed under. */
  async current(): Promise<number> {
    const known = this.known;
    if (known && this.listening && this.now() - known.readAt < LISTENING_MAX_AGE_MS) return known.version;
    if (this.reading?.generation !== this.generation) {
      const generation = this.generation;
      const version = this.read(generation).finally(() => {
        if (this.reading?.generation === generation) this.reading = null;
      });
      this.reading = { generation, version };
    }
    return this.reading.version;
  }

  /** Something may have changed (a form was sent to this instance): the next caller reads the database. */
  forget(): void {
    this.known = null;
    this.generation += 1;
  }

  /** A change the triggers cannot see (a stored file was added or removed). */
  async bump(): Promise<void> {
    await this.db.execute(sql`
      with bumped as (update content_version set version = version + 1 where id = 1 returning version)
      select pg_notify(${CONTENT_VERSION_CHANNEL}, '') from bumped`);
    this.forget();
  }

  private async read(generation: number): Promise<number> {
    const readAt = this.now();
    const [row] = await selectRows<{ version: string | number }>(
      this.db,
      sql`select version from content_version where id = 1`,
    );
    const version = Number(row?.version ?? 0);
    if (generation === this.generation) this.known = { version, readAt };
    return version;
  }
}
