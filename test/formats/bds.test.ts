import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { EntryRecord } from "../../src/entries/model.ts";
import { fileOf, renderFormat } from "../../src/formats/index.ts";
import type { Player } from "../../src/formats/spec.ts";
import { WhitelistFormats } from "../../src/formats/whitelist-formats.ts";
import { floodgateUuid, xuidOfFloodgateUuid } from "../../src/nicks/floodgate.ts";

// Bedrock Dedicated Server's allowlist.json, held to what BDS reads. Mojang's bedrock_server_how_to.html
// (Allowlist, shipped in every BDS zip) defines the file: a JSON array of objects with `name` (String: the
// gamertag), `xuid` (String, optional: "if it's not set then it will be populated when someone with a matching
// name connects") and `ignoresPlayerLimit` (Boolean). Files BDS itself writes (after `allowlist add`, or once it
// filled in an XUID) are compact, keys in the order ignoresPlayerLimit, name, xuid, with one final newline, the
// XUID in decimal: `[{"ignoresPlayerLimit":false,"name":"Some Player","xuid":"2535…"}]`.

const text = (players: readonly Player[]) => new TextDecoder().decode(renderFormat("bds", players));

/** Alex Pocket's XUID, as GeyserMC gives it (the demo's and the tests' Xbox account). */
const ALEX_XUID = "2535432196048835";
const alex: Player = {
  nick: ".Alex_Pocket",
  uuid: floodgateUuid(ALEX_XUID),
  premium: false,
  gamertag: "Alex Pocket",
};
const pending: Player = { nick: ".Steve_Gamer", uuid: null, premium: false, gamertag: "Steve Gamer" };
const notch: Player = { nick: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", premium: true };

/** Each entry as BDS's table types it: name a string, xuid a string of decimal digits when set, a boolean. */
function readAsBds(bytes: string) {
  const parsed: unknown = JSON.parse(bytes);
  expect(Array.isArray(parsed)).toBe(true);
  for (const entry of parsed as Record<string, unknown>[]) {
    expect(Object.keys(entry).filter((key) => !["ignoresPlayerLimit", "name", "xuid"].includes(key))).toEqual(
      [],
    );
    expect(typeof entry.name).toBe("string");
    expect(typeof entry.ignoresPlayerLimit).toBe("boolean");
    if ("xuid" in entry) expect(entry.xuid).toMatch(/^[1-9][0-9]*$/);
  }
  return parsed as { ignoresPlayerLimit: boolean; name: string; xuid?: string }[];
}

describe("allowlist.json (Bedrock Dedicated Server)", () => {
  test("the raw gamertag and the XUID as a decimal string, as BDS writes the file; Java nicks left out", () => {
    const bytes = text([notch, pending, alex]);
    expect(bytes).toBe(
      '[{"ignoresPlayerLimit":false,"name":"Alex Pocket","xuid":"2535432196048835"},' +
        '{"ignoresPlayerLimit":false,"name":"Steve Gamer"}]\n',
    );
    expect(readAsBds(bytes)).toEqual([
      { ignoresPlayerLimit: false, name: "Alex Pocket", xuid: ALEX_XUID },
      // No XUID yet (GeyserMC has not given it): BDS takes the player whose gamertag matches and writes it in.
      { ignoresPlayerLimit: false, name: "Steve Gamer" },
    ]);
    expect(text([notch])).toBe("[]\n");
  });

  test("XUIDs survive the Floodgate UUID exactly, up to the largest int64 (never through a float)", () => {
    for (const xuid of [ALEX_XUID, "2533274803008344", "9007199254740993", "9223372036854775807"]) {
      expect(xuidOfFloodgateUuid(floodgateUuid(xuid))).toBe(xuid);
      const [entry] = readAsBds(text([{ ...alex, uuid: floodgateUuid(xuid) }]));
      expect(entry?.xuid).toBe(xuid);
    }
    // A UUID that is not Floodgate's carries no XUID.
    expect(xuidOfFloodgateUuid(notch.uuid as string)).toBeNull();
  });

  test("sorted by gamertag in any letter case, so the bytes depend on the set alone", () => {
    const players: Player[] = ["zed", "Bob", "alice", "Alice"].map((gamertag, i) => ({
      nick: `.${gamertag}`,
      uuid: floodgateUuid(String(2535400000000000 + i)),
      premium: false,
      gamertag,
    }));
    expect(readAsBds(text(players)).map((entry) => entry.name)).toEqual(["Alice", "alice", "Bob", "zed"]);
    expect(text([...players].reverse())).toBe(text(players));
  });

  test("the owner's ignoresPlayerLimit stays (by XUID or gamertag), and an XUID BDS wrote in; nothing else", () => {
    const { update } = fileOf("bds");
    const rendered = renderFormat("bds", [
      alex,
      pending,
      { ...pending, gamertag: "Third One", nick: ".Third_One" },
    ]);
    const server = new TextEncoder().encode(
      '[{"ignoresPlayerLimit":true,"name":"alex pocket renamed","xuid":"2535432196048835"},' +
        '{"ignoresPlayerLimit":true,"name":"STEVE GAMER","xuid":"2535405290019876"},' +
        '{"ignoresPlayerLimit":false,"name":"Third One","xuid":"not a number"},' +
        '{"ignoresPlayerLimit":true,"name":"Gone Player"},7]\n',
    );
    const kept = update?.(server, rendered) as Uint8Array;
    expect(new TextDecoder().decode(kept)).toBe(
      '[{"ignoresPlayerLimit":true,"name":"Alex Pocket","xuid":"2535432196048835"},' +
        '{"ignoresPlayerLimit":true,"name":"Steve Gamer","xuid":"2535405290019876"},' +
        '{"ignoresPlayerLimit":false,"name":"Third One"}]\n',
    );
    // Already so: nothing to write. No file, or one that is not a list: the rendered bytes.
    expect(update?.(kept, rendered)).toBeNull();
    expect(update?.(null, rendered)).toEqual(rendered);
    expect(update?.(new TextEncoder().encode("{"), rendered)).toEqual(rendered);
    expect(update?.(rendered, rendered)).toBeNull();
  });

  test("count reads back the players listed; the file's name and reload command are BDS's", () => {
    const { count, name, reloadCommand } = fileOf("bds");
    expect([count(renderFormat("bds", [alex, pending, notch])), name, reloadCommand]).toEqual([
      2,
      "allowlist.json",
      "allowlist reload",
    ]);
  });
});

describe("allowlist.json kept piece by piece", () => {
  const gamertag = fc
    .array(fc.constantFrom("A", "a", "B", "z", "0", " ", "x", "Q"), { minLength: 1, maxLength: 6 })
    .map((chars) => `G${chars.join("")}`);
  const step = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("add" as const),
        gamertag: fc.option(gamertag, { nil: null }),
        xuid: fc.option(fc.bigInt({ min: 1n, max: (1n << 63n) - 1n }), { nil: null }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("remove" as const), pick: fc.nat() }) },
  );

  test("equal what rendering from scratch gives, with Java entries (no piece) among Bedrock ones", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const entries: EntryRecord[] = [];
        const kept = new WhitelistFormats(3);
        kept.build("bds", [], 0);
        let id = 0;
        for (const change of steps) {
          if (change.kind === "add") {
            id++;
            const nick = change.gamertag === null ? `java${id}` : `.${change.gamertag}${id}`;
            const uuid = change.xuid === null ? null : floodgateUuid(String(change.xuid));
            const tag = change.gamertag === null ? null : `${change.gamertag}${id}`;
            const entry = {
              id,
              nick,
              uuid,
              premium: false,
              expiresAt: null,
              gamertag: tag,
              groups: [],
            } as unknown as EntryRecord;
            entries.push(entry);
            kept.apply(id, "entry.added", entry);
          } else if (entries.length > 0) {
            const [removed] = entries.splice(change.pick % entries.length, 1) as [EntryRecord];
            kept.apply(++id, "entry.removed", removed);
          }
          expect(new TextDecoder().decode(kept.formatted("bds").bytes)).toBe(text(entries));
        }
      }),
      { numRuns: 200 },
    );
  });
});
