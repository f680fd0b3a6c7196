import { afterEach, expect, test } from "bun:test";
import type { Member } from "../../src/registration/model.ts";
import { type FormQuestion, formVersion } from "../../src/whitelists/form.ts";
import type { Whitelist } from "../../src/whitelists/model.ts";
import type { NewWhitelist } from "../../src/whitelists/service.ts";
import { forEachStore } from "../helpers/services.ts";
import {
  alice,
  bob,
  GUILD,
  MANAGER_ROLE,
  moderator,
  owner,
  refusal,
  type SeededWorld,
  seededWorld,
} from "./helpers.ts";

const DAY_MS = 24 * 3_600_000;

let world: SeededWorld;
afterEach(() => world.close());

const FORM: FormQuestion[] = [
  {
    label: "How old are you?",
    style: "short",
    required: true,
    minLength: 1,
    maxLength: 3,
    placeholder: null,
  },
  {
    label: "Why do you want to join?",
    style: "paragraph",
    required: true,
    minLength: 10,
    maxLength: 500,
    placeholder: "A few words about you",
  },
];

const setup = (whitelist: Partial<NewWhitelist> = {}) =>
  seededWorld({
    name: "vip",
    registrationMode: "approval",
    managerRoleIds: [MANAGER_ROLE],
    form: FORM,
    ...whitelist,
  }).then((seeded) => {
    world = seeded;
    return seeded;
  });

/** The form as `whitelist` has it now, filled in with `values`. */
const filled = (whitelist: Pick<Whitelist, "form">, values: string[]) => ({
  version: formVersion(whitelist.form),
  values,
});

const ANSWERED = ["17", "I build castles with friends."];
const ANSWERS = [
  { question: "How old are you?", answer: "17" },
  { question: "Why do you want to join?", answer: "I build castles with friends." },
];

const submit = (nick: string, values: string[] = ANSWERED, who: Member = alice) =>
  world.registration.submit({ whitelist: world.wl, member: who, nick, form: filled(world.wl, values) });

/** What staff see of a member in the look-up: their form answers (whitelist name, answers, entry, closed). */
const answersSeen = async (userId = alice.userId, actor: Member = moderator) =>
  (await world.services.lookups.memberNicks({ guildId: GUILD, userId, actor })).answers.map(
    ({ record, whitelist }) => ({
      whitelist: whitelist.name,
      answers: record.answers,
      entryId: record.entryId,
      closedAt: record.closedAt,
    }),
  );

