import { afterEach, describe, expect, test } from "bun:test";
import type { SandboxDiscord } from "../../src/sandbox/discord/index.ts";
import { IDS, TOKEN, tracker } from "./helpers.ts";

// These tests send a dozen bulk overwrites a second to check the form rules; Discord allows two a minute per
// guild (src/sandbox/discord/buckets.ts, commandsOverwrite) and would answer 429 first: limits off here.
const t = tracker({ rateLimits: false });
afterEach(() => t.cleanup());

/** Bulk overwrite (PUT) or create (POST) of guild commands, as the bot; status and JSON answer. */
async function register(sandbox: SandboxDiscord, method: "PUT" | "POST", body: unknown) {
  const response = await fetch(
    `${sandbox.apiUrl}/v10/applications/${sandbox.applicationId}/guilds/${IDS.guild}/commands`,
    {
      method,
      headers: { authorization: `Bot ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    },
  );
  return { status: response.status, body: await response.json() };
}

/** Discord's Invalid Form Body answer for one error at `path`. */
function formBody(path: (string | number)[], code: string, message: string) {
  const errors = path.reduceRight<object>((inner, key) => ({ [key]: inner }), {
    _errors: [{ code, message }],
  });
  return { status: 400, body: { code: 50035, message: "Invalid Form Body", errors } };
}

const invalidName = (path: (string | number)[]) =>
  formBody(path, "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");

const string = (name: string, extra: Record<string, unknown> = {}) => ({
  type: 3,
  name,
  description: `the ${name}`,
  ...extra,
});

const chat = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: "Does things",
  ...extra,
});

describe("sandbox application command rules (Application Commands)", () => {
  test("a chat-input name matches Discord's pattern, 1-32 characters, in lower case", async () => {
    const sandbox = await t.sandbox();
    for (const name of ["Upper", "two words", "x".repeat(33), "", "dot.ted"]) {
      expect(await register(sandbox, "PUT", [chat(name)])).toEqual(invalidName([0, "name"]));
    }
    const accepted = await register(sandbox, "PUT", [
      chat("x".repeat(32)),
      chat("ünïcödé-ok_'"),
      chat("नमस्ते"),
    ]);
    expect(accepted.status).toBe(200);
  });

  test("user and message commands may have capitals and spaces, 1-32 characters", async () => {
    const sandbox = await t.sandbox();
    expect((await register(sandbox, "PUT", [{ type: 2, name: "Show Nicks" }])).status).toBe(200);
    expect(await register(sandbox, "PUT", [{ type: 3, name: "x".repeat(33) }])).toEqual(
      formBody([0, "name"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 32 in length."),
    );
  });

  test("a description takes 1-100 characters, for the command and each option", async () => {
    const sandbox = await t.sandbox();
    const badLength = (path: (string | number)[]) =>
      formBody(path, "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    expect(await register(sandbox, "PUT", [chat("a", { description: "" })])).toEqual(
      badLength([0, "description"]),
    );
    expect(await register(sandbox, "PUT", [chat("a", { description: "d".repeat(101) })])).toEqual(
      badLength([0, "description"]),
    );
    expect(
      await register(sandbox, "PUT", [
        chat("a", { options: [string("b", { description: "d".repeat(101) })] }),
      ]),
    ).toEqual(badLength([0, "options", 0, "description"]));
    expect((await register(sandbox, "PUT", [chat("a", { description: "d".repeat(100) })])).status).toBe(200);
  });

  test("a command or subcommand takes at most 25 options", async () => {
    const sandbox = await t.sandbox();
    const options = (count: number) => Array.from({ length: count }, (_, index) => string(`o${index}`));
    expect(await register(sandbox, "PUT", [chat("a", { options: options(26) })])).toEqual(
      formBody([0, "options"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."),
    );
    const sub = { type: 1, name: "sub", description: "A subcommand", options: options(26) };
    expect(await register(sandbox, "PUT", [chat("a", { options: [sub] })])).toEqual(
      formBody([0, "options", 0, "options"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."),
    );
    expect((await register(sandbox, "PUT", [chat("a", { options: options(25) })])).status).toBe(200);
  });

  test("an option takes at most 25 choices, each named 1-100 characters with a string value of at most 100", async () => {
    const sandbox = await t.sandbox();
    const choices = (count: number) =>
      Array.from({ length: count }, (_, index) => ({ name: `c${index}`, value: `v${index}` }));
    expect(
      await register(sandbox, "PUT", [chat("a", { options: [string("b", { choices: choices(26) })] })]),
    ).toEqual(
      formBody([0, "options", 0, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."),
    );
    const long = [{ name: "n".repeat(101), value: "v" }];
    expect(
      await register(sandbox, "PUT", [chat("a", { options: [string("b", { choices: long })] })]),
    ).toEqual(
      formBody(
        [0, "options", 0, "choices", 0, "name"],
        "BASE_TYPE_BAD_LENGTH",
        "Must be between 1 and 100 in length.",
      ),
    );
    const longValue = [{ name: "n", value: "v".repeat(101) }];
    expect(
      await register(sandbox, "PUT", [chat("a", { options: [string("b", { choices: longValue })] })]),
    ).toEqual(
      formBody(
        [0, "options", 0, "choices", 0, "value"],
        "BASE_TYPE_MAX_LENGTH",
        "Must be 100 or fewer in length.",
      ),
    );
    expect(
      (await register(sandbox, "PUT", [chat("a", { options: [string("b", { choices: choices(25) })] })]))
        .status,
    ).toBe(200);
  });

  test("required options come before optional ones", async () => {
    const sandbox = await t.sandbox();
    const options = [string("first"), string("second", { required: true })];
    expect(await register(sandbox, "PUT", [chat("a", { options })])).toEqual(
      formBody(
        [0, "options", 1],
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        "Required options must be placed before non-required options",
      ),
    );
  });

  test("every invalid command of a bulk overwrite is named in one answer", async () => {
    const sandbox = await t.sandbox();
    const answer = await register(sandbox, "PUT", [chat("ok"), chat("Bad"), chat("fine"), chat("also bad")]);
    const invalid = {
      _errors: [{ code: "APPLICATION_COMMAND_INVALID_NAME", message: "Command name is invalid" }],
    };
    expect(answer).toEqual({
      status: 400,
      body: {
        code: 50035,
        message: "Invalid Form Body",
        errors: { 1: { name: invalid }, 3: { name: invalid } },
      },
    });
    expect(sandbox.state.commands.size).toBe(0);
  });

  test("a guild holds at most 100 chat-input commands: 30032 past that, 50035 for a list over 130", async () => {
    const sandbox = await t.sandbox();
    const commands = (count: number) => Array.from({ length: count }, (_, index) => chat(`c${index}`));
    const tooMany = {
      status: 400,
      body: { message: "Maximum number of application commands reached (100)", code: 30032 },
    };
    expect(await register(sandbox, "PUT", commands(101))).toEqual(tooMany);
    expect(await register(sandbox, "PUT", commands(131))).toEqual(
      formBody([], "BASE_TYPE_MAX_LENGTH", "Must be 130 or fewer in length."),
    );
    expect((await register(sandbox, "PUT", commands(100))).status).toBe(200);
    expect(await register(sandbox, "POST", chat("one-more"))).toEqual(tooMany);
    // Creating a command of a name already registered replaces it, so it does not count twice.
    expect((await register(sandbox, "POST", chat("c5", { description: "Replaced" }))).status).toBe(200);
    expect(sandbox.state.commands.size).toBe(100);
  });
});
