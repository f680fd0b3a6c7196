import { expect, test } from "bun:test";
import { chmodSync, cpSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { parse } from "yaml";
import { ROOT } from "../helpers/binary.ts";
import { runToEnd } from "../helpers/run.ts";
import { tempDir } from "../helpers/services.ts";

// compose.yaml, the example of several replicas: PostgreSQL, two replicas of the one image on one database, and
// a proxy that keeps each client on one replica. One file for Docker Compose v2 and podman-compose (Debian 12's
// 1.0.3, since podman 4.3 has no `podman compose`). No image can be pulled here, so nothing is started: Compose
// v2's own schema checks the file, and podman-compose, the real program, turns it into the podman commands it
// would run (--dry-run, with a stand-in podman that runs nothing).

type Service = {
  image?: string;
  pull_policy?: string;
  build?: { args?: Record<string, string> };
  environment?: Record<string, string>;
  volumes?: string[];
};
const text = readFileSync(join(ROOT, "compose.yaml"), "utf8");
const compose = parse(text) as { services: Record<string, Service> } & Record<string, unknown>;

test("two replicas of one image, built once, share the PostgreSQL service's database", () => {
  const replicas = Object.entries(compose.services).filter(
    ([, service]) => service.environment?.DATABASE_URL,
  );
  expect(replicas.map(([name]) => name)).toEqual(["replica-a", "replica-b"]);
  for (const [, service] of replicas) {
    expect(service.image).toBe("whitelist-sync");
    expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
  }
  // Only one builds (podman-compose builds once per service that has `build:`), with the commit for `--version`
  // (the image has no .git); the other runs that image and never pulls it.
  // biome-ignore lint/suspicious/noTemplateCurlyInString: Compose's own variable syntax, as the file has it
  expect(compose.services["replica-a"]?.build?.args).toEqual({ COMMIT: "${WLS_COMMIT:-unknown}" });
  expect(compose.services["replica-b"]).toMatchObject({ pull_policy: "never" });
  expect(compose.services["replica-b"]?.build).toBeUndefined();
  expect(compose.services["replica-b"]?.environment).toEqual(compose.services["replica-a"]?.environment);
  expect(compose.services.postgres?.image).toMatch(/postgres:\d+/);
});

test("the proxy's configuration is a file mounted into nginx, hashing clients by IP and passing upgrades", () => {
  // Not `configs:`: podman-compose 1.0.3 ignores it (nginx then starts with its default page) and
  // docker-compose 1.29 refuses its `content`.
  expect(compose.configs).toBeUndefined();
  expect(compose.services.proxy?.volumes).toEqual(["./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro"]);
  const config = readFileSync(join(ROOT, "deploy", "nginx.conf"), "utf8");
  expect(config).toContain("hash $remote_addr consistent;");
  expect(config).toContain("server replica-a:3000");
  expect(config).toContain("server replica-b:3000");
  expect(config).toContain("proxy_set_header Upgrade $http_upgrade;");
});

test("Compose v2's schema (compose-spec, as compose-go validates) accepts the file", () => {
  const schema = JSON.parse(
    readFileSync(join(ROOT, "test", "fixtures", "compose", "compose-spec.json"), "utf8"),
  );
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // compose-go's one custom format: a Go duration such as 5s or 1m30s.
  ajv.addFormat("duration", /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  const validate = ajv.compile(schema);
  expect(validate(compose) ? [] : validate.errors).toEqual([]);
  // The schema does reject what it should: a top-level key it does not know.
  expect(validate({ ...compose, proxies: {} })).toBe(false);
});

// podman-compose from Debian (.ci/run installs it); a CI without it fails rather than skipping.
const podmanCompose = ["/usr/bin/podman-compose", "/usr/local/bin/podman-compose"].find((path) =>
  existsSync(path),
);
if (!podmanCompose && process.env.CI) throw new Error("podman-compose is missing: .ci/run installs it");

/**
 * Runs `command` in `cwd` with a podman (in `dir`) that records its arguments and runs nothing (--dry-run still
 * asks it about volumes and networks); answers the exit code, standard error, and the podman commands printed.
 */
async function dryRun(
  dir: string,
  cwd: string,
  command: (podman: string) => string[],
  env: Record<string, string>,
) {
  const podman = join(dir, "podman");
  writeFileSync(
    podman,
    `#!/bin/sh\necho "$*" >> "${dir}/calls"\n[ "$1" = --version ] && echo "podman version 4.3.1"\nexit 0\n`,
  );
  chmodSync(podman, 0o755);
  const {
    code,
    stdout: out,
    stderr: err,
  } = await runToEnd(command(podman), {
    cwd,
    env: { PATH: "/usr/bin:/bin", ...env },
  });
  return {
    code,
    err,
    out,
    podman,
    commands: out.split("\n").filter((line) => line.startsWith(`${podman} `)),
  };
}

test.skipIf(!podmanCompose)(
  "podman-compose runs the file: the proxy gets the mounted configuration",
  async () => {
    const dir = tempDir("wls-compose-");
    try {
      const { code, err, out, commands } = await dryRun(
        dir.path,
        ROOT,
        (podman) => [
          podmanCompose as string,
          "--podman-path",
          podman,
          "--dry-run",
          "-p",
          "wls",
          "up",
          "-d",
          "--build",
        ],
        { POSTGRES_PASSWORD: "pw", DISCORD_TOKEN: "the-token", WLS_COMMIT: "0123456789ab" },
      );
      expect({ code, err }).toEqual({ code: 0, err: "" });
      const runOf = (service: string) =>
        commands.find(
          (line) => line.includes(" run ") && line.includes(`com.docker.compose.service=${service} `),
        );
      expect(runOf("proxy")).toContain(`-v ${ROOT}/deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro `);
      for (const replica of ["replica-a", "replica-b"]) {
        expect(runOf(replica)).toContain(
          "-e DATABASE_URL=postgres://whitelist_sync:pw@postgres:5432/whitelist_sync ",
        );
        expect(runOf(replica)).toContain("-e DISCORD_TOKEN=the-token ");
      }
      expect(commands.filter((line) => line.includes(" build "))[0]).toContain(
        "--build-arg COMMIT=0123456789ab ",
      );
      // Every variable was substituted: none is passed on as text.
      expect(out).not.toContain("${");
    } finally {
      dir.cleanup();
    }
  },
);

/** The lines of docs/running.md's recipe for replicas (its first `sh` block of the section), as a user types them. */
function recipe(): string[] {
  const doc = readFileSync(join(ROOT, "docs", "running.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Replicas on PostgreSQL"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() !== "");
}

test.skipIf(!podmanCompose)(
  "docs/running.md's recipe on podman-compose 1.0.3: the password from .env, one build, in Docker's format",
  async () => {
    const dir = tempDir("wls-compose-recipe-");
    try {
      // A copy of what the recipe needs beside compose.yaml: it writes .env there, never in this checkout.
      for (const file of ["compose.yaml", "Containerfile", "deploy/nginx.conf"]) {
        cpSync(join(ROOT, file), join(dir.path, file));
      }
      const lines = recipe();
      const password = lines.find((line) => line.includes(">> .env"));
      const up = lines.find((line) => line.includes("podman-compose"));
      expect({ password, up }).toEqual({ password: expect.any(String), up: expect.any(String) });
      // As typed, with the token filled in, and podman-compose told to print rather than run (and to rebuild).
      const script = (podman: string) =>
        [
          password,
          (up as string)
            .replace("DISCORD_TOKEN=…", "DISCORD_TOKEN=the-token")
            .replace("podman-compose ", `podman-compose --podman-path ${podman} --dry-run -p wls `)
            .replace(/ up -d$/, " up -d --build"),
        ].join("\n");
      const { code, err, podman, commands } = await dryRun(
        dir.path,
        dir.path,
        (podman) => ["sh", "-c", script(podman)],
        {},
      );
      expect({ code, err }).toEqual({ code: 0, err: "" });
      const saved = /^POSTGRES_PASSWORD=([A-Za-z0-9_-]{24})$/m.exec(
        readFileSync(join(dir.path, ".env"), "utf8"),
      );
      expect(saved?.[1]).toBeDefined();
      const builds = commands.filter((line) => line.startsWith(`${podman} build `));
      expect(builds).toEqual([expect.stringContaining(`${podman} build --format docker -t whitelist-sync `)]);
      const runs = commands.filter(
        (line) => line.includes(" run ") && line.includes("com.docker.compose.service=replica-"),
      );
      expect(runs).toHaveLength(2);
      for (const line of runs) {
        expect(line).toContain(
          `-e DATABASE_URL=postgres://whitelist_sync:${saved?.[1]}@postgres:5432/whitelist_sync `,
        );
      }
    } finally {
      dir.cleanup();
    }
  },
);
