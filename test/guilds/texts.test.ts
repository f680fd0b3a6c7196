import { afterEach, describe, expect, test } from "bun:test";
import { checkWording, placeholdersOf, rewordable } from "../../src/guilds/texts.ts";
import { wordsFor } from "../../src/i18n/words.ts";
import { DomainError } from "../../src/shared/errors.ts";
import { forEachStore, type TestServices, testServices } from "../helpers/services.ts";

// Staff's own wording of the texts members read (docs/decisions.md, Languages): checked when saved, stored per
// guild and text, read back over every language's catalogue, and forgotten by a reset.

const GUILD = "100000000000000001";

/** The refusal of a wording, in English (what the API and the log would say). */
const refusal = (wording: string) => {
  try {
    checkWording("public.approved", wording);
  } catch (error) {
    return (error as DomainError).message;
  }
  return null;
};

describe("checking a wording", () => {
  test("each rewordable text takes its English source's placeholders", () => {
    expect(Object.fromEntries(rewordable.map((key) => [key, placeholdersOf(key)]))).toEqual({
      "public.registered": ["nick", "whitelist"],
      "public.refused": ["member", "nick", "whitelist"],
      "public.approved": ["member", "nick", "whitelist"],
      "public.removed": ["nick", "whitelist"],
    });
  });

  test("refuses an empty, too long, unknown-placeholder or stray-brace wording; keeps a good one trimmed", () => {
    expect({
      empty: refusal("   "),
      long: refusal("x".repeat(1501)),
      unknown: refusal("{member} {player} and {rank}"),
      brace: refusal("{member} gets {nick"),
      kept: checkWording("public.approved", "  {member}: {nick} is in!  "),
      some: checkWording("public.approved", "Welcome aboard!"),
    }).toEqual({
      empty: "The wording is empty: write the text members should read.",
      long: "The wording is 1,501 characters long; at most 1,500 are kept.",
      unknown: "This text has no placeholder {player}, {rank}. It has {member}, {nick}, {whitelist}.",
      brace:
        "A brace opens or closes no placeholder. Placeholders are a name in braces: {member}, {nick}, {whitelist}.",
      kept: "{member}: {nick} is in!",
      some: "Welcome aboard!",
    });
    expect(() => checkWording("public.approved", "")).toThrow(DomainError);
  });
});

forEachStore("storing wordings", () => {
  let services: TestServices;
  afterEach(() => services?.close());

  test("set, read over any language's catalogue, replaced, and reset per guild", async () => {
    services = await testServices();
    const { texts } = services;
    expect(await texts.overridesOf(GUILD)).toEqual({});
    await texts.set(GUILD, "public.registered", "🎉 {nick} joins {whitelist}", "200000000000000001");
    await texts.set(GUILD, "public.registered", "🎉 {nick} is on {whitelist}!", "200000000000000002");
    await texts.set("100000000000000009", "public.removed", "Bye {nick}", "200000000000000001");
    const overrides = await texts.overridesOf(GUILD);
    expect(overrides).toEqual({ "public.registered": "🎉 {nick} is on {whitelist}!" });
    const params = { nick: "Steve", whitelist: "survival" };
    expect({
      pl: wordsFor("pl", overrides).t("public.registered", params),
      plRemoved: wordsFor("pl", overrides).t("public.removed", params),
    }).toEqual({ pl: "🎉 Steve is on survival!", plRemoved: "🗑️ **Steve** nie jest już na **survival**." });
    expect(await texts.reset(GUILD, "public.registered")).toBe(true);
    expect(await texts.reset(GUILD, "public.registered")).toBe(false);
    expect(await texts.overridesOf(GUILD)).toEqual({});
    expect(await texts.overridesOf("100000000000000009")).toEqual({ "public.removed": "Bye {nick}" });
  });

  test("a refused wording stores nothing", async () => {
    services = await testServices();
    await expect(services.texts.set(GUILD, "public.removed", "{oops}", "200000000000000001")).rejects.toThrow(
      "no placeholder",
    );
    expect(await services.texts.overridesOf(GUILD)).toEqual({});
  });
});
