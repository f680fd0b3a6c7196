/**
 * A game server's autosave, as bench/neighbours.ts runs it beside the service: writes `mb` MB to `file` and
 * flushes it (fsync), again and again until `until` (epoch ms), printing a line per round.
 *
 * Usage: bun bench/neighbours/disk-writer.ts <file> <mb> <until>
 */
import { closeSync, fsyncSync, openSync, writeSync } from "node:fs";

const [file, mb, until] = process.argv.slice(2);
if (!file || !(Number(mb) > 0) || !(Number(until) > 0)) {
  console.error("usage: disk-writer.ts <file> <mb> <until epoch ms>");
  process.exit(2);
}
const chunk = Buffer.alloc(1 << 20, 0x5a);
while (Date.now() < Number(until)) {
  const fd = openSync(file, "w");
  for (let i = 0; i < Number(mb); i++) writeSync(fd, chunk);
  fsyncSync(fd);
  closeSync(fd);
  console.log("flushed");
}
