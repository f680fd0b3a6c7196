/**
 * Test helper (test/start/deferred.test.ts): starts a world with the bot (test/bot/world.ts) in this fresh process,
 * then prints as one JSON line which languages' message files are loaded (Bun's module registry) once the bot is
 * ready, what a member reading German got for `/register`, and which are loaded then.
 */
import { join } from "node:path";
import { IDS, startWorld } from "../bot/world.ts";

const LOCALES = join(import.meta.dir, "..", "..", "src", "i18n", "locales");
/** The languages whose messages are loaded, by file name (their command texts are in ./commands/, not counted). */
const loadedNow = () =>
  Object.keys(require.cache)
    .filter((path) => path.startsWith(`${LOCALES}/`) && !path.startsWith(`${LOCALES}/commands/`))
    .map((path) => path.slice(LOCALES.length + 1))
    .sort();

const world = await startWorld();
try {
  await world.whitelist();
  const atStart = loadedNow();
  await world.control("POST", `/members/${IDS.alice}/locale`, { locale: "de" });
  const reply = await world.command(IDS.alice, "register", { options: { nick: "Notch" } });
  console.log(JSON.stringify({ atStart, reply: reply.content, after: loadedNow() }));
} finally {
  await world.stop();
}
