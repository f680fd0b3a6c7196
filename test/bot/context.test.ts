import { describe, expect, test } from "bun:test";
import type { BotServices } from "../../src/bot/context.ts";

describe("what the bot reaches", () => {
  test("its services hold no store and no writer: a change goes through a service (checked by the compiler)", () => {
    type Reaches<K extends string> = K extends keyof BotServices ? true : false;
    const reaches: { db: Reaches<"db">; write: Reaches<"write">; entries: Reaches<"entries"> } = {
      db: false,
      write: false,
      entries: true,
    };
    expect(reaches).toEqual({ db: false, write: false, entries: true });
  });
});
