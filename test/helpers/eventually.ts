/**
 * Resolves with `check`'s first truthy value, asked again every few milliseconds: what a service does after an
 * answer (a delivery, a log post, a role taken back, a replica catching up). Throws, naming `what`, once `ms` have
 * passed without one, so a test that waits for something that never happens fails saying what it waited for.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  ms = 5_000,
  what = "the condition",
): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await Bun.sleep(5);
  }
}
