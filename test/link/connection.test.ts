import { describe, expect, test } from "bun:test";
import { wordsFor } from "../../src/i18n/words.ts";
import { openConnection, type Transport } from "../../src/link/connection.ts";
import { createLoginKeys } from "../../src/link/crypto.ts";
import { createGuard, defaultLimits } from "../../src/link/guard.ts";
import { zeroCounters } from "../../src/link/model.ts";
import { createStatusAnswers } from "../../src/link/status.ts";
import { manualClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { statusExchange } from "../helpers/minecraft-client.ts";
import { manualTimers } from "./helpers.ts";

/** One connection over a transport that records what the endpoint does to its socket. */
function connection() {
  const time = manualTimers();
  const counters = zeroCounters();
  const socket = { written: 0, ended: false, destroyed: false };
  const transport: Transport = {
    address: "203.0.113.9",
    write: (bytes) => {
      socket.written += bytes.length;
    },
    end: () => {
      socket.ended = true;
    },
    destroy: () => {
      socket.destroyed = true;
    },
  };
  const opened = openConnection(
    transport,
    {
      keys: createLoginKeys(),
      session: async () => ({ outcome: "not-joined" }),
      port: { proven: async () => ({ text: "" }) },
      guard: createGuard(defaultLimits, manualClock()),
      limits: defaultLimits,
      status: createStatusAnswers({ words: wordsFor("en") }),
      words: wordsFor("en"),
      counters,
      logger: silentLogger,
      timers: time.timers,
    },
    { settle() {} },
  );
  return { opened, socket, time, counters };
}

describe("one connection's timers", () => {
  test("an answer ends the socket, and a client that never lets it close is destroyed when the linger runs out", () => {
    const { opened, socket, time } = connection();
    opened.receive(statusExchange(767, 7n));
    expect([socket.written > 0, socket.ended, socket.destroyed, time.pending()]).toEqual([
      true,
      true,
      false,
      1,
    ]);
    time.fire();
    expect(socket.destroyed).toBe(true);
    opened.closed();
    expect(time.pending()).toBe(0);
  });

  test("closing clears the deadline; bytes after the answer or the close are ignored", () => {
    const { opened, socket, time, counters } = connection();
    expect(time.pending()).toBe(1);
    opened.closed();
    expect(time.pending()).toBe(0);
    opened.receive(Uint8Array.of(0xfe));
    expect([socket.written, counters.legacyPings]).toEqual([0, 0]);
  });

  test("the deadline of a connection that said nothing closes it without a word", () => {
    const { opened, socket, time, counters } = connection();
    time.fire();
    expect([socket.written, socket.ended, counters.refused.timeout]).toEqual([0, true, 1]);
    opened.closed();
    expect(time.pending()).toBe(0);
  });
});
