import { describe, expect, test } from "bun:test";
import { together } from "../../src/db/together.ts";

describe("together", () => {
  test("resolves with each value in the order given", async () => {
    const later = Promise.withResolvers<string>();
    const result = together([later.promise, Promise.resolve(1), undefined]);
    later.resolve("first");
    expect(await result).toEqual(["first", 1, undefined]);
  });

  test("rejects with the first failure in the order given, not the first to happen", async () => {
    const first = Promise.withResolvers<never>();
    const result = together([first.promise, Promise.reject(new Error("second"))]);
    first.reject(new Error("first"));
    await expect(result).rejects.toThrow("first");
  });

  test("rejects only once every statement has settled", async () => {
    const running = Promise.withResolvers<number>();
    let settled = false;
    const result = together([Promise.reject(new Error("refused")), running.promise]).catch(
      (error: unknown) => {
        settled = true;
        throw error;
      },
    );
    await Bun.sleep(0);
    expect(settled).toBe(false);
    running.resolve(1);
    await expect(result).rejects.toThrow("refused");
  });
});
