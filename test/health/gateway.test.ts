import { expect, test } from "bun:test";
import { gatewayLife } from "../../src/health/gateway.ts";
import type { GatewayState } from "../../src/health/status.ts";

// The gateway's state over the bot's life (src/health/gateway.ts); test/health/gateway-start.test.ts shows it
// through /health with the real client against the sandbox Discord.

/** A life whose running bot (when `bot.state` is set) says that state. */
function lifeWith(enabled: boolean) {
  const bot: { state: GatewayState | undefined } = { state: undefined };
  const life = gatewayLife({
    enabled,
    bot: () => (bot.state ? { gatewayState: () => bot.state as GatewayState } : undefined),
  });
  return { life, bot };
}

test("without DISCORD_TOKEN: `disabled` throughout, the duties' start and shutdown included", async () => {
  const { life } = lifeWith(false);
  const start = Promise.withResolvers<void>();
  const starting = life.starting(start.promise);
  expect(life.state()).toBe("disabled");
  start.resolve();
  await starting;
  life.end();
  expect(life.state()).toBe("disabled");
});

test("a start: `connecting`, the ready bot's own state before the start returns, then the running bot's", async () => {
  const { life, bot } = lifeWith(true);
  expect(life.state()).toBe("disabled");
  const start = Promise.withResolvers<void>();
  const starting = life.starting(start.promise);
  expect(life.state()).toBe("connecting");
  life.ready({ gatewayState: () => "connected" });
  expect(life.state()).toBe("connected");
  bot.state = "reconnecting";
  start.resolve();
  await starting;
  expect(life.state()).toBe("reconnecting");
  life.end();
  expect(life.state()).toBe("offline");
});

test("a replica's failed start leaves it following (`disabled`); a lone node's is `offline` until it exits", async () => {
  const { life } = lifeWith(true);
  const failing = life.starting(Promise.reject(new Error("Discord refused the token")));
  expect(life.state()).toBe("connecting");
  expect(await failing.catch((error: Error) => error.message)).toBe("Discord refused the token");
  expect(life.state()).toBe("disabled");
  life.end();
  expect(life.state()).toBe("offline");
});

test("a follower that never led stays `disabled` at shutdown; one that stepped down reads its bot gone", async () => {
  const { life } = lifeWith(true);
  life.end();
  expect(life.state()).toBe("disabled");
  const led = lifeWith(true);
  await led.life.starting(Promise.resolve());
  led.bot.state = "connected";
  expect(led.life.state()).toBe("connected");
  led.bot.state = undefined;
  expect(led.life.state()).toBe("disabled");
});
