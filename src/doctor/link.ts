import { promises as dns } from "node:dns";
import type { Config } from "../config.ts";
import { type PingAnswer, pingServer } from "../link/ping.ts";
import type { Check } from "../setup/checks.ts";
import { parseAddress } from "../shared/ip.ts";

/** The port Minecraft assumes when an address has none and no SRV record names one. */
const MINECRAFT_PORT = 25565;
/** How long a ping of the link endpoint may take before doctor reports it silent. */
const PING_MS = 3000;

/** How doctor reaches the endpoint: a server-list ping, and the SRV look-up a Minecraft client makes. */
export type LinkProbe = {
  ping(hostname: string, port: number): Promise<PingAnswer>;
  /** `_minecraft._tcp.<host>`'s target and port, or null when there is none. */
  srv(host: string): Promise<{ name: string; port: number } | null>;
};

const realProbe: LinkProbe = {
  ping: (hostname, port) => pingServer({ hostname, port, timeoutMs: PING_MS }),
  async srv(host) {
    try {
      const [record] = await dns.resolveSrv(`_minecraft._tcp.${host}`);
      return record ? { name: record.name, port: record.port } : null;
    } catch {
      return null;
    }
  },
};

const pass = (title: string): Check => ({ ok: true, title });
const fail = (title: string, fix: string): Check => ({ ok: false, title, fix });

/** LINK_ADDRESS as host and port (none: a client's default, or an SRV record's). */
function splitAddress(address: string): { host: string; port: number | null } {
  const match = /^(.*?)(?::(\d+))?$/.exec(address) as RegExpExecArray;
  return { host: (match[1] as string).replace(/^\[|\]$/g, ""), port: match[2] ? Number(match[2]) : null };
}

/** Whether players elsewhere could never reach `host`: a loopback or unspecified address, or localhost. */
function onlyThisMachine(host: string): boolean {
  if (/^localhost\.?$/i.test(host)) return true;
  const bytes = parseAddress(host)?.bytes;
  if (!bytes) return false;
  // IPv4 comes IPv4-mapped (::ffff:a.b.c.d): 127.0.0.0/8 and 0.0.0.0; IPv6: ::1 and ::.
  const mapped = bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff;
  if (mapped) return bytes[12] === 127 || bytes.slice(12).every((b) => b === 0);
  return bytes.slice(0, 15).every((b) => b === 0) && (bytes[15] === 1 || bytes[15] === 0);
}

/**
 * The link endpoint as players would meet it (docs/link.md, README Proof of ownership): LINK_ADDRESS set with
 * LINK_PORT and not a loopback address, a fixed port, the endpoint answering a server-list ping on LINK_PORT here
 * (doctor checks a running service) and at LINK_ADDRESS as a client resolves it (SRV, then the default port).
 * `proofRequired`: whitelists requiring proof, which cannot be registered on while the endpoint is off.
 */
export async function checkLink(
  config: Config,
  proofRequired: string[],
  probe: LinkProbe = realProbe,
): Promise<Check[]> {
  const port = config.LINK_PORT;
  const address = config.LINK_ADDRESS;
  if (port === undefined) {
    if (address !== undefined) {
      return [
        fail(
          `LINK_ADDRESS is ${address} but LINK_PORT is not set: the link endpoint is off`,
          "set LINK_PORT to the port players reach it on, or unset LINK_ADDRESS",
        ),
      ];
    }
    if (proofRequired.length > 0) {
      return [
        fail(
          `${proofRequired.join(", ")} require(s) proof of ownership, but the link endpoint is off (LINK_PORT is not set): members cannot register there`,
          "set LINK_PORT and LINK_ADDRESS (README, Proof of ownership), or `/whitelist edit proof:off`",
        ),
      ];
    }
    return [pass("the link endpoint is off (LINK_PORT is not set): no whitelist requires proof")];
  }
  if (port === 0) {
    return [
      fail(
        "LINK_PORT is 0: the link endpoint gets another port at every start, which players cannot be told",
        "set a fixed port, e.g. LINK_PORT=25566, and open it for TCP",
      ),
    ];
  }
  const checks: Check[] = [];
  const local = config.HOST === "0.0.0.0" || config.HOST === "::" ? "127.0.0.1" : config.HOST;
  try {
    const answer = await probe.ping(local, port);
    checks.push(pass(`the link endpoint answers on port ${port}: “${answer.motd.split("\n")[0]}”`));
  } catch (error) {
    checks.push(
      fail(
        `nothing answers the server list on LINK_PORT ${port} here (${(error as Error).message})`,
        "start whitelist-sync with this configuration first (doctor checks a running service), and check that " +
          "no other program holds the port",
      ),
    );
  }
  if (address === undefined) {
    checks.push(
      fail(
        "LINK_PORT is set but LINK_ADDRESS is not: members are told this machine's address, which only this machine reaches",
        "set LINK_ADDRESS to what players type, e.g. link.example.org (README, Proof of ownership)",
      ),
    );
    return checks;
  }
  const { host, port: given } = splitAddress(address);
  if (onlyThisMachine(host)) {
    checks.push(
      fail(
        `LINK_ADDRESS ${address} is a loopback address: players on other machines cannot reach it`,
        "set LINK_ADDRESS to the public name or address players type, e.g. link.example.org",
      ),
    );
    return checks;
  }
  const srv = given === null ? await probe.srv(host) : null;
  const target = srv ? { host: srv.name, port: srv.port } : { host, port: given ?? MINECRAFT_PORT };
  const via = srv ? ` (its SRV record: ${srv.name}:${srv.port})` : "";
  try {
    await probe.ping(target.host, target.port);
    checks.push(pass(`LINK_ADDRESS ${address}${via} answers the server list from here`));
  } catch (error) {
    checks.push(
      fail(
        `LINK_ADDRESS ${address}${via} does not answer the server list from here (${(error as Error).message})`,
        `open port ${port} for TCP in the firewall or forward it from the router to this machine, and check the ` +
          "name's DNS (and SRV) record; a router that cannot reach its own public address from inside hides this " +
          "from doctor: try from outside",
      ),
    );
  }
  return checks;
}
