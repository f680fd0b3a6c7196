import { type Static, t } from "elysia";
import type { EntryView } from "../../entries/model.ts";
import { UUID_PATTERN } from "../../nicks/uuid.ts";
import type { Same } from "./same.ts";

// The API's schemas are built here, in the API layer, not beside the models: the services use the plain types, so
// a start loads Elysia and TypeBox only with the API (docs/performance.md, Start and memory).

/** A nick on a whitelist, as the API and every event publish it. */
export const Entry = t.Object(
  {
    nick: t.String({
      description:
        "The player nick, stored spelling; a Bedrock player's is the name Floodgate gives them in game " +
        "(prefix, gamertag cut to 16 characters, spaces as `_` by default)",
      examples: ["Notch"],
    }),
    // A pattern, not `format: uuid`: Floodgate's UUIDs are version 0 (src/nicks/uuid.ts).
    uuid: t.Union([t.String({ pattern: UUID_PATTERN }), t.Null()], {
      description:
        "The premium account's UUID (dashed, lower case), or a Bedrock player's Floodgate UUID " +
        "(`00000000-0000-0000-` and the XUID in hex, version 0); null for other nicks, and for a Bedrock one " +
        "whose XUID GeyserMC has not told yet",
      examples: ["069a79f4-44e9-4726-a5be-fca90e38aaf5"],
    }),
    premium: t.Boolean({ description: "True for premium (Mojang/Microsoft) accounts" }),
    expiresAt: t.Union([t.String({ format: "date-time" }), t.Null()], {
      description: "When the entry is removed by itself (origin `expired`), ISO 8601 UTC; null: never",
      examples: [null],
    }),
    verified: t.Boolean({
      description:
        "True when its owner proved they control the account (they joined the link endpoint with it and typed " +
        "the code it showed in Discord); false for every other entry, staff additions of unproven accounts included",
    }),
    gamertag: t.Optional(
      t.String({
        description:
          "Bedrock entries only: the Xbox gamertag as registered, with its spaces (`nick` is Floodgate's " +
          "spelling of it). What a Bedrock Dedicated Server's allowlist.json lists",
        examples: ["Alex Pocket"],
      }),
    ),
    proofDueAt: t.Optional(
      t.String({
        format: "date-time",
        description:
          "Entries awaiting proof at first join only (a whitelist with `proof: first-join`): when the entry is " +
          "removed (origin `expired`) unless its owner proves the account by then. The game server's agent asks " +
          "such a player for proof when they join (`POST /whitelists/{id}/proof-codes`); ISO 8601 UTC",
        examples: ["2026-11-23T12:00:00.000Z"],
      }),
    ),
    groups: t.Array(t.String(), {
      description:
        "The game groups its owner is in now (`/whitelist ranks`: the whitelist's Discord roles mapped to groups, " +
        "and the groups of everyone on it and of verified accounts), sorted, each once; empty without a mapping. " +
        "A change of groups alone comes as an `entry.groups` event",
      examples: [["member", "trusted"]],
    }),
  },
  { title: "Entry" },
);

true satisfies Same<Static<typeof Entry>, EntryView>;
