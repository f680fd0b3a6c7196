import { describe, expect, test } from "bun:test";
import { parseSyncOptions, SyncOptionsError } from "../../src/sync/options.ts";

// `--management-url` and its options: what is refused (78, one line naming the option) and what it resolves to.

const SECRET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij0123";
const base = {
  WLS_URL: "http://127.0.0.1:3000",
  WLS_KEY: "wls_abcdefghijklmnopqrstuvwxyz0123456",
  WLS_WHITELIST: "survival",
};
const files: Record<string, string> = {
  "/etc/wls/secret": `${SECRET}\n`,
  "/etc/wls/ca.pem": "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n",
};
const read = (path: string) => {
  const text = files[path];
  if (text === undefined) throw Object.assign(new Error("no such file"), { code: "ENOENT" });
  return text;
};
const parse = (argv: string[], env: Record<string, string> = {}) =>
  parseSyncOptions(argv, { ...base, ...env }, read);
const refusal = (argv: string[], env: Record<string, string> = {}) => {
  try {
    parse(argv, env);
  } catch (error) {
    if (error instanceof SyncOptionsError) return error.message;
    throw error;
  }
  throw new Error("accepted");
};

describe("management mode's options", () => {
  test("the URL, the secret file and the state path", () => {
    const options = parse([
      "--management-url",
      "wss://mc.example.org:25585/",
      "--management-secret-file",
      "/etc/wls/secret",
      "--management-fingerprint",
      "ae:22:04:f1:9c:9e:36:71:bd:19:79:93:e1:6d:e0:fd:eb:49:bb:0a:89:5a:e4:87:fb:fa:d9:fe:ab:d1:f8:ef",
      "--state",
      "/var/lib/wls/survival",
      "--ban-sync",
    ]);
    expect(options.management).toEqual({
      url: "wss://mc.example.org:25585",
      secret: SECRET,
      ca: null,
      fingerprint:
        "AE:22:04:F1:9C:9E:36:71:BD:19:79:93:E1:6D:E0:FD:EB:49:BB:0A:89:5A:E4:87:FB:FA:D9:FE:AB:D1:F8:EF",
      banSync: true,
    });
    expect(options.out).toBe("/var/lib/wls/survival");
    expect(options.bannedPlayers).toBeNull();
  });

  test("refused: plain ws:// to another machine, a malformed secret, the file mode's options, no --state", () => {
    const url = (u: string) => [
      "--management-url",
      u,
      "--management-secret-file",
      "/etc/wls/secret",
      "--state",
      "/x",
    ];
    expect(refusal(url("ws://10.0.0.5:25585"))).toContain("the secret would cross the network in the clear");
    expect(parse(url("ws://127.0.0.1:25585")).management?.url).toBe("ws://127.0.0.1:25585");
    expect(refusal([...url("ws://127.0.0.1:1"), "--out", "/srv/wl.json"])).toContain(
      "--out (WLS_OUT) is not used",
    );
    expect(refusal([...url("ws://127.0.0.1:1"), "--once"])).toContain("--once (WLS_ONCE) is not used");
    expect(
      refusal(["--management-url", "wss://h:1", "--state", "/x"], { WLS_MANAGEMENT_SECRET: "short" }),
    ).toContain("must be 40 letters and digits");
    expect(
      refusal(["--management-url", "wss://h:1", "--management-secret-file", "/etc/wls/secret"]),
    ).toContain("needs --state (WLS_STATE)");
    expect(
      refusal([...url("wss://h:1"), "--management-ca", "/etc/wls/ca.pem", "--management-fingerprint", "ab"]),
    ).toContain("not both");
    expect(refusal(["--management-secret", SECRET])).toContain("not accepted on the command line");
    expect(refusal(["--state", "/x", "--out", "/y"])).toContain("--state (WLS_STATE) needs --management-url");
  });
});
