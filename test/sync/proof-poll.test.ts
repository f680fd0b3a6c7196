import { afterEach, expect, test } from "bun:test";
import { createApiClient } from "../../src/sync/client.ts";
import { createProofPoller } from "../../src/sync/proof-poll.ts";
import type { SyncEvent } from "../../src/sync/report.ts";
import { call } from "../helpers/http.ts";
import {
  seedEntries,
  seedKey,
  seedWhitelist,
  type TestServices,
  testApi,
  testServices,
} from "../helpers/services.ts";
import { vanillaConsole } from "./vanilla-console.ts";

// The agent's proof poller with a read-only key (issue 36 §1: asking for a code is a write): the real client against
// the real API, and a console answering as vanilla's does over a player who awaits proof. The whole end to end, with a
// key that may, is test/sync/first-join.full.test.ts.

const GUILD = "100000000000000001";
const NOTCH = { name: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5" };

let services: TestServices | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

test("a read-only key: the service's refusal is told once, no code is asked again, nobody is kicked", async () => {
  services = await testServices();
  const app = testApi(services);
  await call(app, "GET", "/health");
  const wl = await seedWhitelist(services, { guildId: GUILD, name: "survival", proof: "first-join" });
  const due = services.clock.now() + 86_400_000;
  await seedEntries(services, wl.id, [{ nick: "Notch", uuid: NOTCH.uuid, premium: true, proofDueAt: due }]);
  const key = (await seedKey(services, GUILD, wl.id, false)).plaintext;
  const api = createApiClient({
    apiUrl: `http://127.0.0.1:${app.server?.port}/api/v1`,
    key,
    clock: services.clock,
    signal: new AbortController().signal,
  });
  const typed: string[] = [];
  const answer = vanillaConsole({
    players: async () => [NOTCH],
    kick: async () => "Notch",
    reloadWhitelist: async () => 0,
    maxPlayers: 20,
  });
  let asked = 0;
  const events: SyncEvent[] = [];
  const poller = createProofPoller({
    console: {
      label: "RCON 127.0.0.1:25575",
      answers: true,
      send: (command) => {
        typed.push(command);
        return answer(command);
      },
      close: async () => {},
    },
    proofCode: (whitelist, nick, uuid) => {
      asked++;
      return api.proofCode(whitelist, nick, uuid);
    },
    pending: () => [
      {
        whitelist: { id: wl.id, name: wl.name },
        entry: { nick: "Notch", uuid: NOTCH.uuid, premium: true, proofDueAt: new Date(due).toISOString() },
      },
    ],
    report: (event) => events.push(event),
    clock: services.clock,
    everyMs: 5000,
  });
  await poller.pollNow();
  services.clock.advance(5000);
  await poller.pollNow();
  expect({ asked, typed, events }).toEqual({
    asked: 1,
    typed: ["list uuids", "list uuids"],
    events: [
      {
        type: "warning",
        message:
          "not asking players for proof at first join: This key is read-only (created with may-remove:False): it " +
          "may read whitelists and receive their events, not change anything (remove nicks, ask for proof codes). " +
          "Staff create a key that may with /server-link create. Until the agent runs with a key that may (not " +
          "read-only), players awaiting proof are let in unasked until their windows end.",
      },
      { type: "players-checked", online: 1, awaitingProof: 1, asked: 0 },
      { type: "players-checked", online: 1, awaitingProof: 1, asked: 0 },
    ],
  });
});
