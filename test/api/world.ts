import type { Whitelist } from "../../src/whitelists/model.ts";
import {
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testApi,
  testServices,
} from "../helpers/services.ts";

/** The guild the worlds below are seeded in. */
export const GUILD = "100000000000000001";
/** A second guild, whose whitelists a key of GUILD must never see. */
export const OTHER_GUILD = "100000000000000002";
/** A whitelist id that exists nowhere. */
export const MISSING = "nosuchlist";

/** Fresh test services, the API app over them and the plaintext of a guild-wide key of `guildId`. */
export async function apiWorld(guildId: string) {
  const services = await testServices();
  const app = testApi(services);
  const key = (await seedKey(services, guildId)).plaintext;
  return { services, app, key };
}

/** The API's view of a whitelist: everything but the guild and its Discord settings (proof, its window, form, nicknames). */
export const view = ({
  guildId: _guildId,
  proof: _proof,
  proofWindowSeconds: _window,
  form: _form,
  nicknameTemplate: _nicknameTemplate,
  ...rest
}: Whitelist) => rest;

/**
 * Two whitelists (A, B) in GUILD, one (C) in OTHER_GUILD, "Notch" on each, and one key of every kind the
 * scope matrix needs.
 */
export async function seedWorld(services: TestServices) {
  const a = await seedWhitelist(services, { guildId: GUILD, name: "alpha" });
  const b = await seedWhitelist(services, { guildId: GUILD, name: "beta" });
  const c = await seedWhitelist(services, { guildId: OTHER_GUILD, name: "gamma" });
  for (const whitelist of [a, b, c]) await seedEntries(services, whitelist.id, ["Notch"]);
  const guildKey = (await seedKey(services, GUILD)).plaintext;
  const revoked = await seedKey(services, GUILD);
  await services.keys.revoke(GUILD, revoked.key.id);
  return {
    a,
    b,
    c,
    keys: {
      guild: guildKey,
      scopedToA: (await seedKey(services, GUILD, a.id)).plaintext,
      readOnly: (await seedKey(services, GUILD, null, false)).plaintext,
      readOnlyScopedToA: (await seedKey(services, GUILD, a.id, false)).plaintext,
      revoked: revoked.plaintext,
      otherGuild: (await seedKey(services, OTHER_GUILD)).plaintext,
    },
  };
}

/** What `seedWorld` seeded. */
export type World = Awaited<ReturnType<typeof seedWorld>>;

/** Fresh test services seeded by `seedWorld`, and the API app over them; `services.close()` cleans up. */
export async function seededApiWorld() {
  const services = await testServices();
  const app = testApi(services);
  const world = await seedWorld(services);
  return { services, app, world };
}

/**
 * Separate services whose store fails every read (SQLite: a failing disk; PostgreSQL: its connections gone), the
 * app over them, one whitelist of GUILD and a guild key.
 */
export async function failingStore() {
  const services = await testServices();
  const app = testApi(services);
  const whitelist = await seedWhitelist(services, { guildId: GUILD });
  await seedEntries(services, whitelist.id, ["Notch"]);
  const key = (await seedKey(services, GUILD)).plaintext;
  const { store } = services;
  if (store.kind === "sqlite") {
    // A write lock does not block WAL readers, so a failing disk is what makes a read unanswerable.
    store.client.prepare = (() => {
      throw Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_READ" });
    }) as never;
  } else {
    await store.client.close();
  }
  return { services, app, whitelist, key };
}
