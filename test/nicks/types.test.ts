import { describe, expect, test } from "bun:test";
import { inEnglish } from "../../src/i18n/english.ts";
import {
  type AccountPorts,
  type NickType,
  type NickTypeSpec,
  namesOf,
  nickTypeSpecs,
  nickTypes,
  parseNick,
} from "../../src/nicks/types.ts";
import { DomainError } from "../../src/shared/errors.ts";

/** Floodgate's own defaults (`username-prefix: "."`, `replace-spaces: true`), as a new whitelist takes them. */
const FLOODGATE = { floodgatePrefix: ".", replaceSpaces: true };
const on = (nickType: NickType) => ({ nickType, ...FLOODGATE });

/** The rules a spec must fill: what the compiler asks of a new type, checked once more at run time. */
const RULES = ["parse", "names", "lookUp", "noAccount", "account", "spelling", "floodgate", "proofs"].sort();

/** How an account reads, in English. */
const accountOf = (spec: { account(held: never): Parameters<typeof inEnglish>[0] }, held: unknown) =>
  inEnglish(spec.account(held as never));

describe("the nick type table", () => {
  test("lists the four types, in the order /whitelist create offers them", () => {
    expect(nickTypes).toEqual(["java", "premium", "offline", "bedrock"]);
  });

  test.each(nickTypes)("%s fills every rule", (type) => {
    const spec = nickTypeSpecs[type];
    expect(Object.keys(spec).sort()).toEqual(RULES);
    expect({
      parse: typeof spec.parse,
      names: typeof spec.names,
      account: typeof spec.account,
      spelling: typeof spec.spelling,
      floodgate: typeof spec.floodgate,
      proofs: Array.isArray(spec.proofs),
      // A refusal of "no account" only means something where there is a look-up to find none.
      noAccountWithoutLookUp: spec.lookUp === null && spec.noAccount !== null,
    }).toEqual({
      parse: "function",
      names: "function",
      account: "function",
      spelling: "function",
      floodgate: "boolean",
      proofs: true,
      noAccountWithoutLookUp: false,
    });
  });

  test("the compiler refuses a type that leaves a rule out", () => {
    // @ts-expect-error: a spec without `names`, `lookUp`, `noAccount`, `account`, `floodgate` and `proofs` is not a spec.
    const partial: NickTypeSpec = { parse: (_settings, raw) => ({ nick: raw, gamertag: null }) };
    expect(typeof partial.parse).toBe("function");
  });
});

describe("parsing a typed nick, per type", () => {
  test.each(["java", "premium", "offline"] as const)("%s: Java syntax, trimmed, no gamertag", (type) => {
    expect(parseNick(on(type), "  Notch ")).toEqual({ nick: "Notch", gamertag: null });
    expect(() => parseNick(on(type), "Steve Jobs")).toThrow(
      expect.objectContaining({
        code: "nick-invalid",
        message: expect.stringContaining("Minecraft Java nick"),
      }),
    );
  });

  test("bedrock: the gamertag, bare or as the game shows it, stored as Floodgate names the player", () => {
    expect(parseNick(on("bedrock"), "Alex Pocket")).toEqual({
      nick: ".Alex_Pocket",
      gamertag: "Alex Pocket",
    });
    expect(parseNick(on("bedrock"), " .Alex_Pocket ")).toEqual({
      nick: ".Alex_Pocket",
      gamertag: "Alex Pocket",
    });
    expect(
      parseNick({ nickType: "bedrock", floodgatePrefix: "", replaceSpaces: false }, "Alex Pocket"),
    ).toEqual({
      nick: "Alex Pocket",
      gamertag: "Alex Pocket",
    });
    expect(() => parseNick(on("bedrock"), "1Steve")).toThrow(
      expect.objectContaining({
        code: "nick-invalid",
        message: expect.stringContaining("Bedrock (Xbox) gamertag"),
      }),
    );
  });
});

