/**
 * An executable's pages dropped from the kernel's page cache, so that each start of `bench/start.ts` reads its
 * executable as the first start after a boot does. A file's cached pages decide how much of it a start maps: a fault
 * maps the cached pages around it too (fault-around), and the cache holds the file in pieces whose size depends on how
 * it was written or read. One executable just built and another built an hour earlier, or read since, then differ by
 * megabytes of RSS for the same code (2026-12-07: 62.2 against 66.6 MiB, the same source built twice; 61.9 and 62.3
 * once both were dropped). Linux only: `posix_fadvise(POSIX_FADV_DONTNEED)` through libc, which drops the file's clean
 * pages no process maps.
 */

import { dlopen, FFIType } from "bun:ffi";
import { closeSync, openSync } from "node:fs";

/** linux/fadvise.h */
const POSIX_FADV_DONTNEED = 4;

type Fadvise = (fd: number, offset: number, length: number, advice: number) => number;
let loaded: Fadvise | undefined;

/** libc's posix_fadvise, opened the first time it is needed. */
const fadvise = (): Fadvise =>
  (loaded ??= dlopen("libc.so.6", {
    posix_fadvise: { args: [FFIType.i32, FFIType.i64, FFIType.i64, FFIType.i32], returns: FFIType.i32 },
  }).symbols.posix_fadvise as unknown as Fadvise);

/** Drops `path`'s pages from the page cache; throws if the kernel refuses. */
export function dropFromPageCache(path: string): void {
  const fd = openSync(path, "r");
  try {
    const code = fadvise()(fd, 0, 0, POSIX_FADV_DONTNEED);
    if (code !== 0) throw new Error(`posix_fadvise(${path}) failed: ${code}`);
  } finally {
    closeSync(fd);
  }
}
