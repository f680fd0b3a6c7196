import { afterEach, describe, expect, test } from "bun:test";
import * as spec from "discord-api-spec/zod";
import { commands } from "../../src/bot/commands/index.ts";
import type { SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { DISCORD_LOCALES } from "../../src/sandbox/discord/locales.ts";
import { IDS, TOKEN, tracker } from "./helpers.ts";

// Localizations as Discord takes them (Application Command Object: name_localizations and
// description_localizations are maps of Discord's locales; their values follow the name's and the description's
// rules) and the two locales Discord sends on an interaction (Interaction Object: `locale`, `guild_locale`).

const t = tracker({ rateLimits: false });
afterEach(() => t.cleanup());

async function register(sandbox: SandboxDiscord, body: unknown) {
  const response = await fetch(
    `${sandbox.apiUrl}/v10/applications/${sandbox.applicationId}/guilds/${IDS.guild}/commands`,
    {
      method: "PUT",
      headers: { authorization: `Bot ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    },
  );
  return { status: response.status, body: (await response.json()) as { errors?: unknown } };
}

const chat = (extra: Record<string, unknown>) => ({ name: "join", description: "Joins", ...extra });

describe("sandbox command localizations", () => {
  test("the sandbox knows exactly the locales of Discord's published contract", () => {
    const published = (spec as unknown as { AvailableLocalesEnumSchema: { def: { values: unknown[] } } })
      .AvailableLocalesEnumSchema.def.values;
    expect([...DISCORD_LOCALES].sort()).toEqual(published.map(String).sort());
  });

  test("a localization keyed by a locale Discord does not know is refused", async () => {
    const sandbox = await t.sandbox();
    const refused = await register(sandbox, [chat({ description_localizations: { "de-DE": "Beitreten" } })]);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({
      0: { description_localizations: { "de-DE": { _errors: [{ code: "BASE_TYPE_CHOICES" }] } } },
    });
  });

  test("localized names follow the name's rules: the pattern, lower case, 32 characters", async () => {
    const sandbox = await t.sandbox();
    for (const name of ["Beitreten", "zwei worte", "x".repeat(33)]) {
      const refused = await register(sandbox, [chat({ name_localizations: { de: name } })]);
      expect({ name, errors: refused.body.errors }).toMatchObject({
        name,
        errors: {
          0: { name_localizations: { de: { _errors: [{ code: "APPLICATION_COMMAND_INVALID_NAME" }] } } },
        },
      });
    }
    const option = { type: 3, name: "nick", description: "The nick", name_localizations: { ru: "Ник" } };
    const refusedOption = await register(sandbox, [chat({ options: [option] })]);
    expect(refusedOption.status).toBe(400);
    const accepted = await register(sandbox, [
      chat({ name_localizations: { ru: "зарегистрировать", pl: "połącz", "es-419": "unirse" } }),
    ]);
    expect(accepted.status).toBe(200);
  });

  test("localized descriptions and choice names keep within 100 characters", async () => {
    const sandbox = await t.sandbox();
    const long = "x".repeat(101);
    expect((await register(sandbox, [chat({ description_localizations: { fr: long } })])).status).toBe(400);
    const choice = { name: "a", value: "a", name_localizations: { fr: long } };
    const option = { type: 3, name: "pick", description: "Pick", choices: [choice] };
    expect((await register(sandbox, [chat({ options: [option] })])).status).toBe(400);
  });

  test("the bot's whole command set, with every language's localizations, is accepted", async () => {
    const sandbox = await t.sandbox();
    const accepted = await register(
      sandbox,
      commands.map((command) => command.data),
    );
    expect(accepted.status).toBe(200);
  });
});

describe("locales on interactions", () => {
  test("`locale` is the member's client language, `guild_locale` the server's; an unknown locale is refused", async () => {
    const sandbox = await t.sandbox();
    const control = (path: string, body: unknown) =>
      fetch(`${sandbox.url}/_sandbox${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await control(`/members/${IDS.alice}/locale`, { locale: "pt-BR" })).status).toBe(200);
    expect((await control("/guild/locale", { locale: "pl" })).status).toBe(200);
    expect((await control("/guild/locale", { locale: "klingon" })).status).toBe(400);
    expect(sandbox.state.guild.preferredLocale).toBe("pl");
    expect(sandbox.state.members.get(IDS.alice)?.user.locale).toBe("pt-BR");
  });
});