describe("the names a typed nick may mean", () => {
  test("every type trims what was typed", () => {
    expect(nickTypes.map((type) => namesOf(on(type), "  Steve ")[0])).toEqual([
      "Steve",
      "Steve",
      "Steve",
      "Steve",
    ]);
  });

  test("a Java nick means itself only", () => {
    expect(["java", "premium", "offline"].map((type) => namesOf(on(type as NickType), " jeb_ "))).toEqual([
      ["jeb_"],
      ["jeb_"],
      ["jeb_"],
    ]);
  });

  test("a Bedrock nick means itself and Floodgate's spelling of the gamertag, once each", () => {
    expect(namesOf(on("bedrock"), " Alex Pocket ")).toEqual(["Alex Pocket", ".Alex_Pocket"]);
    expect(namesOf(on("bedrock"), ".Alex_Pocket")).toEqual([".Alex_Pocket"]);
    expect(
      namesOf({ nickType: "bedrock", floodgatePrefix: "BE_", replaceSpaces: false }, "Alex_Pocket"),
    ).toEqual(["Alex_Pocket", "BE_Alex Pocket"]);
  });
});

/** Ports that answer from fixed tables and count what they were asked; `down` makes every call fail. */
function ports(down = false) {
  const asked = { lookup: [] as string[], lookupMany: [] as string[][], xuidOf: [] as string[] };
  const premium = new Map([
    ["notch", { premium: true as const, uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", name: "Notch" }],
  ]);
  const xuids = new Map([["Alex Pocket", "2535455737499295"]]);
  const given: AccountPorts = {
    mojang: {
      async lookup(nick) {
        asked.lookup.push(nick);
        if (down) throw new DomainError("mojang-unavailable", "Mojang is down");
        return premium.get(nick.toLowerCase()) ?? { premium: false };
      },
      async lookupMany(nicks) {
        asked.lookupMany.push([...nicks]);
        // Mojang's client leaves out the nicks it could not ask about; here the ones named "unasked".
        return new Map(
          nicks
            .filter((nick) => nick !== "unasked")
            .map((nick) => [nick.toLowerCase(), premium.get(nick.toLowerCase())]),
        );
      },
    },
    geyser: {
      async xuidOf(gamertag) {
        asked.xuidOf.push(gamertag);
        if (down) throw new DomainError("geyser-unavailable", "GeyserMC is down");
        return xuids.get(gamertag) ?? null;
      },
    },
  };
  return { given, asked };
}

describe("the look-up each type needs", () => {
  test("java and premium ask Mojang: a premium account in its own spelling, with its UUID", async () => {
    for (const type of ["java", "premium"] as const) {
      const { given, asked } = ports();
      const lookUp = nickTypeSpecs[type].lookUp;
      expect({
        service: lookUp?.service,
        found: await lookUp?.one(given, { nick: "NOTCH", gamertag: null }),
        none: await lookUp?.one(given, { nick: "Cracked_1", gamertag: null }),
        geyser: asked.xuidOf,
      }).toEqual({
        service: "Mojang",
        found: {
          nick: "Notch",
          uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5",
          premium: true,
          gamertag: null,
          xuid: null,
        },
        none: null,
        geyser: [],
      });
    }
  });

  test("bedrock asks GeyserMC for the gamertag's XUID: the entry gets Floodgate's UUID", async () => {
    const { given, asked } = ports();
    const lookUp = nickTypeSpecs.bedrock.lookUp;
    expect({
      service: lookUp?.service,
      found: await lookUp?.one(given, { nick: ".Alex_Pocket", gamertag: "Alex Pocket" }),
      none: await lookUp?.one(given, { nick: ".Nobody", gamertag: "Nobody" }),
      mojang: asked.lookup,
    }).toEqual({
      service: "GeyserMC",
      found: {
        nick: ".Alex_Pocket",
        uuid: "00000000-0000-0000-0009-01fbca93ce9f",
        premium: false,
        gamertag: "Alex Pocket",
        xuid: "2535455737499295",
      },
      none: null,
      mojang: [],
    });
  });

  test("offline asks nobody", () => {
    expect(nickTypeSpecs.offline.lookUp).toBeNull();
  });

  test("in bulk: Mojang once for every nick, the indexes it could not ask about come back", async () => {
    const { given, asked } = ports();
    const typed = ["Notch", "unasked", "jeb_"].map((nick) => ({ nick, gamertag: null }));
    expect(await nickTypeSpecs.java.lookUp?.many(given, typed, 8)).toEqual(new Set([1]));
    expect(asked.lookupMany).toEqual([["Notch", "unasked", "jeb_"]]);
  });

  test("in bulk: GeyserMC one by one, and nobody asked after it failed", async () => {
    const { given, asked } = ports(true);
    const typed = ["Alex Pocket", "Steve", "Nobody"].map((gamertag) => ({ nick: `.${gamertag}`, gamertag }));
    expect(await nickTypeSpecs.bedrock.lookUp?.many(given, typed, 1)).toEqual(new Set([0, 1, 2]));
    expect(asked.xuidOf).toEqual(["Alex Pocket"]);
  });

  test("a nick without account: premium and bedrock refuse it, java keeps it", () => {
    const typed = { nick: "Nobody", gamertag: "Nobody" };
    expect({
      java: nickTypeSpecs.java.noAccount,
      premium: nickTypeSpecs.premium.noAccount?.(typed, "survival"),
      bedrock: nickTypeSpecs.bedrock.noAccount?.(typed, "survival"),
    }).toEqual({
      java: null,
      premium: expect.objectContaining({
        code: "not-premium",
        message: expect.stringContaining("survival accepts premium accounts only"),
      }),
      bedrock: expect.objectContaining({
        code: "gamertag-unknown",
        message: expect.stringContaining("the gamertag Nobody"),
      }),
    });
  });
});

describe("how an account reads", () => {
  const premium = { premium: true, uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", gamertag: null };
  const plain = { premium: false, uuid: null, gamertag: null };
  test("per type, one wording everywhere", () => {
    expect({
      java: [accountOf(nickTypeSpecs.java, premium), accountOf(nickTypeSpecs.java, plain)],
      premium: accountOf(nickTypeSpecs.premium, premium),
      offline: accountOf(nickTypeSpecs.offline, plain),
      bedrock: [
        accountOf(nickTypeSpecs.bedrock, {
          premium: false,
          uuid: "00000000-0000-0000-0009-01fbca93ce9f",
          gamertag: "Alex Pocket",
        }),
        accountOf(nickTypeSpecs.bedrock, { premium: false, uuid: null, gamertag: "Alex Pocket" }),
      ],
    }).toEqual({
      java: ["premium, UUID 069a79f4-44e9-4726-a5be-fca90e38aaf5", "not premium"],
      premium: "premium, UUID 069a79f4-44e9-4726-a5be-fca90e38aaf5",
      offline: "offline nick, not looked up",
      bedrock: [
        "Bedrock gamertag Alex Pocket, Floodgate UUID 00000000-0000-0000-0009-01fbca93ce9f",
        "Bedrock gamertag Alex Pocket, its UUID waits for GeyserMC",
      ],
    });
  });

  test("letter case: where the server derives the UUID from the name, the member is told the exact spelling", () => {
    const said = (type: NickType, held: { nick: string; premium: boolean }) => {
      const spelling = nickTypeSpecs[type].spelling(held);
      return spelling === null ? null : inEnglish(spelling);
    };
    const exact =
      "Join as exactly CrackedSteve: an offline-mode server tells players apart by the letter case of their " +
      "name (crackedsteve would be another player, and is not let in).";
    expect(said("offline", { nick: "CrackedSteve", premium: false })).toBe(exact);
    expect(said("java", { nick: "CrackedSteve", premium: false })).toBe(exact);
    expect(said("offline", { nick: "steve", premium: false })).toBe(
      "Join as exactly steve: an offline-mode server tells players apart by the letter case of their name " +
        "(STEVE would be another player, and is not let in).",
    );
    // A premium account: the game takes Mojang's spelling. A Bedrock player: Floodgate spells the name.
    expect(said("java", { nick: "Notch", premium: true })).toBeNull();
    expect(said("premium", { nick: "Notch", premium: true })).toBeNull();
    expect(said("bedrock", { nick: ".Alex_Pocket", premium: false })).toBeNull();
  });

  test("only bedrock has Floodgate name its players", () => {
    expect(nickTypes.filter((type) => nickTypeSpecs[type].floodgate)).toEqual(["bedrock"]);
  });

  test("a Java login proves the accounts of java and premium nicks only; a first join those and Bedrock's", () => {
    const proving = (mode: "required" | "first-join") =>
      nickTypes.filter((type) => nickTypeSpecs[type].proofs.includes(mode));
    expect({ required: proving("required"), firstJoin: proving("first-join") }).toEqual({
      required: ["java", "premium"],
      firstJoin: ["java", "premium", "bedrock"],
    });
  });
});
