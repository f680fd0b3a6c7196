/**
 * The protocol versions whose login the endpoint speaks, one line each (docs/link.md, Versions): the releases
 * that share it, and whether its Encryption Request ends with `shouldAuthenticate` (added in 1.20.5, protocol
 * 766). Checked against minecraft-data 3.119's `pc/<version>/protocol.json` for every line: the login packets
 * the endpoint uses keep their ids (Login Start 0x00 with name and UUID since 1.20.2; Encryption Request and
 * Response 0x01; Login Disconnect 0x00 with a JSON text component string) from 764 through 775 (26.1 changed none of them). 1.20.1 and
 * older send Login Start without the UUID (or with a signature); they get the version text instead.
 */
export const loginVersions = {
  764: { releases: "1.20.2", shouldAuthenticate: false },
  765: { releases: "1.20.3-1.20.4", shouldAuthenticate: false },
  766: { releases: "1.20.5-1.20.6", shouldAuthenticate: true },
  767: { releases: "1.21-1.21.1", shouldAuthenticate: true },
  768: { releases: "1.21.2-1.21.3", shouldAuthenticate: true },
  769: { releases: "1.21.4", shouldAuthenticate: true },
  770: { releases: "1.21.5", shouldAuthenticate: true },
  771: { releases: "1.21.6", shouldAuthenticate: true },
  772: { releases: "1.21.7-1.21.8", shouldAuthenticate: true },
  773: { releases: "1.21.9-1.21.10", shouldAuthenticate: true },
  774: { releases: "1.21.11", shouldAuthenticate: true },
  775: { releases: "26.1", shouldAuthenticate: true },
} as const satisfies Record<number, { releases: string; shouldAuthenticate: boolean }>;

/** A protocol version the login is spoken in. */
export type LoginVersion = keyof typeof loginVersions;

/** What one supported protocol version's login looks like. */
export type LoginVersionSpec = (typeof loginVersions)[LoginVersion];

const protocols = Object.keys(loginVersions).map(Number);
/** The oldest and newest protocol numbers of the login. */
export const OLDEST_LOGIN = Math.min(...protocols) as LoginVersion;
export const NEWEST_LOGIN = Math.max(...protocols) as LoginVersion;

/** The oldest and newest releases the login speaks ("1.20.2", "26.1"), for texts a player reads. */
export const OLDEST_RELEASE = loginVersions[OLDEST_LOGIN].releases.split("-")[0] as string;
export const NEWEST_RELEASE = loginVersions[NEWEST_LOGIN].releases.split("-").at(-1) as string;
/** The range of releases in English: "1.20.2 to 26.1". */
export const SUPPORTED_RELEASES = `${OLDEST_RELEASE} to ${NEWEST_RELEASE}`;

/** The login spec of `protocol`, or `undefined` when the endpoint cannot log that client in. */
export function loginVersion(protocol: number): LoginVersionSpec | undefined {
  return Object.hasOwn(loginVersions, protocol) ? loginVersions[protocol as LoginVersion] : undefined;
}
