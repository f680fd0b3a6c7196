import { describe, expect, test } from "bun:test";
import { createListedWhitelists, diffMerged, entriesOf, namesOf } from "../../src/sync/merge.ts";
import type { EntryChange } from "../../src/sync/socket.ts";

const survival = { id: "s1", name: "survival" };
const staff = { id: "s2", name: "staff" };
const premium = { nick: "Notch", uuid: "069a79f4-44e9-4726-a5be-fca90e38aaf5", premium: true };
const offline = (nick: string) => ({ nick, uuid: null, premium: false });

let nextId = 1;
const event = (type: EntryChange["type"], whitelist: typeof survival, nick: string): EntryChange => ({
  id: String(nextId++),
  type,
  guildId: "g",
  whitelistId: whitelist.id,
  whitelistName: whitelist.name,
  entry: offline(nick),
});

/** Both whitelists fetched: survival holds Notch (premium) and jeb_, staff holds notch (offline) and Dinnerbone. */
function fetched(order = [survival, staff]) {
  const listed = createListedWhitelists(order);
  listed.set(survival.id, [premium, offline("jeb_")], '"json-s"');
  listed.set(staff.id, [offline("notch"), offline("Dinnerbone")], '"json-t"');
  return listed;
}

const nicks = (listed: ReturnType<typeof fetched>) =>
  [...listed.merged().values()].map(({ entry, whitelist }) => `${entry.nick}@${whitelist}`);

describe("merging several whitelists into one file", () => {
  test("the union, a nick listed twice once, as the first whitelist given holds it", () => {
    expect(nicks(fetched())).toEqual(["Notch@survival", "jeb_@survival", "Dinnerbone@staff"]);
    expect(nicks(fetched([staff, survival]))).toEqual(["notch@staff", "Dinnerbone@staff", "jeb_@survival"]);
    expect(entriesOf(fetched().merged())[0]).toEqual(premium);
  });

  test("a removal from one whitelist of a nick another still lists keeps it in the file", () => {
    const listed = fetched();
    listed.apply(event("entry.added", staff, "jeb_"));
    const before = listed.merged();
    listed.apply(event("entry.removed", survival, "JEB_"));
    expect(diffMerged(before, listed.merged())).toEqual({ added: [], removed: [] });

    // Listed otherwise by the other whitelist: its entry changes to that one's, it is not removed.
    const withNotch = listed.merged();
    listed.apply(event("entry.removed", survival, "Notch"));
    expect(diffMerged(withNotch, listed.merged())).toEqual({
      added: [{ entry: offline("notch"), whitelist: "staff" }],
      removed: [],
    });
    const last = listed.merged();
    listed.apply(event("entry.removed", staff, "NOTCH"));
    expect(diffMerged(last, listed.merged())).toEqual({
      added: [],
      removed: [{ entry: offline("notch"), whitelist: "staff" }],
    });
  });

  test("events change only their own whitelist; others are not listed", () => {
    const listed = fetched();
    expect(listed.apply(event("entry.added", { id: "s3", name: "creative" }, "Elsewhere"))).toBeNull();
    expect(listed.apply(event("entry.added", { id: "s2", name: "mods" }, "Alex"))).toEqual({
      id: "s2",
      name: "mods",
    });
    expect(nicks(listed)).toEqual(["Notch@survival", "jeb_@survival", "Dinnerbone@mods", "Alex@mods"]);
  });

  test("an ETag is offered only while the list held is exactly what it names", () => {
    const listed = fetched();
    expect(listed.etags()).toEqual({ s1: '"json-s"', s2: '"json-t"' });
    listed.apply(event("entry.added", survival, "Alex"));
    expect([listed.etagOf(survival.id), listed.etagOf(staff.id), listed.etags()]).toEqual([
      null,
      '"json-t"',
      null,
    ]);
    expect(createListedWhitelists([survival]).etagOf(survival.id)).toBeNull();
  });

  test("a whitelist dropped leaves the union; the others stay", () => {
    const listed = fetched();
    expect(listed.drop(staff.id)).toEqual(staff);
    expect([listed.whitelists, nicks(listed)]).toEqual([[survival], ["Notch@survival", "jeb_@survival"]]);
    expect(listed.drop(staff.id)).toBeNull();
  });

  test("whitelists named in messages", () => {
    expect([namesOf([survival]), namesOf([survival, staff]), namesOf([survival, staff, survival])]).toEqual([
      '"survival"',
      '"survival" and "staff"',
      '"survival", "staff" and "survival"',
    ]);
  });
});
