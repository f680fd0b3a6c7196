import { expect, test } from "bun:test";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Ajv2020 from "ajv/dist/2020";
import { parse } from "yaml";
import { ROOT } from "../helpers/binary.ts";
import { tempDir } from "../helpers/services.ts";

// compose.yaml, the example of several replicas: PostgreSQL, two replicas of the one image on one database, and
// a proxy that keeps each client on one replica. One file for Docker Compose v2 and podman-compose (Debian 12's
// 1.0.3, since podman 4.3 has no `podman compose`). No image can be pulled here, so nothing is started: Compose
// v2's own schema checks the file, and podman-compose, the real program, turns it into the podman commands it
// would run (--dry-run, with a stand-in podman that runs nothing).

type Service = {
  image?: string;
  build?: { args?: Record<string, string> };
  environment?: Record<string, string>;
  volumes?: string[];
};
const text = readFileSync(join(ROOT, "compose.yaml"), "utf8");
const compose = parse(text) as { services: Record<string, Service> } & Record<string, unknown>;

test("two replicas of one image share the PostgreSQL service's database", () => {
  const replicas = Object.entries(compose.services).filter(
    ([, service]) => service.environment?.DATABASE_URL,
  );
  expect(replicas.map(([name]) => name)).toEqual(["replica-a", "replica-b"]);
  for (const [, service] of replicas) {
    expect(service.image).toBe("whitelist-sync");
    expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
    // The commit for `--version` (the image has no .git).
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Compose's own variable syntax, as the file has it
    expect(service.build?.args).toEqual({ COMMIT: "${WLS_COMMIT:-unknown}" });
  }
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

test.skipIf(!podmanCompose)(
  "podman-compose runs the file: the proxy gets the mounted configuration",
  async () => {
    const dir = tempDir("wls-compose-");
    try {
      // A podman that records its arguments and runs nothing: --dry-run still asks it about volumes and networks.
      const podman = join(dir.path, "podman");
      writeFileSync(
        podman,
        `#!/bin/sh\necho "$*" >> "${dir.path}/calls"\n[ "$1" = --version ] && echo "podman version 4.3.1"\nexit 0\n`,
      );
      chmodSync(podman, 0o755);
      const run = Bun.spawn(
        [podmanCompose as string, "--podman-path", podman, "--dry-run", "-p", "wls", "up", "-d", "--build"],
        {
          cwd: ROOT,
          env: {
            PATH: "/usr/bin:/bin",
            POSTGRES_PASSWORD: "pw",
            DISCORD_TOKEN: "the-token",
            WLS_COMMIT: "0123456789ab",
          },
          stdout: "pipe",
          stderr: "pipe",
        },
      );
      const [code, out, err] = await Promise.all([
        run.exited,
        new Response(run.stdout).text(),
        new Response(run.stderr).text(),
      ]);
      expect({ code, err }).toEqual({ code: 0, err: "" });
      const commands = out.split("\n").filter((line) => line.startsWith(`${podman} `));
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
