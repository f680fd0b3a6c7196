import { expect, test } from "bun:test";
import { join } from "node:path";
import { parse } from "yaml";
import { ROOT } from "../helpers/binary.ts";

// compose.yaml, the example of several replicas: PostgreSQL, two replicas of the one image on one database, and
// a proxy that keeps each client on one replica. No container engine runs here: its structure is checked.

type Service = {
  image?: string;
  environment?: Record<string, string>;
  depends_on?: unknown;
  configs?: { source: string; target: string }[];
};
const compose = parse(await Bun.file(join(ROOT, "compose.yaml")).text()) as {
  services: Record<string, Service>;
  configs: Record<string, { content: string }>;
};

test("two replicas of one image share the PostgreSQL service's database", () => {
  const replicas = Object.entries(compose.services).filter(
    ([, service]) => service.environment?.DATABASE_URL,
  );
  expect(replicas.map(([name]) => name)).toEqual(["replica-a", "replica-b"]);
  for (const [, service] of replicas) {
    expect(service.image).toBe("whitelist-sync");
    expect(service.environment?.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
  }
  expect(compose.services.postgres?.image).toMatch(/postgres:\d+/);
});

test("the proxy hashes clients by IP over both replicas and passes WebSocket upgrades", () => {
  const target = compose.services.proxy?.configs?.[0];
  const config = compose.configs[target?.source ?? ""]?.content ?? "";
  expect(target?.target).toBe("/etc/nginx/conf.d/default.conf");
  expect(config).toContain("hash $$remote_addr consistent;");
  expect(config).toContain("server replica-a:3000");
  expect(config).toContain("server replica-b:3000");
  expect(config).toContain("proxy_set_header Upgrade $$http_upgrade;");
  // Compose interpolates `$name`: every nginx variable must be written `$$name`.
  expect(config.replaceAll("$$", "").includes("$")).toBe(false);
});