forEachStore("application forms", () => {
  test("a request carries its answers to staff's post; approving takes them to the entry, kept for staff", async () => {
    const { board, registration, services } = await setup();
    const submission = await submit("Notch");
    if (submission.kind !== "requested") throw new Error("no request was filed");
    const { request } = submission;
    expect(board.answers.get(request.id)).toEqual(ANSWERS);
    expect(await registration.requestAnswers(request.id)).toEqual(ANSWERS);
    // Staff (and the member themselves) see them while the request waits; nobody else does.
    expect(await answersSeen()).toEqual([
      { whitelist: "vip", answers: ANSWERS, entryId: null, closedAt: null },
    ]);
    expect(await answersSeen(alice.userId, alice)).toHaveLength(1);
    await expect(answersSeen(alice.userId, bob)).rejects.toEqual(refusal("not-manager"));

    services.clock.advance(3_600_000);
    const decision = await registration.decide({
      requestId: request.id,
      actor: moderator,
      approve: true,
      member: alice,
    });
    if (decision.outcome !== "approved") throw new Error("not approved");
    expect(await answersSeen()).toEqual([
      { whitelist: "vip", answers: ANSWERS, entryId: decision.entry.id, closedAt: services.clock.now() },
    ]);
  });

  test("a member's own registration brings the form: without it (a message) or answered to old questions, refused", async () => {
    const { registration, services, wl } = await setup({ registrationMode: "message" });
    await expect(
      registration.register({
        guildId: GUILD,
        whitelist: "vip",
        member: alice,
        actor: alice,
        nick: "Notch",
        origin: "discord",
      }),
    ).rejects.toEqual(
      expect.objectContaining({
        code: "form-required",
        details: { whitelist: "vip", channelId: wl.channelId },
      }),
    );
    const before = filled(wl, ANSWERED);
    const changed = await services.whitelists.update(wl.id, { form: [FORM[0] as FormQuestion] });
    await expect(
      registration.submit({ whitelist: changed, member: alice, nick: "Notch", form: before }),
    ).rejects.toEqual(refusal("form-changed", "Run /register again"));
    await expect(
      registration.submit({
        whitelist: changed,
        member: alice,
        nick: "Notch",
        form: filled(changed, ["a lot"]),
      }),
    ).rejects.toEqual(refusal("invalid-input", "“How old are you?” takes 1-3 characters"));
    expect(await services.entries.list(wl.id)).toEqual([]);
    // Staff adding a nick answer nothing.
    await registration.register({
      guildId: GUILD,
      whitelist: "vip",
      member: bob,
      actor: owner,
      nick: "jeb_",
      origin: "staff",
    });
    expect((await services.entries.list(wl.id)).map((entry) => entry.nick)).toEqual(["jeb_"]);
  });

  test("command mode: the answers are stored with the entry, and go when the entry goes", async () => {
    const { registration, services } = await setup({ registrationMode: "command" });
    const submission = await submit("Notch");
    if (submission.kind !== "registered") throw new Error("not registered");
    expect(await answersSeen()).toEqual([
      { whitelist: "vip", answers: ANSWERS, entryId: submission.entry.id, closedAt: services.clock.now() },
    ]);
    await registration.unregister({ guildId: GUILD, whitelist: "vip", nick: "Notch", actor: alice });
    expect(await answersSeen()).toEqual([]);
    expect(await services.sql`SELECT id FROM form_answers`).toEqual([]);
  });

  test("a member who leaves takes every answer with them, a waiting request's too", async () => {
    const { registration, services } = await setup({ maxNicksPerUser: 3 });
    await submit("Notch");
    await submit("jeb_", ["30", "Another long enough reason."], bob);
    await registration.removeMember({ guildId: GUILD, userId: alice.userId });
    expect(await answersSeen()).toEqual([]);
    expect(await answersSeen(bob.userId)).toHaveLength(1);
    expect((await services.sql`SELECT user_id FROM form_answers`).map((row) => row.user_id)).toEqual([
      bob.userId,
    ]);
  });

  test("a decided request's answers stay for the guild's retention, then are hidden and pruned; waiting ones stay", async () => {
    const { registration, services } = await setup({ maxNicksPerUser: 3 });
    const rejected = await submit("Notch");
    await submit("jeb_");
    if (rejected.kind !== "requested") throw new Error("no request");
    await registration.decide({ requestId: rejected.request.id, actor: moderator, approve: false });
    expect(await services.guilds.formRetentionDays(GUILD)).toBe(30);

    services.clock.advance(30 * DAY_MS - 1);
    expect(await services.answers.prune()).toBe(0);
    expect(await answersSeen()).toHaveLength(2);
    services.clock.advance(1);
    // Past it: hidden at once, deleted by the next pass; the waiting request's answers are kept whatever the time.
    expect((await answersSeen()).map((seen) => seen.closedAt)).toEqual([null]);
    expect(await registration.requestAnswers(rejected.request.id)).toBeUndefined();
    expect(await services.answers.prune()).toBe(1);
    expect(await services.sql`SELECT closed_at FROM form_answers`).toEqual([{ closed_at: null }]);
  });

  test("a shorter retention applies to answers kept already; 0 keeps them only while a request waits", async () => {
    const { registration, services } = await setup({ maxNicksPerUser: 3 });
    const first = await submit("Notch");
    if (first.kind !== "requested") throw new Error("no request");
    await registration.cancelRequest({ requestId: first.request.id, actor: alice });
    services.clock.advance(5 * DAY_MS);
    expect(await answersSeen()).toHaveLength(1);
    await services.guilds.setFormRetention(GUILD, 5);
    expect(await answersSeen()).toEqual([]);
    await services.guilds.setFormRetention(GUILD, 0);
    const second = await submit("jeb_");
    expect(await answersSeen()).toHaveLength(1);
    if (second.kind !== "requested") throw new Error("no request");
    await registration.decide({ requestId: second.request.id, actor: moderator, approve: false });
    expect(await answersSeen()).toEqual([]);
    expect(await services.answers.prune()).toBe(2);
    await expect(services.guilds.setFormRetention(GUILD, 366)).rejects.toEqual(
      refusal("invalid-input", "0 to 365"),
    );
  });

  test("deleting the whitelist deletes its answers with it", async () => {
    const { services, wl } = await setup();
    await submit("Notch");
    await services.deletion.deleteWhitelist(wl.id, owner.userId);
    expect(await services.sql`SELECT id FROM form_answers`).toEqual([]);
  });

  test("before the form opens, the rules that need no look-up are checked: taken, disabled, missing role", async () => {
    const { registration, services, wl } = await setup({ requiredRoleIds: ["400000000000000003"] });
    const vip = { ...alice, roleIds: ["400000000000000003"] };
    const precheck = (nick: string | null, who: Member = vip, whitelist = wl) =>
      registration.precheck({ whitelist, member: who, nick });
    await precheck("Notch");
    await precheck(null);
    await expect(precheck("Notch", alice)).rejects.toEqual(refusal("missing-role"));
    await expect(precheck("no spaces allowed")).rejects.toEqual(refusal("nick-invalid"));
    await registration.register({
      guildId: GUILD,
      whitelist: "vip",
      member: vip,
      actor: owner,
      nick: "Notch",
      origin: "staff",
    });
    await expect(precheck("notch")).rejects.toEqual(refusal("nick-taken"));
    const closed = await services.whitelists.update(wl.id, { enabled: false });
    await expect(precheck(null, vip, closed)).rejects.toEqual(refusal("whitelist-disabled"));
    await services.guilds.setLogChannel(GUILD, null);
    await expect(precheck("jeb_")).rejects.toEqual(refusal("no-log-channel"));
    // Nothing was looked up at Mojang for any of these.
    expect(world.mojangServer.requests()).toBe(1);
  });
});
