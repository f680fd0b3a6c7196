import { describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../helpers/binary.ts";
import { tempDir } from "../helpers/services.ts";

// The service files the README and its reference in docs/ give (running.md: the service; sync.md: the agent),
// checked by the tools that read them: `systemd-analyze verify` for the systemd units (CI installs systemd when
// missing), Python's plistlib for the launchd property list.

const readme = ["README.md", "docs/running.md", "docs/sync.md"]
  .map((path) => readFileSync(join(ROOT, path), "utf8"))
  .join("\n");
/** The README's fenced blocks in a language, with their text. */
const blocks = (language: string) =>
  [...readme.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map(
    (match) => match[1] as string,
  );
const units = blocks("ini")
  .map((text) => ({ name: /^# \/etc\/systemd\/system\/(\S+\.(?:service|socket))$/m.exec(text)?.[1], text }))
  .filter((unit): unit is { name: string; text: string } => unit.name !== undefined);
const hasSystemd = existsSync("/usr/bin/systemd-analyze") || existsSync("/bin/systemd-analyze");
if (!hasSystemd && process.env.CI) throw new Error("systemd-analyze is missing: .ci/run installs systemd");

describe.skipIf(!hasSystemd)("the README's systemd units", () => {
  test("the service, the sync agent (and its template, one per backend), a BDS with its console pipe and agent", () => {
    expect(units.map((unit) => unit.name).sort()).toEqual([
      "bds.service",
      "bds.socket",
      "whitelist-sync-agent.service",
      "whitelist-sync-agent@.service",
      "whitelist-sync-bds.service",
      "whitelist-sync.service",
    ]);
  });

  test.each(units.map((unit) => unit.name))("%s passes systemd-analyze verify with no warning", (name) => {
    const dir = tempDir("wls-unit-");
    try {
      // verify checks that ExecStart's program exists: any executable stands in for the installed binary (and
      // for BDS's); the units a unit names (a service's socket) are written beside it.
      const installed = (unit: string) =>
        unit
          .replaceAll("/usr/local/bin/whitelist-sync", process.execPath)
          .replaceAll("/srv/bds/bedrock_server", process.execPath);
      for (const other of units) writeFileSync(join(dir.path, other.name), installed(other.text));
      const file = join(dir.path, name);
      const run = Bun.spawnSync(["systemd-analyze", "verify", file], { stdout: "pipe", stderr: "pipe" });
      expect({ code: run.exitCode, output: `${run.stdout}${run.stderr}`.trim() }).toEqual({
        code: 0,
        output: "",
      });
    } finally {
      dir.cleanup();
    }
  });
});

test("the README's launchd property list parses as a plist with the program, its arguments and KeepAlive", () => {
  const plist = blocks("xml").find((text) => text.includes("<plist"));
  expect(plist).toBeDefined();
  const parse = Bun.spawnSync(
    [
      "/usr/bin/python3",
      "-c",
      "import json, plistlib, sys; print(json.dumps(plistlib.loads(sys.stdin.buffer.read())))",
    ],
    { stdin: Buffer.from(plist as string), stdout: "pipe", stderr: "pipe" },
  );
  expect(parse.stderr.toString()).toBe("");
  expect(JSON.parse(parse.stdout.toString())).toMatchObject({
    Label: "org.whitelist-sync",
    ProgramArguments: ["/usr/local/bin/whitelist-sync", "serve"],
    RunAtLoad: true,
    KeepAlive: { SuccessfulExit: false },
  });
});
