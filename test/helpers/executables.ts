/**
 * What an executable file says about itself, read from its headers: enough to check a cross-compiled binary
 * without running it (ELF's interpreter and needed libraries, PE's machine, Mach-O's CPU).
 */

/** An ELF executable's program interpreter (PT_INTERP) and the shared libraries it needs (DT_NEEDED). */
export function elfInfo(bytes: Buffer): { machine: number; interpreter: string | null; needed: string[] } {
  if (bytes.readUInt32BE(0) !== 0x7f454c46) throw new Error("not an ELF file");
  if (bytes[4] !== 2 || bytes[5] !== 1) throw new Error("not a 64-bit little-endian ELF file");
  const machine = bytes.readUInt16LE(18);
  const phoff = Number(bytes.readBigUInt64LE(32));
  const phentsize = bytes.readUInt16LE(54);
  const phnum = bytes.readUInt16LE(56);
  const segments = Array.from({ length: phnum }, (_, i) => {
    const at = phoff + i * phentsize;
    return {
      type: bytes.readUInt32LE(at),
      offset: Number(bytes.readBigUInt64LE(at + 8)),
      vaddr: Number(bytes.readBigUInt64LE(at + 16)),
      filesz: Number(bytes.readBigUInt64LE(at + 32)),
    };
  });
  const cString = (at: number) => bytes.toString("latin1", at, bytes.indexOf(0, at));
  const interp = segments.find((segment) => segment.type === 3);
  const dynamic = segments.find((segment) => segment.type === 2);
  const needed: string[] = [];
  if (dynamic) {
    const entries: { tag: bigint; value: bigint }[] = [];
    for (let at = dynamic.offset; at < dynamic.offset + dynamic.filesz; at += 16) {
      const tag = bytes.readBigInt64LE(at);
      if (tag === 0n) break;
      entries.push({ tag, value: bytes.readBigUInt64LE(at + 8) });
    }
    // DT_STRTAB holds a virtual address: map it to a file offset through the loadable segment containing it.
    const strtab = Number(entries.find((entry) => entry.tag === 5n)?.value ?? 0n);
    const load = segments.find((s) => s.type === 1 && strtab >= s.vaddr && strtab < s.vaddr + s.filesz);
    if (load) {
      const base = strtab - load.vaddr + load.offset;
      for (const entry of entries) if (entry.tag === 1n) needed.push(cString(base + Number(entry.value)));
    }
  }
  return { machine, interpreter: interp ? cString(interp.offset) : null, needed };
}

/** A PE executable's machine (0x8664 for x86-64) and whether it is PE32+ (64-bit). */
export function peInfo(bytes: Buffer): { machine: number; pe32Plus: boolean } {
  if (bytes.toString("latin1", 0, 2) !== "MZ") throw new Error("no MZ header");
  const pe = bytes.readUInt32LE(0x3c);
  if (bytes.toString("latin1", pe, pe + 4) !== "PE\0\0") throw new Error("no PE signature");
  return { machine: bytes.readUInt16LE(pe + 4), pe32Plus: bytes.readUInt16LE(pe + 24) === 0x20b };
}

/** A 64-bit Mach-O executable's CPU type (0x01000007 x86-64, 0x0100000c arm64). */
export function machOInfo(bytes: Buffer): { cpuType: number } {
  if (bytes.readUInt32LE(0) !== 0xfeedfacf) throw new Error("not a 64-bit little-endian Mach-O file");
  return { cpuType: bytes.readUInt32LE(4) };
}
