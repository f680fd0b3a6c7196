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

/**
 * `promise`'s outcome, or a rejection naming `what` once `ms` passed first: a step of a long test that hangs (a
 * message that never came, a process that stopped answering) fails saying which step, not at the test's timeout.
 */
export async function within<T>(what: string, promise: Promise<T>, ms = 15_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`not within ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
