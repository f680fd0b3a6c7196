import { afterEach, expect, test } from "bun:test";
import { createFormatCache } from "../../src/formats/cache.ts";
import { type FormatName, formats } from "../../src/formats/index.ts";
import type { WorkerReply, WorkerRequest } from "../../src/formats/worker-protocol.ts";
import { createWorkerReads, type StartWorker } from "../../src/formats/worker-reads.ts";
import { seedEveryState, seedWhitelist, sqliteTestServices } from "../helpers/services.ts";

// Large whitelists read and built on the build worker's thread (src/formats/worker-reads.ts): the same bytes and
// ETags as built on the service's thread, changes committed meanwhile applied once, the worker ended when idle, and
// the reads made here when it cannot be used. SQLite only: the worker reads the store's file through a read-only
// connection of its own (PostgreSQL's reads stay on the service's thread).

const GUILD = "100000000000000001";
const OWNER = "300000000000000001";
const FORMATS = Object.keys(formats) as FormatName[];
let services: ReturnType<typeof sqliteTestServices>;
afterEach(() => services.close());

/** A whitelist of `count` entries with every field the formats show in each of its states. */
async function seeded(count: number) {
  services = sqliteTestServices();
  const wl = await seedWhitelist(services, { guildId: GUILD, name: "mixed" });
  await seedEveryState(services, (statement) => services.store.client.run(statement), wl.id, OWNER, count);
  return wl.id;
}

/**
 * The real build worker, watched: what it is asked and answers, and when it ends; `hold` may delay a request on
 * its way to it or a reply on its way back (to commit a change in between).
 */
function watchedWorker(
  hold: { request?: (r: WorkerRequest) => Promise<void>; reply?: (r: WorkerReply) => Promise<void> } = {},
) {
  const seen = { started: 0, terminated: 0, requests: [] as string[] };
  const ended = Promise.withResolvers<void>();
  const start: StartWorker = () => {
    seen.started++;
    const real = new Worker(new URL("../../src/formats/build-worker.ts", import.meta.url), { smol: true });
    const watched = {
      onmessage: null as ((event: MessageEvent<WorkerReply>) => void) | null,
      onerror: null as ((event: ErrorEvent) => void) | null,
      postMessage(request: WorkerRequest) {
        seen.requests.push(request.type === "build" ? `build ${request.format}` : request.type);
        (hold.request?.(request) ?? Promise.resolve()).then(() => real.postMessage(request));
      },
      terminate() {
        seen.terminated++;
        real.terminate();
        ended.resolve();
      },
      unref: () => real.unref(),
    };
    real.onmessage = (event: MessageEvent<WorkerReply>) => {
      (hold.reply?.(event.data) ?? Promise.resolve()).then(() => watched.onmessage?.(event));
    };
    real.onerror = (event) => watched.onerror?.(event);
    return watched as unknown as Worker;
  };
  return { start, seen, ended: ended.promise };
}

/** A format cache over the test's store whose reads go to `start`'s worker from `from` entries. */
function workerCache(start: StartWorker, from = 0, file: string | null = services.path) {
  const releases: (() => void)[] = [];
  const cache = createFormatCache({
    read: createWorkerReads({
      file,
      loadUpTo: (id, atMost, slices) => services.entries.snapshotForFormatsUpTo(id, atMost, slices),
      from,
      idleMs: 0,
      start,
    }),
    bus: services.bus,
    releaseRead: (release) => releases.push(release),
  });
  const release = () => {
    for (const run of releases.splice(0)) run();
  };
  return { cache, release };
}

/** Every format's bytes and ETag from `cache`. */
const everyFormat = async (cache: { get: typeof services.formatCache.get }, whitelistId: string) =>
  Promise.all(
    FORMATS.map(async (format) => {
      const { etag, size, fileName, bytes } = await cache.get(whitelistId, format);
      return { format, etag, size, fileName, text: new TextDecoder().decode(bytes) };
    }),
  );

test("formats built on the worker have the bytes and ETags of those built here, from one read of the store", async () => {
  const id = await seeded(300);
  const worker = watchedWorker();
  const { cache, release } = workerCache(worker.start);
  const there = await everyFormat(cache, id);
  // services.formatCache reads 300 entries here (under WORKER_FROM).
  expect(there).toEqual(await everyFormat(services.formatCache, id));
  expect(worker.seen.requests).toEqual(["read", ...FORMATS.map((format) => `build ${format}`)]);
  // Let go of once the last read is: the worker holds nothing and is ended.
  release();
  await worker.ended;
  expect(worker.seen).toEqual({
    started: 1,
    terminated: 1,
    requests: ["read", ...FORMATS.map((format) => `build ${format}`), "release"],
  });
  // Changed in place after, as any format held: still as the service's own.
  await services.entries.remove({ whitelistId: id, nick: "Player_2", origin: "discord" });
  expect(await everyFormat(cache, id)).toEqual(await everyFormat(services.formatCache, id));
});

test("a change committed while the worker reads, before its snapshot or after, is applied exactly once", async () => {
  for (const when of ["before the snapshot", "after the snapshot"] as const) {
    const id = await seeded(120);
    let added = 0;
    const add = async () => {
      added++;
      await services.entries.add({
        whitelistId: id,
        nick: `Late_${added}`,
        uuid: null,
        premium: false,
        userId: OWNER,
        addedBy: OWNER,
        origin: "discord",
      });
    };
    const worker = watchedWorker(
      when === "before the snapshot"
        ? { request: async (r) => (r.type === "read" ? add() : undefined) }
        : { reply: async (r) => (r.type === "read" ? add() : undefined) },
    );
    const { cache } = workerCache(worker.start);
    const there = await everyFormat(cache, id);
    expect({ when, formats: there }).toEqual({ when, formats: await everyFormat(services.formatCache, id) });
    expect(there.find((f) => f.format === "plain")?.text).toContain("Late_1");
    expect(added).toBe(1);
    services.close();
  }
  services = sqliteTestServices();
});

test("a small whitelist is read here, and so is any when the worker cannot start or has no file to read", async () => {
  const id = await seeded(50);
  const worker = watchedWorker();
  const small = workerCache(worker.start, 100);
  const broken = workerCache(() => new Worker(new URL("./no-such-worker.ts", import.meta.url)));
  const fileless = workerCache(worker.start, 0, null);
  const here = await everyFormat(services.formatCache, id);
  expect(await everyFormat(small.cache, id)).toEqual(here);
  expect(await everyFormat(broken.cache, id)).toEqual(here);
  expect(await everyFormat(fileless.cache, id)).toEqual(here);
  expect(worker.seen.started).toBe(0);
});
