import type { LinkKeyView } from "../keys/service.ts";
import type { Services } from "../services.ts";
import type { Check } from "../setup/checks.ts";
import type { Clock } from "../shared/clock.ts";
import type { Whitelist } from "../whitelists/model.ts";

/** A key used within this long counts as an agent running: the agent's socket uses its key all the time. */
const RECENT_MS = 24 * 3_600_000;

const pass = (title: string): Check => ({ ok: true, title });
const fail = (title: string, fix: string): Check => ({ ok: false, title, fix });

/**
 * Whether a key may ask for a whitelist's proof codes: active, not read-only (asking is a write, docs/api.md,
 * Read-only keys), and guild-wide or limited to it.
 */
const asks = (whitelist: Whitelist) => (key: LinkKeyView) =>
  key.revokedAt === null && key.mayRemove && (key.whitelistId === null || key.whitelistId === whitelist.id);

/**
 * Proof at first join needs a game server's agent to ask players for it (docs/link.md, First-join proof): for each
 * whitelist with `proof: first-join`, a key that may ask for its codes, and one used within a day (an agent running
 * keeps its key in use). Without one, players awaiting proof are let in unasked until their window ends.
 */
export async function checkFirstJoin(
  services: Pick<Services, "whitelists" | "keys" | "entries">,
  guildId: string,
  clock: Clock,
): Promise<Check[]> {
  const whitelists = (await services.whitelists.listForGuild(guildId)).filter(
    (wl) => wl.proof === "first-join",
  );
  if (whitelists.length === 0) return [];
  const keys = await services.keys.list(guildId);
  const checks: Check[] = [];
  for (const whitelist of whitelists) {
    const waiting = (await services.entries.list(whitelist.id)).filter(
      (entry) => entry.proofDueAt !== null,
    ).length;
    const askers = keys.filter(asks(whitelist));
    const lastUsed = Math.max(0, ...askers.map((key) => key.lastUsedAt ?? 0));
    const agent =
      "run `whitelist-sync sync --rcon …` on the game server with a key that may ask for its codes (README, Proof " +
      "of ownership: Without a second port)";
    if (askers.length === 0) {
      checks.push(
        fail(
          `${whitelist.name} asks proof at first join, but no link key may ask for its codes (read-only keys may ` +
            `not): no game server can ask its players (${waiting} nick(s) await proof)`,
          `create one with /server-link create, then ${agent}`,
        ),
      );
    } else if (clock.now() - lastUsed > RECENT_MS) {
      checks.push(
        fail(
          `${whitelist.name} asks proof at first join, but no key that may ask for its codes was used in the last ` +
            `day: its ` +
            `players are not asked for proof (${waiting} nick(s) await it)`,
          agent,
        ),
      );
    } else {
      checks.push(
        pass(
          `${whitelist.name} asks proof at first join, and a key that may ask for its codes is in use (${waiting} ` +
            `nick(s) await proof)`,
        ),
      );
    }
  }
  return checks;
}
