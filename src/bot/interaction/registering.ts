import type { ChatInputCommandInteraction, InteractionWebhook, ModalSubmitInteraction } from "discord.js";
import type { RoleFailure } from "../../entries/model.ts";
import type { Words } from "../../i18n/words.ts";
import { nickTypeSpecs } from "../../nicks/types.ts";
import type { Member, Submission } from "../../registration/model.ts";
import type { FilledForm } from "../../registration/rules.ts";
import { systemClock } from "../../shared/clock.ts";
import type { Whitelist } from "../../whitelists/model.ts";
import type { BotContext } from "../context.ts";
import { describeFailure } from "../errors.ts";
import { expiresIn } from "../expiry.ts";
import { typedCommand } from "../localize.ts";
import { roleMentions } from "../mentions.ts";
import { describeLinked, howToProveAtFirstJoin } from "../proof.ts";
import { fitContent, plainName } from "../text.ts";
import { answer, deferAnswer, inTime, memberWords } from "./answer.ts";

// Registering a nick or a proof code and answering the member: `/register` without a form, and the submission of
// its form (src/bot/modals/form.ts), both end here.

/**
 * What a member reads once `/register` filed a request or registered a nick. `failures`: the roles Discord refused
 * (null while the roles are still on their way: a line says they follow when other role changes of the server are
 * ahead of them).
 */
function describeSubmission(words: Words, submission: Submission, failures: RoleFailure[] | null): string[] {
  if (submission.kind === "requested") {
    const { request, whitelist } = submission;
    return [
      words.t("register.requested", {
        nick: plainName(request.nick),
        whitelist: plainName(whitelist.name),
        channel: `<#${whitelist.channelId}>`,
      }),
    ];
  }
  const { entry, whitelist } = submission;
  const expiry = expiresIn(words, entry);
  const spelling = nickTypeSpecs[whitelist.nickType].spelling(entry);
  const where = { nick: plainName(entry.nick), whitelist: plainName(whitelist.name) };
  return [
    words.t(entry.proofDueAt === null ? "public.registered" : "register.awaitingProof", where),
    ...(entry.proofDueAt === null ? [] : [howToProveAtFirstJoin(words, entry)]),
    ...(entry.verified ? [words.t("register.verified")] : []),
    ...(spelling ? [plainName(words.render(spelling))] : []),
    ...(entry.gamertag !== null && entry.gamertag !== entry.nick
      ? [words.t("register.floodgateName", { gamertag: plainName(entry.gamertag) })]
      : []),
    ...(expiry ? [words.t("register.expires", { when: expiry, whitelist: where.whitelist })] : []),
    ...(failures === null && submission.roles.waiting ? [words.t("register.rolesWaiting")] : []),
    ...(failures?.length
      ? [words.t("register.rolesRefused", { roles: roleMentions(failures.map((failure) => failure.roleId)) })]
      : []),
    words.t("register.undo", { command: typedCommand(words, "unregister", { nick: entry.nick }) }),
  ];
}

/** A command or a form's submission: what `/register` answers, ephemerally. */
type Registering = ChatInputCommandInteraction | ModalSubmitInteraction;

/**
 * Registers a typed nick (or files its request) in one domain call and answers the member: in one reply unless a
 * look-up may be slow (then deferred first); the roles follow, and only a role Discord refuses changes the answer
 * (docs/decisions.md, Roles). `form`: the whitelist's form as the member filled it in. Resolves once the member is
 * answered; the wait for the roles goes on without the interaction (see followRoles).
 */
export async function registerNick(
  interaction: Registering,
  context: BotContext,
  input: { whitelist: Whitelist; member: Member; nick: string; form?: FilledForm },
): Promise<void> {
  const { registration } = context.services;
  const words = await memberWords(interaction, context);
  const submission = await inTime(
    () => registration.submit(input),
    {
      slow: registration.asksRemotely(input.whitelist, input.nick),
      defer: () => deferAnswer(interaction),
      createdAt: interaction.createdTimestamp,
    },
    systemClock,
    context.lateness,
  );
  await answer(interaction, describeSubmission(words, submission, null).join("\n"));
  if (submission.kind !== "registered") return;
  void followRoles(interaction.webhook, words, submission, context);
}

/**
 * Waits for a registration's roles and, if Discord refused one, edits the member's answer through the interaction's
 * webhook (its application id and token, all an edit needs). At a busy time the roles queue behind the server's other
 * role changes for minutes; a wait that kept the interaction (its whole payload, member, channel and guild views)
 * made the heap grow with every registration (docs/performance.md, Steady state).
 */
async function followRoles(
  webhook: InteractionWebhook,
  words: Words,
  submission: Extract<Submission, { kind: "registered" }>,
  context: BotContext,
): Promise<void> {
  try {
    const failures = await submission.roles.failures;
    if (failures.length === 0) return;
    // Staff were told by the log channel; the member's answer changes too (while Discord keeps its token).
    const content = fitContent(describeSubmission(words, submission, failures).join("\n"));
    await webhook.editMessage("@original", { content, allowedMentions: { parse: [] } });
  } catch (error) {
    context.logger.warn("could not tell a member about roles not given", {
      guildId: submission.whitelist.guildId,
      error: String(error),
    });
  }
}

/** Links the account a proof code proves and registers it (the link's look-ups and writes), answered by an edit. */
export async function registerCode(
  interaction: Registering,
  context: BotContext,
  input: { whitelist: Whitelist; member: Member; code: string; form?: FilledForm },
): Promise<void> {
  await deferAnswer(interaction);
  const words = await memberWords(interaction, context);
  const done = await context.services.linking.registerWithCode(input);
  const whitelist = plainName(input.whitelist.name);
  const after =
    done.outcome === "registered"
      ? describeSubmission(words, done.submission, null)
      : done.outcome === "already"
        ? [words.t("register.already", { nick: plainName(done.entry.nick), whitelist })]
        : [
            words.t("register.codeRefused", {
              whitelist,
              refusal: describeFailure(done.error, words, context.linkAddress),
            }),
          ];
  await answer(interaction, [...describeLinked(words, done), ...after].join("\n"));
}
