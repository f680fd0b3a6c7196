import { describe, expect, test } from "bun:test";
import { DomainError } from "../../src/shared/errors.ts";
import { assertPublicUrl, nonPublicReason } from "../../src/webhooks/ssrf.ts";
import { fakeResolver } from "./helpers.ts";

const refusal = async (promise: Promise<unknown>): Promise<{ code: string; message: string }> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("nonPublicReason", () => {
  const cases: [string, string | null][] = [
    ["127.0.0.1", "a loopback address"],
    ["127.255.0.9", "a loopback address"],
    ["10.0.0.1", "a private address"],
    ["172.16.0.1", "a private address"],
    ["172.31.255.255", "a private address"],
    ["192.168.1.1", "a private address"],
    ["169.254.169.254", "a link-local address"],
    ["100.64.0.1", "a shared (carrier-grade NAT) address"],
    ["224.0.0.1", "a multicast address"],
    ["0.0.0.0", "an unspecified address"],
    ["0.1.2.3", "an unspecified address"],
    ["255.255.255.255", "the broadcast address"],
    ["::", "an unspecified address"],
    ["::1", "a loopback address"],
    ["::ffff:127.0.0.1", "an IPv4-mapped form of a loopback address"],
    ["::ffff:7f00:1", "an IPv4-mapped form of a loopback address"],
    ["::ffff:a00:1", "an IPv4-mapped form of a private address"],
    ["::127.0.0.1", "an IPv4-compatible form of a loopback address"],
    ["64:ff9b::7f00:1", "a NAT64 form of a loopback address"],
    ["64:ff9b::169.254.169.254", "a NAT64 form of a link-local address"],
    ["2002:7f00:1::", "a 6to4 form of a loopback address"],
    ["fc00::1", "a private (unique local) address"],
    ["fd12:3456::1", "a private (unique local) address"],
    ["fe80::1", "a link-local address"],
    ["fe80::1%eth0", "a link-local address"],
    ["ff02::1", "a multicast address"],
    ["2001::1", "a Teredo tunnel address"],
    ["garbage", "not a recognisable IP address"],
    ["1::2::3", "not a recognisable IP address"],
    ["8.8.8.8", null],
    ["100.128.0.1", null],
    ["172.32.0.1", null],
    ["2606:4700:4700::1111", null],
    ["::ffff:8.8.8.8", null],
    ["64:ff9b::808:808", null],
    ["2002:808:808::1", null],
  ];
  for (const [address, reason] of cases) {
    test(`${address} is ${reason ?? "public"}`, () => {
      expect(nonPublicReason(address)).toBe(reason);
    });
  }
});

describe("assertPublicUrl", () => {
  const publicDns = fakeResolver({ "hooks.example.com": ["93.184.216.34", "2606:2800:220:1::1"] });

  test("a public name is resolved and every address returned, the URL normalised without its fragment", async () => {
    const checked = await assertPublicUrl("HTTPS://Hooks.Example.com/in?x=1#frag", {
      allowPrivate: false,
      resolve: publicDns.resolve,
    });
    expect({ href: checked.url.href, addresses: checked.addresses }).toEqual({
      href: "https://hooks.example.com/in?x=1",
      addresses: ["93.184.216.34", "2606:2800:220:1::1"],
    });
  });

  test("numeric host spellings the URL parser folds into 127.0.0.1 are refused without resolving", async () => {
    const dns = fakeResolver(() => ["93.184.216.34"]);
    const hosts = [
      "127.1",
      "2130706433",
      "0x7f000001",
      "017700000001",
      "0x7f.1",
      "%31%32%37.0.0.1",
      "127.0.0.1.",
    ];
    for (const host of hosts) {
      expect(
        await refusal(assertPublicUrl(`http://${host}/`, { allowPrivate: false, resolve: dns.resolve })),
      ).toEqual({
        code: "invalid-input",
        message:
          "Webhook URL refused: 127.0.0.1 is a loopback address; the operator can allow such targets with " +
          "WEBHOOK_ALLOW_PRIVATE=true.",
      });
    }
    expect(dns.asked).toEqual([]);
  });

  test("IPv6 literals, including IPv4-mapped and NAT64 forms of loopback, are refused", async () => {
    for (const host of ["[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[64:ff9b::127.0.0.1]", "[::]"]) {
      const { message } = await refusal(assertPublicUrl(`http://${host}:8080/`, { allowPrivate: false }));
      expect(message).toMatch(/^Webhook URL refused: [0-9a-f:]+ is an? .*(loopback|unspecified) address/);
    }
  });

  test("localhost and *.localhost are refused by name, never resolved", async () => {
    const dns = fakeResolver(() => ["93.184.216.34"]);
    for (const host of ["localhost", "LOCALHOST", "api.localhost", "localhost."]) {
      const { message } = await refusal(
        assertPublicUrl(`http://${host}:3000/`, { allowPrivate: false, resolve: dns.resolve }),
      );
      expect(message).toContain("is a loopback name");
    }
    expect(dns.asked).toEqual([]);
  });

  test("a name is refused when any one of its addresses is not public", async () => {
    const dns = fakeResolver({ "mixed.example": ["93.184.216.34", "10.1.2.3"] });
    expect(
      (
        await refusal(
          assertPublicUrl("https://mixed.example/", { allowPrivate: false, resolve: dns.resolve }),
        )
      ).message,
    ).toBe(
      "Webhook URL refused: mixed.example resolves to 10.1.2.3, a private address; the operator can allow " +
        "such targets with WEBHOOK_ALLOW_PRIVATE=true.",
    );
  });

  test("schemes other than http(s), credentials, bad URLs and unresolvable names are refused", async () => {
    const dns = fakeResolver({});
    const messages = [];
    for (const url of [
      "ftp://hooks.example.com/",
      "file:///etc/passwd",
      "https://user:pass@hooks.example.com/",
      "not a url",
      `https://hooks.example.com/${"a".repeat(2100)}`,
      "https://nowhere.example/",
    ]) {
      messages.push(
        (await refusal(assertPublicUrl(url, { allowPrivate: false, resolve: dns.resolve }))).message,
      );
    }
    expect(messages).toEqual([
      "Webhook URL refused: only http and https are allowed.",
      "Webhook URL refused: only http and https are allowed.",
      "Webhook URL refused: it must not contain a user name or password.",
      "Webhook URL refused: it is not a valid absolute URL.",
      "Webhook URL refused: the URL is longer than 2048 characters.",
      "Webhook URL refused: the host nowhere.example could not be resolved.",
    ]);
  });

  test("allowPrivate accepts loopback literals and names, and still resolves names to pin them", async () => {
    const dns = fakeResolver({ localhost: ["127.0.0.1"] });
    const options = { allowPrivate: true, resolve: dns.resolve };
    expect((await assertPublicUrl("http://127.1:9/", options)).addresses).toEqual(["127.0.0.1"]);
    expect((await assertPublicUrl("http://[::1]:9/", options)).addresses).toEqual(["::1"]);
    expect((await assertPublicUrl("http://localhost:9/", options)).addresses).toEqual(["127.0.0.1"]);
    expect(await refusal(assertPublicUrl("gopher://localhost/", options))).toEqual({
      code: "invalid-input",
      message: "Webhook URL refused: only http and https are allowed.",
    });
  });
});
