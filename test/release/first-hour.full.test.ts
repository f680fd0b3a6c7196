import { expect, test } from "bun:test";
import { compiledBinary } from "../helpers/binary.ts";
import { forms, INVITE, run } from "./first-hour.ts";

// The README's "Your first hour", from the compiled binary (first-hour.ts says why).

test("from the binary: `./dist/whitelist-sync invite` prints the same link", async () => {
  const binary = await compiledBinary();
  const invite = await run((forms[1] as string).replace("./dist/whitelist-sync", binary));
  expect({ code: invite.code, stdout: invite.stdout }).toEqual({ code: 0, stdout: `${INVITE}\n` });
});
