import { and, eq, gt, lt } from "drizzle-orm";
import type { SessionGuild } from "../db/schema.ts";
import type { Store } from "../db/store.ts";
import type { Write } from "../db/writer.ts";
import type { Clock } from "../shared/clock.ts";
import type { DiscordTokens, DiscordUser } from "./oauth.ts";
import type { Sealer } from "./seal.ts";

// The dashboard's sign-ins, kept in the database so that every replica knows them (docs/decisions.md, The
// dashboard). The browser holds a random token; the table holds its SHA-256 only, so a copy of the database signs
// nobody in. Discord's tokens are kept sealed (seal.ts), to read the person's servers again and to revoke them.

/** How long a sign-in lasts: Discord's access token's own lifetime (its `expires_in`, 7 days). */
export const SESSION_MS = 7 * 24 * 3_600_000;

/** `lastSeenAt` is written at most this often per session: a page view is no write. */
const SEEN_RESOLUTION_MS = 60_000;

/** A signed-in person as the dashboard knows them. */
export type Session = {
  idHash: string;
  userId: string;
  userName: string;
  locale: string | null;
  guilds: SessionGuild[];
  guildsAt: number;
  /** The token every state-changing form of this session must carry. */
  csrf: string;
  expiresAt: number;
};

const randomText = (bytes: number) =>
  Buffer.from(crypto.getRandomValues(new Uint8Array(bytes))).toString("base64url");

/** The SHA-256 (hex) of a session's cookie token: what the table holds. */
export const hashToken = (token: string) => new Bun.CryptoHasher("sha256").update(token).digest("hex");

/** The sessions of the dashboard. */
export type SessionStore = ReturnType<typeof createSessionStore>;

/** Creates the session store over the service's store and writer. */
export function createSessionStore(deps: { store: Store; write: Write; clock: Clock; sealer: Sealer }) {
  const {
    store: {
      db,
      tables: { dashboardSessions: sessions },
    },
    write,
    clock,
    sealer,
  } = deps;

  const toSession = (row: typeof sessions.$inferSelect): Session => ({
    idHash: row.idHash,
    userId: row.userId,
    userName: row.userName,
    locale: row.locale,
    guilds: row.guilds,
    guildsAt: row.guildsAt,
    csrf: row.csrf,
    expiresAt: row.expiresAt,
  });

  return {
    /**
     * Signs `user` in: a new session with its servers and Discord's tokens; the ones of anybody that ran out are
     * deleted in the same write. Answers the cookie's token (shown once, never stored) and the session.
     */
    async create(user: DiscordUser, guilds: SessionGuild[], tokens: DiscordTokens) {
      const token = randomText(32);
      const now = clock.now();
      const row = {
        idHash: hashToken(token),
        userId: user.id,
        userName: user.name,
        locale: user.locale,
        guilds,
        guildsAt: now,
        csrf: randomText(24),
        discordTokens: await sealer.seal("discord-tokens", JSON.stringify(tokens)),
        createdAt: now,
        lastSeenAt: now,
        expiresAt: now + SESSION_MS,
      };
      await write(async (tx) => {
        await tx.delete(sessions).where(lt(sessions.expiresAt, now));
        await tx.insert(sessions).values(row);
      });
      return { token, session: toSession(row) };
    },

    /** The live session of a cookie's token; notes that it was seen (at most once a minute). */
    async find(token: string): Promise<Session | undefined> {
      if (token.length < 20 || token.length > 100) return undefined;
      const now = clock.now();
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.idHash, hashToken(token)), gt(sessions.expiresAt, now)));
      if (!row) return undefined;
      if (now - row.lastSeenAt >= SEEN_RESOLUTION_MS) {
        await write((tx) =>
          tx.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.idHash, row.idHash)),
        );
      }
      return toSession(row);
    },

    /** Whether a session is still live (the live log asks again now and then: a sign-out elsewhere ends it). */
    async live(idHash: string): Promise<boolean> {
      const [row] = await db
        .select({ idHash: sessions.idHash })
        .from(sessions)
        .where(and(eq(sessions.idHash, idHash), gt(sessions.expiresAt, clock.now())));
      return row !== undefined;
    },

    /** Discord's tokens of a session, opened. */
    async tokensOf(idHash: string): Promise<DiscordTokens | undefined> {
      const [row] = await db
        .select({ sealed: sessions.discordTokens })
        .from(sessions)
        .where(eq(sessions.idHash, idHash));
      const opened = row && (await sealer.open("discord-tokens", row.sealed));
      return opened ? (JSON.parse(opened) as DiscordTokens) : undefined;
    },

    /** The person's servers as Discord lists them now, and the tokens that read them (refreshed, maybe). */
    async refreshGuilds(idHash: string, guilds: SessionGuild[], tokens: DiscordTokens): Promise<void> {
      const sealed = await sealer.seal("discord-tokens", JSON.stringify(tokens));
      await write((tx) =>
        tx
          .update(sessions)
          .set({ guilds, guildsAt: clock.now(), discordTokens: sealed })
          .where(eq(sessions.idHash, idHash)),
      );
    },

    /**
     * Signs `userId` out everywhere: every session of theirs is deleted at once. Answers Discord's tokens they
     * held, for the caller to revoke.
     */
    async endAll(userId: string): Promise<DiscordTokens[]> {
      const rows = await write((tx) =>
        tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ sealed: sessions.discordTokens }),
      );
      const tokens: DiscordTokens[] = [];
      for (const { sealed } of rows) {
        const opened = await sealer.open("discord-tokens", sealed);
        if (opened) tokens.push(JSON.parse(opened) as DiscordTokens);
      }
      return tokens;
    },
  };
}
