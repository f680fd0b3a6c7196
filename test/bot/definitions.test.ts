import { describe, expect, test } from "bun:test";
import {
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  ApplicationCommandOptionType,
  PermissionFlagsBits,
} from "discord.js";
import { buttons } from "../../src/bot/buttons/index.ts";
import { commands } from "../../src/bot/commands/index.ts";
import { modals } from "../../src/bot/modals/index.ts";
import { fileFormats } from "../../src/formats/index.ts";
import { nickTypes, proofSettings, registrationModes } from "../../src/whitelists/model.ts";

/** Every basic option of the command set, with the path that leads to it. */
function allOptions(): { path: string; option: APIApplicationCommandBasicOption }[] {
  const found: { path: string; option: APIApplicationCommandBasicOption }[] = [];
  const visit = (path: string, options: APIApplicationCommandOption[] = []) => {
    for (const option of options) {
      if (
        option.type === ApplicationCommandOptionType.Subcommand ||
        option.type === ApplicationCommandOptionType.SubcommandGroup
      ) {
        visit(`${path} ${option.name}`, option.options as APIApplicationCommandOption[]);
      } else found.push({ path: `${path} ${option.name}`, option });
    }
  };
  for (const command of commands) visit(`/${command.data.name}`, command.data.options);
  return found;
}

const subcommandsOf = (name: string, group?: string) => {
  const options = commands.find((command) => command.data.name === name)?.data.options ?? [];
  const inGroup = group === undefined ? options : options.find((option) => option.name === group);
  const listed = Array.isArray(inGroup)
    ? inGroup
    : ((inGroup as { options?: typeof options })?.options ?? []);
  return listed.map((option) => option.name);
};

describe("command definitions", () => {
  test("the documented command set (docs/architecture.md, Slash commands)", () => {
    expect({
      commands: commands.map((command) => command.data.name),
      whitelist: subcommandsOf("whitelist"),
      form: subcommandsOf("whitelist", "form"),
      ranks: subcommandsOf("whitelist", "ranks"),
      serverLink: subcommandsOf("server-link"),
      texts: subcommandsOf("texts"),
      buttons: buttons.map((button) => button.prefix),
      modals: modals.map((modal) => modal.prefix),
    }).toEqual({
      commands: ["whitelist", "register", "unregister", "link", "unlink", "server-link", "texts"],
      texts: ["list", "set", "preview", "reset", "language"],
      whitelist: [
        "create",
        "edit",
        "delete",
        "list",
        "show",
        "roles",
        "add",
        "guest",
        "remove",
        "export",
        "import",
        "transfer",
        "log-channel",
        "ban-sync",
        "deny",
        "undeny",
        "whois",
        "member",
        "form",
        "ranks",
      ],
      form: ["set", "remove", "clear", "show", "preview", "retention"],
      ranks: ["add", "remove", "list"],
      serverLink: ["create", "revoke", "webhook", "list"],
      buttons: ["approval"],
      modals: ["form"],
    });
  });

  test("every whitelist option is a string with autocomplete", () => {
    const whitelistOptions = allOptions().filter(({ option }) => option.name === "whitelist");
    expect(whitelistOptions.map(({ path }) => path)).toEqual([
      ...[
        "edit",
        "delete",
        "show",
        "roles",
        "add",
        "guest",
        "remove",
        "export",
        "import",
        "transfer",
        "deny",
        "undeny",
        "whois",
        "form set",
        "form remove",
        "form clear",
        "form show",
        "form preview",
        "ranks add",
        "ranks remove",
        "ranks list",
      ].map((sub) => `/whitelist ${sub} whitelist`),
      "/register whitelist",
      "/unregister whitelist",
      "/server-link create whitelist",
    ]);
    for (const { path, option } of whitelistOptions) {
      expect({
        path,
        type: option.type,
        autocomplete: "autocomplete" in option && option.autocomplete,
      }).toEqual({
        path,
        type: ApplicationCommandOptionType.String,
        autocomplete: true,
      });
    }
  });

  test("every nick option autocompletes, except those that only take a new nick", () => {
    const nickOptions = allOptions().filter(({ option }) => option.name === "nick");
    expect(
      nickOptions.map(({ path, option }) => [path, "autocomplete" in option && option.autocomplete === true]),
    ).toEqual([
      ["/whitelist add nick", false],
      ["/whitelist guest nick", false],
      ["/whitelist remove nick", true],
      ["/whitelist transfer nick", true],
      ["/whitelist deny nick", true],
      ["/whitelist undeny nick", true],
      ["/whitelist whois nick", true],
      ["/register nick", false],
      ["/unregister nick", true],
    ]);
  });

  test("a code is taken by /link and /register, never required; /register's nick is no longer required either", () => {
    const options = (name: string) =>
      allOptions()
        .filter(({ path }) => path.startsWith(`/${name} `))
        .map(({ option }) => [option.name, option.required === true]);
    expect({ register: options("register"), link: options("link"), unlink: options("unlink") }).toEqual({
      register: [
        ["nick", false],
        ["whitelist", false],
        ["code", false],
      ],
      link: [["code", false]],
      unlink: [
        ["account", false],
        ["member", false],
      ],
    });
  });

  test("nick-type, mode, format and proof offer exactly the enumerations as choices", () => {
    const choices = (name: string) =>
      allOptions()
        .filter(({ option }) => option.name === name)
        .map(({ option }) =>
          "choices" in option ? option.choices?.map((choice) => choice.value) : undefined,
        );
    expect({
      nickType: choices("nick-type"),
      mode: choices("mode"),
      format: choices("format"),
      proof: choices("proof"),
    }).toEqual({
      nickType: [[...nickTypes]],
      mode: [[...registrationModes], [...registrationModes]],
      format: [[...fileFormats]],
      proof: [[...proofSettings], [...proofSettings]],
    });
  });

  test("/texts is hidden by default from members without Manage Server", () => {
    const texts = commands.find((command) => command.data.name === "texts");
    expect(texts?.data.default_member_permissions).toBe(PermissionFlagsBits.ManageGuild.toString());
  });

  test("/server-link is hidden by default from members without Manage Server", () => {
    const serverLink = commands.find((command) => command.data.name === "server-link");
    expect(serverLink?.data.default_member_permissions).toBe(String(PermissionFlagsBits.ManageGuild));
  });
});
