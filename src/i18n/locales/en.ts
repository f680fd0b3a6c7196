// English: the source of the catalogue (docs/decisions.md, Languages). Every text the bot writes is here, by key;
// `{name}` is a placeholder the bot fills, and a message written as { one, other } is chosen by its `count`.
// Markdown (**bold**, `code`), mentions and emoji are part of the text. Every other language's file has exactly
// these keys and placeholders (a compile error otherwise) and its own command localizations.

export const en = {
  // Shown anywhere.
  "common.apology": "Something went wrong on our side; it has been logged. Try again later.",
  "common.dmOnly": "whitelist-sync works inside a server, not in direct messages.",
  "common.unknownCommand": "This command is not known (any more); try again in a minute.",
  "common.unknownSubcommand": "This subcommand is not known (any more); try again in a minute.",
  "common.buttonInactive": "This button is no longer active.",
  "common.needsManageGuild":
    "Only members with the Manage Server permission can do that. Ask a server admin to run it.",
  "common.oneOf": "{option} must be one of {allowed}.",
  "common.andMore": "… and {count} more.",
  "common.none": "none",
  "common.verbatim": "{text}",
  "common.dash": "—",

  // Refusals the services give (src/registration, src/whitelists, src/nicks…), worded for whoever acts.
  "error.notManager": "Only staff of {whitelist} (Manage Server or one of its manager roles) can do that.",
  "error.closed": "{whitelist} is closed for registrations right now. Ask staff when it reopens.",
  "error.missingRole.self": "To register on {whitelist} you need one of its required roles.",
  "error.missingRole.approval": "That member no longer holds any of the roles {whitelist} requires.",
  "error.missingRole.staff":
    "That member holds none of the roles {whitelist} requires, and its nicks follow those roles (on-role-loss: remove): a nick added for them would be removed at once.",
  "error.denied": "{nick} is denied on {whitelist}{as}{reason}.",
  "error.denied.as": " (as {nick})",
  "error.denied.reason": ": {reason}",
  "error.taken.spelled":
    "{nick} is already on {whitelist}, spelled so. {spelling} If it is not yours, register another nick.",
  "error.taken":
    "{nick} is already on {whitelist}. If it is yours, ask staff to check; otherwise register another nick.",
  "error.takenJustNow": "{nick} was just registered on {whitelist} by someone else.",
  "error.takenPlain": "{nick} is already on {whitelist}.",
  "error.limit.self": "You already have {held} on {whitelist}, the most allowed ({max}).",
  "error.limit.other": "That member already has {held} on {whitelist}, the most allowed ({max}).",
  "error.limit.nicks": { one: "{count} nick", other: "{count} nicks" },
  "error.limit.withWaiting": {
    one: "{count} nick registered or awaiting approval",
    other: "{count} nicks registered or awaiting approval",
  },
  "error.pending":
    "You already asked for {nick} on {whitelist}; staff will review it soon. No need to ask again.",
  "error.wrongMode.approval": "Registrations on {whitelist} need staff approval.",
  "error.wrongMode.direct": "{whitelist} does not need approval.",
  "error.linkedElsewhere.self":
    "{nick} belongs to another member of this server, who proved they own it: only they can register it.",
  "error.linkedElsewhere.other":
    "{nick} belongs to another member of this server, who proved they own it: it can be registered for them only.",
  "error.proof.notPremium":
    "{whitelist} takes proven accounts only, and {nick} is not a premium account: nobody can prove it.",
  "error.proof.self": "{whitelist} takes proven accounts only: prove {nick} is yours first.",
  "error.proof.other":
    "{whitelist} takes proven accounts only, and that member has not proven {nick} is theirs.",
  "error.notOwner": "{nick} on {whitelist} belongs to another member; only they or staff can remove it.",
  "error.memberLeft.register": "That member is no longer in the server; nothing was registered.",
  "error.memberLeft.transfer": "That member is no longer in the server; nothing was handed over.",
  "error.notOn": "{nick} is not on {whitelist}. Check the spelling and try again.",
  "error.notOnPlain": "{nick} is not on {whitelist}.",
  "error.thatNick": "That nick",
  "error.goneMeanwhile": "{nick} was removed from {whitelist} or handed over meanwhile; nothing was changed.",
  "error.nick.empty": "The nick is empty. {rule}",
  "error.nick.invalid": "“{nick}” is not a valid nick. {rule}",
  "error.nick.javaRule":
    "A Minecraft Java nick is 3-16 characters: letters A-Z, digits 0-9 and `_`, without spaces. Check the spelling and try again.",
  "error.nick.bedrockRule":
    "A Bedrock (Xbox) gamertag is 1-16 letters A-Z, digits and single spaces, and does not start with a digit (type it as on Xbox, or as the game shows it with the prefix and `_`). Check the spelling and try again.",
  "error.notPremium":
    "{nick} is not a premium (paid) Minecraft account, and {whitelist} accepts premium accounts only. Check the spelling, or register the nick of your premium account.",
  "error.gamertagUnknown":
    "No Xbox account has the gamertag {gamertag}. Check the spelling on your Xbox profile and try again.",
  "error.mojangDown": "Mojang can't be reached right now; try again in a minute.",
  "error.geyserDown": "GeyserMC's gamertag lookup can't be reached right now; try again in a minute.",
  "error.storeBusy":
    "The database is busy (another program holds it); nothing was changed. Try again in a few seconds.",
  "error.storeDown":
    "The database could not be reached or is busy; nothing was changed. Try again in a few seconds.",
  "error.storeSlow": "The database did not answer within {ms} ms{detail}. Try again in a few seconds.",
  "error.whitelist.unknown": "There is no whitelist “{name}” on this server.",
  "error.whitelist.none": "This server has no whitelist yet.",
  "error.whitelist.which": "Which whitelist? This server has {names}.",
  "error.whitelist.gone": "No such whitelist.",
  "error.whitelist.justDeleted": "That whitelist was just deleted.",
  "error.request.gone":
    "That request no longer exists (its whitelist may have been deleted). The member can ask again.",
  "error.request.deciding": "Another manager is deciding this request right now.",
  "error.request.decided.approved": "This request was already approved; nothing to do.",
  "error.request.decided.rejected": "This request was already rejected; nothing to do.",
  "error.request.decided.cancelled": "This request was already cancelled; nothing to do.",
  "error.request.notYours": "Only the member who asked, or staff, can withdraw this request.",
  "error.request.noLogChannel":
    "{whitelist} needs staff approval, but requests cannot be posted to a log channel.",
  "error.code.malformed":
    "That is not a code: a code is 8 letters and digits, like K7QX-29MD, shown when you join the link server (or the game server, where it asks you to prove your account).",
  "error.code.limited": "Too many codes that did not work: wait before you type another.",
  "error.code.wrong": "That code does not exist: check it and type it again.",
  "error.code.expired":
    "That code has expired (codes last 10 minutes): join the link server again for a new one.",
  "error.code.reused": "That code was used already: join the link server again for a new one.",
  "error.code.expired.firstJoin":
    "That code has expired (codes last 10 minutes): join the game server again for a new one.",
  "error.code.reused.firstJoin": "That code was used already: join the game server again for a new one.",
  "error.code.foreign.server": "That code proves a registration on another Discord server: type it there.",
  "error.code.foreign.member":
    "That code proves another member's registration: only the member who registered that account can type it.",
  "error.code.held":
    "{account} is linked to another member of this server, who proved it before you. If the account is yours now, ask them to unlink it, or ask staff.",
  "error.code.notJava":
    "{whitelist} takes {nickType} nicks, and a code proves a Java account. Link it with /link instead, or register on a java or premium whitelist.",
  "error.unlink.notStaff": "Only staff with Manage Server can unlink another member's account.",
  "error.unlink.none.self": "You have no linked account on this server.",
  "error.unlink.none.other": "That member has no linked account on this server.",
  "error.unlink.noneNamed.self": "You have no linked account {account} on this server.",
  "error.unlink.noneNamed.other": "That member has no linked account {account} on this server.",
  "error.unlink.several.self": "You have {count} linked accounts ({accounts}): name one.",
  "error.unlink.several.other": "That member has {count} linked accounts ({accounts}): name one.",
  "error.unlink.gone": "{account} is no longer linked.",
  "error.transfer.proven":
    "{nick} was proven by the member who holds it. Another member gets it by proving the account themselves, which hands it over.",
  "error.transfer.same": "{nick} on {whitelist} already belongs to that member.",
  "error.lookup.others":
    "{nick} on {whitelists} belongs to another member; only staff of that whitelist can see whose.",
  "error.lookup.notStaff": "Only staff can look up another member's nicks; you can look up your own.",
  "error.deny.reasonTooLong": "A reason is at most {max} characters.",
  "error.guest.noteTooLong": "A guest's note is at most {max} characters.",
  "error.key.notFound": "No active link with id {id}.",
  "error.rank.group":
    "A game group's name is 1 to {max} of a-z 0-9 _ - . + (LuckPerms' group names, lower case); “{given}” is not one.",
  "error.rank.holder":
    "A rank names a role, everyone on the whitelist or its verified accounts; “{given}” is none of them.",
  "error.rank.tooMany":
    "A whitelist maps at most {max} roles to game groups: remove one first (`/whitelist ranks remove`).",
  "error.roleLimit.notRole": "A role limit needs a role id; “{given}” is not one.",
  "error.roleLimit.everyone":
    "@everyone cannot have a nick limit of its own: every member holds it. Set the limit for everyone with `{command}`.",
  "error.roleLimit.range": "A role's nick limit is a whole number from 1 to {max} (got {given}).",
  "error.deny.notDenied": "{nick} is not denied on {whitelist}; there is nothing to lift.",
  "error.memberUnknown":
    "<@{userId}> is not a member of this server (any more), so nothing can be registered for them.",
  "error.download": "I could not download {file} from Discord ({reason}); try again.",
  "error.download.tooSlow": "it took too long",
  "error.download.status": "status {status}",

  // Failures the bot words with what only Discord shows (src/bot/errors.ts).
  "failure.missingRole.self":
    "To register on {whitelist} you need one of these roles: {roles}. Ask staff for one, then try again.",
  "failure.missingRole.approval":
    "That member no longer holds any of the roles {whitelist} requires ({roles}). Give them one and approve again, or reject the request.",
  "failure.missingRole.staff":
    "That member holds none of the roles {whitelist} requires ({roles}), and its nicks follow those roles: a nick added for them would be removed at once. Give them one of the roles first, or keep nicks on role loss with `/whitelist edit on-role-loss:keep`.",
  "failure.limit.self": "{refusal} Remove one with /unregister first.",
  "failure.limit.staff":
    "{refusal} Remove one first, or raise the limit with /whitelist edit (max-nicks) or a role's with /whitelist roles (limit).",
  "failure.wrongMode.approval":
    "Registrations on {whitelist} need staff approval: use /register and staff will review it.",
  "failure.wrongMode.direct": "{whitelist} does not need approval: register directly with /register.",
  "failure.noWhitelist": "This server has no whitelist yet. Ask staff to create one with /whitelist create.",
  "failure.unknownWhitelist": "{refusal} Pick one of the names the command suggests.",
  "failure.whichWhitelist":
    "Which whitelist? This server has {names}: name one in the `whitelist` option, or run the command in a whitelist's channel.",
  "failure.denied.self":
    "⛔ Staff have denied {nick} on {whitelist}{as}.{reason}\nRegister another nick, or ask staff if you think this is a mistake.",
  "failure.denied.staff":
    "⛔ {nick} is denied on {whitelist}{as}.{reason}\nLift it first with /whitelist undeny if it should be registered.",
  "failure.denied.as": " (as {nick})",
  "failure.denied.reason": " Reason: {reason}",
  "failure.noLogChannel":
    "{whitelist} needs staff approval, but I cannot post requests to a log channel. Ask staff to set one with /whitelist log-channel, then try again.",
  "failure.formRequired":
    "{whitelist} asks a few questions first, which a message cannot show: use `/register` in {channel} and answer them there.",
  "failure.proofRequired": "🔒 {refusal}\n{how}",
  "failure.proofRequired.then": "type `/register code:<code> whitelist:{whitelist}` here",
  "failure.code.lastTry": " That was your last try for now.",
  "failure.code.triesLeft": {
    one: " {count} more try before a wait.",
    other: " {count} more tries before a wait.",
  },
  "failure.code.linkServer": " The link server is `{address}`.",
  "failure.code.limited": "⏳ {refusal} Try again {when}.",

  // Proof of ownership (src/bot/proof.ts).
  "proof.off": "Proving an account is not set up on this service yet (its link server is off): ask staff.",
  "proof.how":
    "In Minecraft: Java Edition, add the server `{address}` and join it with that account: you will not enter a world, you are shown a code. Then {then} within 10 minutes.",
  "proof.linkedLine": "**{account}** (UUID `{uuid}`), proven {when}",
  "proof.linked": "🔗 **{account}** is linked to you on this server: you proved it is yours.",
  "proof.took":
    "Other members had it on {whitelists}; those nicks are removed, since you proved it is yours (staff see why in the log).",
  "proof.within":
    "✅ You proved **{account}** is yours on the game server that showed you the code: that proof counts on its whitelist only, so the account is not linked to you on this server.",
  "proof.verified": "Your **{account}** on {whitelists} is verified now.",
  "proof.firstJoin":
    "🔒 Prove **{nick}** is yours: join the game server with it before {until} ({in}). You will be disconnected with a code: type `/link code:<code>` here, then join again. Not proven by then, it is removed.",
  "proof.firstJoin.staff":
    "🔒 Their nick goes on at once and they prove it when they first join the game server: the `sync` agent, with RCON, disconnects them with a code they type with `/link code:`. Unproven after {window}, it is removed (staff additions need no proof).",

  // The link endpoint (src/link/): what a player reads in Minecraft's server list and on its disconnect screen,
  // in the language LINK_LANGUAGE sets (docs/link.md, Language). Plain text, no markdown; short lines, the screen
  // centres them.
  "link.status.title": "Account link for {community}",
  "link.status.anyCommunity": "this Discord community",
  "link.status.hint": "Join to get a code for Discord (you will not enter a world)",
  "link.proven":
    "{name}, your account is proven.\nYour code: {code}\nIn Discord, type {link} within 10 minutes\n(or {register} to put it on a whitelist).",
  "link.refused.version":
    "This server links Minecraft Java {oldest} to {newest} accounts; your game speaks protocol {protocol}.\nJoin with a version from {oldest} to {newest} to get your code.",
  "link.refused.name": "That is not a Minecraft Java name. Join with your premium Java account.",
  "link.refused.rateLimited": "Too many joins from your address. Wait a minute, then join again.",
  "link.refused.encryption": "The encryption handshake failed. Restart your game, then join again.",
  "link.refused.notJoined":
    "Could not verify your account with Mojang.\nRestart your game and launcher, then join again (a premium Java account is needed).",
  "link.refused.sessionUnavailable":
    "Could not verify your account with Mojang: its session server did not answer.\nJoin again in a minute.",
  "link.refused.sessionInvalid":
    "Could not verify your account with Mojang: its session server's answer could not be read.\nJoin again in a minute.",
  "link.refused.sessionMismatch":
    "Mojang vouched for another account than the one you joined with.\nRestart your game and launcher, then join again with your premium Java account.",
  "link.refused.failed": "Something went wrong on our side. Join again in a minute.",
  "link.refused.timeout": "Took too long to log in. Join again.",

  // The texts staff may word their own way (/texts), what members read of their own registrations.
  "public.registered": "✅ **{nick}** is on **{whitelist}**. You can join the server now.",
  "public.approved":
    "{member} ✅ your request for **{nick}** on **{whitelist}** was approved: you can join now.",
  "public.refused":
    "{member} your request for **{nick}** on **{whitelist}** was not approved. Ask staff if you want to know why.",
  "public.removed": "🗑️ **{nick}** is no longer on **{whitelist}**.",

  // /texts: staff's own wording and the server's language (src/bot/commands/texts/).
  "texts.refused.empty": "The wording is empty: write the text members should read.",
  "texts.refused.long": "The wording is {length} characters long; at most {max} are kept.",
  "texts.refused.brace":
    "A brace opens or closes no placeholder. Placeholders are a name in braces: {allowed}.",
  "texts.refused.unknown": "This text has no placeholder {unknown}. It has {allowed}.",
  "texts.name.public.registered": "registered: the answer to a registration",
  "texts.name.public.refused": "refused: a request staff did not approve",
  "texts.name.public.approved": "approved: a request staff approved",
  "texts.name.public.removed": "removed: a nick taken off a whitelist",
  "texts.saved":
    "✅ Members now read your wording of **{name}**, whatever their language. With sample values:\n{preview}\n`/texts reset` brings the default back.",
  "texts.preview": "**{name}** ({source}), with sample values:\n{preview}\nIts placeholders: {allowed}.",
  "texts.source.custom": "your wording",
  "texts.source.default": "the default, in {language}",
  "texts.reset": "↩️ **{name}** reads as the default again, in each reader's language:\n{preview}",
  "texts.reset.none": "**{name}** was not reworded: it already reads as the default.",
  "texts.list": "Texts staff may word their own way (`/texts set`), with what members read now:\n{texts}",
  "texts.list.item": "• **{name}** ({source}): {preview}",
  "texts.language.set":
    "✅ What everyone reads here (the log channel, approval posts, message-mode replies) is in {language} from now on. Each member still reads their own answers in their Discord language.",
  "texts.language.discord":
    "✅ What everyone reads here follows this server's language in Discord: {language} now.",
  "texts.sample.nick": "Steve",
  "language.name": "English",
  "texts.sample.whitelist": "survival",

  // /register (src/bot/commands/register.ts).
  "register.requested":
    "📨 Your request for **{nick}** on **{whitelist}** was sent to staff. You will be told in {channel} once they decide; there is nothing else to do.",
  "register.awaitingProof": "✅ **{nick}** is on **{whitelist}**, waiting for you to prove it is yours.",
  "register.verified": "🔗 Verified: you proved this account is yours.",
  "register.floodgateName": "That is the name Floodgate gives the gamertag {gamertag} in game.",
  "register.expires": "⏳ It expires {when}: {whitelist} keeps registrations for a limited time.",
  "register.rolesWaiting": "🕒 Your roles follow in a moment: Discord lets a bot give roles only so fast.",
  "register.rolesRefused": "I could not give you {roles}; staff have been told and will sort it out.",
  "register.undo": "Changed your mind? {command} removes it.",
  "register.nickOrCode":
    "Give your Minecraft nick (`nick`), or the code the link server showed you (`code`).",
  "register.notBoth": "Give either your nick or a code, not both.",
  "register.already": "**{nick}** was yours on **{whitelist}** already; it is verified now.",
  "register.codeRefused": "It could not be put on **{whitelist}**: {refusal}",
  "register.exactSpelling":
    "Join as exactly {nick}: an offline-mode server tells players apart by the letter case of their name.",
  "register.exactSpellingOther":
    "Join as exactly {nick}: an offline-mode server tells players apart by the letter case of their name ({other} would be another player, and is not let in).",

  // /unregister, /whitelist remove.
  "unregister.owner": " It belonged to {owner}.",
  "unregister.done":
    "{removed}{owner} Roles given for it are taken back. Register again any time with `/register`.",

  // /link, /unlink.
  "link.how": "To link a Minecraft Java account: {how}",
  "link.how.then": "type `/link code:<code>` here",
  "link.none": "You have no linked account on this server yet.",
  "link.list": "Your linked accounts here:\n{accounts}",
  "link.next": "Put it on a whitelist with {command}: no need to join again. `/unlink` forgets it.",
  "unlink.you": "you",
  "unlink.done":
    "🔓 **{account}** is no longer linked to {whom} on this server. Nicks registered with it stay on the whitelists (`/unregister` removes one); proving it again takes `/link`.",

  // Approval requests: the outcome told in the whitelist's channel (src/bot/buttons/approval.ts).
  "approval.expires": " It expires {when}.",
  "approval.reason": " Staff said: {reason}",
  "approval.rolesRefused": "{member} I could not give you {roles}; staff have been told.",
  "approval.cancelled":
    "{member} your request for **{nick}** on **{whitelist}** was cancelled: staff deleted that whitelist.",

  // Application forms, ban sync, channel answers (src/bot/forms.ts, src/bot/commands/whitelist/form/, ban-sync.ts,
  // src/bot/channel-answers.ts, src/bot/setup-warnings.ts), and the form's refusals (src/whitelists/form.ts).
  "form.title": "Apply to {whitelist}",
  "form.inactive": "This form is no longer active.",
  "form.gone": "That whitelist no longer exists; nothing was sent.",
  "form.preview": "👀 A preview of **{whitelist}**'s form: nothing was sent. Staff see the answers so:",
  "form.preview.none": "{whitelist} has no form yet: add a question with /whitelist form set.",
  "form.answers.title": "Answers on {whitelist}",
  "form.answer.more": {
    one: "… ({count} more character)",
    other: "… ({count} more characters)",
  },
  "form.member.given": "Given {when} {about}; {kept}.",
  "form.member.withNick": "with **{nick}**",
  "form.member.withRequest": "with request `{id}`",
  "form.member.removed": "with a registration since removed",
  "form.member.waiting": "kept while the request waits",
  "form.member.deleted": "deleted {when}",
  "form.none": "**{whitelist}** has no form: members register without answering questions.",
  "form.header": {
    one: "**{whitelist}** asks {count} question when members register:",
    other: "**{whitelist}** asks {count} questions when members register:",
  },
  "form.question": "{number}. {label} ({style}, {required}, {length}{hint})",
  "form.style.short": "short",
  "form.style.paragraph": "paragraph",
  "form.required": "required",
  "form.optional": "optional",
  "form.length.between": {
    one: "{min}-{count} character",
    other: "{min}-{count} characters",
  },
  "form.length.upTo": {
    one: "up to {count} character",
    other: "up to {count} characters",
  },
  "form.hint": ", hint “{hint}”",
  "form.where.approval": "`/register` opens it as a form, and the answers go to staff with the request.",
  "form.where.command":
    "`/register` opens it as a form; the answers are kept with the nick for staff to see.",
  "form.where.message":
    "A message cannot show a form: a nick posted in the channel is answered with a pointer to `/register`, which opens it.",
  "form.cleared":
    "✅ **{whitelist}** has no form now: members register without answering questions. Answers given already are kept as long as the server keeps them (`/whitelist form retention`).",
  "form.setNote":
    "See it as members will with `/whitelist form preview`. Forms opened before this change are refused when sent: those members run `/register` again.",
  "form.retention.now": {
    one: "Form answers are kept {count} day once their request is decided.",
    other: "Form answers are kept {count} days once their request is decided.",
  },
  "form.retention.zero":
    "✅ Form answers are kept only while their request waits for staff; decided ones go at once.",
  "form.retention.set": {
    one: "✅ Form answers are kept {count} day once their request is decided (or the registration made), then deleted; this applies to answers kept already. They also go when the member leaves or the nick is removed.",
    other:
      "✅ Form answers are kept {count} days once their request is decided (or the registration made), then deleted; this applies to answers kept already. They also go when the member leaves or the nick is removed.",
  },
  "form.show.kept": {
    one: "Answers are kept {count} day once decided, for staff.",
    other: "Answers are kept {count} days once decided, for staff.",
  },
  "error.form.tooMany": "A form has at most {max} questions (Discord's limit for one form).",
  "error.form.label": "Question {number} needs a question of 1-{max} characters on one line.",
  "error.form.style": "Question {number} is answered short or paragraph.",
  "error.form.hint": "Question {number} has a hint of at most {max} characters on one line.",
  "error.form.minLength": "The minimum length of question {number} must be 0 to {max} characters.",
  "error.form.maxLength": "The maximum length of question {number} must be 1 to {max} characters.",
  "error.form.minOverMax": "Question {number} asks for at least {min} characters but takes at most {max}.",
  "error.form.numbered": "Questions are numbered 1 to {max}.",
  "error.form.none": "This whitelist has no form.",
  "error.form.numberedNow": "The form has questions 1 to {max}.",
  "error.form.mismatch": "The answers do not match the form's questions; please start again.",
  "error.form.unanswered": "“{question}” needs an answer.",
  "error.form.length": "The answer to “{question}” takes {min}-{max} characters.",
  "error.form.changed":
    "Staff changed the questions of {whitelist} while you answered them; nothing was sent. Run /register again to see the new ones.",
  "error.form.needed": "{whitelist} asks a few questions first: register with /register in its channel.",
  "error.formRetention": "Form answers are kept 0 to {max} days (0: only while a request waits).",
  "error.guest.noNote":
    "A guest needs a note saying who they are (whose friend, which event), for staff who meet the nick later.",
  "banSync.on":
    '✅ Ban sync is on: when someone is banned from this server, every nick they held goes on the deny list of its whitelist ("{reason}"), so no other account can register it; unbanning them lifts those denials (not the ones staff made). Bans made while I was offline are not seen.',
  "banSync.off":
    "✅ Ban sync is off: bans only remove nicks as any departure does. Denials a ban made stay until that member is unbanned, or staff lift them with `/whitelist undeny`.",
  "answers.deleted.title": "A member's message was deleted before I answered",
  "answers.deleted":
    "In {channel} a message with a nick was deleted (AutoMod, a moderation bot or the member) before I could answer it: I answered with a plain post mentioning the member instead. Nothing to fix unless such deletions are not meant. (Said once per channel until I restart.)",
  "answers.history.title": "I cannot reply or react to members",
  "answers.history":
    "In {channel} I lack {lacking}, which replies and reactions need: members get a plain post mentioning them instead of a reply or a ✅. To fix: allow it for the bot (or its role) in the channel's Edit Channel → Permissions. (Said once per channel until I restart.)",
  "answers.lacking.history": "Read Message History",
  "answers.lacking.reactions": "Add Reactions",
  "answers.lacking.both": "Read Message History and Add Reactions",
  "nickname.scope": "Discord lets no bot rename the server's owner{above}: they keep their own nicknames.",
  "nickname.scope.above": ", nor members holding {roles} (at or above my role)",
  "nickname.blocked": "⚠️ I can't set {member}'s nickname: {reason}.",

  // Message mode (src/bot/events/message-create.ts), read by everyone in the channel.
  "message.expiring": "⏳ **{nick}** is registered until it expires {when}.",
  "message.registered": "{reaction} **{nick}** is registered.",
  "message.rolesRefused": "You are registered, but I could not give you {roles}; staff have been told.",
  "message.paused":
    "Registrations on {whitelist} are paused: Discord is not letting me read messages right now (the bot's Message Content intent is off). Staff have been told; try again later.",

  // Expiry and durations (src/bot/expiry.ts).
  "time.in": "in {duration} ({when})",
  "time.days": { one: "{count} day", other: "{count} days" },
  "time.hours": { one: "{count} hour", other: "{count} hours" },
  "time.minutes": { one: "{count} minute", other: "{count} minutes" },
  "time.seconds": { one: "{count} second", other: "{count} seconds" },
  "time.forGood": "for good",
  "time.lifetime": "{duration} for members' own registrations (staff choose with `expires`)",

  // Staff's answers of /whitelist (src/bot/commands/whitelist/), in the language of whoever asked.
  "staff.list.none": "This server has no whitelist yet. Staff create one with `/whitelist create`.",
  "staff.list.header": { one: "{count} whitelist:", other: "{count} whitelists:" },
  "staff.list.item": "• **{name}** (`{id}`) in {channel}: {nickType}, {mode} mode, {nicks}{closed}",
  "staff.list.closed": ", closed",
  "staff.list.footer": "Details with `/whitelist show`; register with `/register`.",
  "staff.remove.done":
    "{removed} It belonged to {owner}. Roles given for it are taken back; game servers hear of it at once.",
  "staff.undeny.done":
    "✅ **{nick}** may be registered on **{whitelist}** again. Nothing was added back: its owner registers it again with `/register`, or staff with `/whitelist add`.",
  "staff.transfer.done":
    "🔀 **{nick}** on **{whitelist}** now belongs to {to} (it was {from}'s). Game servers see no change.",
  "staff.transfer.doneGuest":
    "🔀 **{nick}** on **{whitelist}** now belongs to {to} (it was a guest of {from}'s). Game servers see no change.",
  "staff.transfer.grantFailed": "I could not give them {roles}; the nick is theirs regardless.",
  "staff.transfer.revertFailed":
    "I could not take {roles} back from {from}; remove it by hand if they should not keep it.",
  "staff.whois.found": "🔎 **{nick}** is on {whitelists}.",
  "staff.whois.none": "🔎 **{nick}** is on no whitelist you can see.",
  "staff.whois.hidden": {
    one: "It is also on {count} whitelist you do not manage, for another member.",
    other: "It is also on {count} whitelists you do not manage, for another member.",
  },
  "staff.whois.more": "… and {count} more: name a whitelist.",
  "staff.member.partial": "the whitelists you manage",
  "staff.member.all": "this server's whitelists",
  "staff.member.linked": "Linked accounts (proven):",
  "staff.member.none": "{member} has no nicks on {where}.",
  "staff.member.header": {
    one: "{member} has {count} nick on {where}:",
    other: "{member} has {count} nicks on {where}:",
  },
  "staff.member.item": "• **{nick}** on **{whitelist}**: {how} {when}{expires}{verified}{ranks}",
  "staff.member.registered": "registered",
  "staff.member.addedBy": "added by {member}",
  "staff.member.expires": ", expires {when}",
  "staff.member.ranks": ", ranks: {groups}",
  "staff.member.verified": ", verified",
  "staff.member.awaiting": ", awaiting proof at first join",
  "staff.member.guests": "Guests they added (players without Discord):",
  "staff.member.guest": "• **{nick}** on **{whitelist}**: {note}, {when}{expires}",
  "staff.member.answers": "Form answers (below{files}{more}):",
  "staff.member.answers.files": "; the long ones whole in the file",
  "staff.member.answers.more": {
    one: "; {count} older not shown",
    other: "; {count} older not shown",
  },
  "staff.logChannel.off":
    "Logging is off. Approval requests need a log channel: set one again with `/whitelist log-channel`.",
  "staff.logChannel.set":
    "✅ I log to {channel} from now on. Keep it visible to staff only: approval buttons live there.",
  "staff.logChannel.failed": "⚠️ {channel} is set, but I could not post there.",
  "staff.export.done":
    "📄 **{whitelist}** as `{file}` ({nicks}). Put it in your server's folder, or let the server fetch it: `{url}` with a key from `/server-link create`.",
  "lookup.how.member": "the member registered it",
  "lookup.how.staff": "staff: `/whitelist add`, or an approved request",
  "lookup.how.guest": "staff: `/whitelist guest`, a player without Discord",
  "lookup.never": "never",
  "lookup.verified.yes": "yes: the owner proved the account",
  "lookup.verified.awaiting": "no: awaiting proof at first join, removed {when}",
  "lookup.entry.title": "{nick} on {whitelist}",
  "lookup.denial.title": "{nick} is denied on {whitelist}",
  "lookup.field.owner": "Owner",
  "lookup.field.addedBy": "Added by",
  "lookup.field.how": "How",
  "lookup.field.when": "When",
  "lookup.field.deniedBy": "Denied by",

  // Staff's answers of /server-link (src/bot/commands/server-link/). Their `Link id:`, `Key:` and `Signing secret:`
  // lines are not here: scripts read them, so they are the same in every language (src/shared/script-lines.ts).
  "staff.link.created":
    "🔑 Link **{name}** for {scope}, {access}. Copy the key now: it is shown once and never again.",
  "staff.link.howToUse": 'How to use: `curl -H "Authorization: Bearer {key}" {url}/whitelists`',
  "staff.link.next.remove": "Next: put the key in your plugin's config",
  "staff.link.next.read": "Next: keep the key on your own server (never in a web page or its scripts)",
  "staff.link.next":
    "{next}, or get events pushed with `/server-link webhook id:{id}`. Lost it? `/server-link revoke id:{id}` and create another.",
  "staff.link.none": "No links yet. Create one for your game server with `/server-link create`.",
  "staff.link.header": { one: "{count} link:", other: "{count} links:" },
  "staff.link.footer":
    "Keys are never shown again: revoke a lost one with `/server-link revoke` and create another.",
  "staff.link.item":
    "• **{name}** `{id}`{state}: {scope}; {access}; created {created} by {by}, {used}; {hook}",
  "staff.link.revoked": " — **revoked** {when}",
  "staff.link.neverUsed": "never used",
  "staff.link.lastUsed": "last used {when}",
  "staff.link.webhook": "webhook → {host} ({delivery})",
  "staff.link.noWebhook": "no webhook",
  "staff.link.delivery.none": "no delivery yet",
  "staff.link.delivery.last": "last {result} in {ms} ms {when}",
  "staff.link.delivery.failed": "failed: {error}",
  "staff.link.revokedDone":
    "🚫 Link **{name}** (`{id}`) is revoked: its key is refused from now on and its open connections are closed. Give the game server a new one with `/server-link create`.",
  "staff.webhook.removed": "Webhook of link `{id}` removed: no more deliveries. Set one again with a `url`.",
  "staff.webhook.set": "🪝 Link `{id}` now POSTs every change to **{host}**, signed per Standard Webhooks.",
  "staff.webhook.verify":
    "Verify the `webhook-signature` header with this secret (it is shown once). Each delivery's outcome appears in `/server-link list`; run this again to rotate the secret.",

  "staff.deny.premium": "Its premium account is denied too (UUID `{uuid}`), whatever it is renamed to.",
  "staff.deny.bedrock":
    "Its Xbox account is denied too (Floodgate UUID `{uuid}`), whatever gamertag it takes.",
  "staff.deny.unavailable":
    "⚠️ {service} could not be reached, so {nick} is denied by name only{before}: run this again later to deny its account too, whatever it is renamed to.",
  "staff.deny.before": " (and by the UUID found before)",
  "staff.deny.now":
    "⛔ **{nick}** is now denied on **{whitelist}**{reason}. Registering it is refused, for members and staff alike.",
  "staff.deny.still":
    "⛔ **{nick}** is still denied on **{whitelist}**{reason}. Registering it is refused, for members and staff alike.",
  "staff.deny.reason": ": {reason}",
  "staff.deny.noReason": " (no reason given)",
  "staff.deny.removed":
    "It was on the whitelist ({nicks}, for {owners}) and has been removed; roles given for it are taken back.",
  "staff.deny.undo": "Undo with {command}.",
  "staff.add.done": "✅ **{nick}** is on **{whitelist}** for {member}.",
  "staff.add.expires": "⏳ It expires {when}, and is then removed with its roles.",
  "staff.add.rolesRefused": "I could not give them {roles} (details in the log channel); the nick stands.",
  "staff.add.undo": "Undo with {command}.",
  "staff.guest.done": "✅ **{nick}** is on **{whitelist}** as your guest: {note}.",
  "staff.guest.noRoles":
    "No role is given and no member's limit counts them; they stay if you leave the server.",
  "staff.guest.expires": "⏳ They are removed by themselves {when}.",
  "staff.guest.undo": "Undo with {remove}; once they join the server, {transfer} makes the nick theirs.",

  // /whitelist create, edit, show (src/bot/commands/whitelist/, src/bot/commands/options.ts) and the refusals of
  // src/whitelists/ they give: a whitelist's settings, durations, nickname templates.
  "whitelist.floodgate": "Floodgate: {prefix}, {spaces} (the gamertag {gamertag} plays as {example})",
  "whitelist.floodgate.noPrefix": "no prefix",
  "whitelist.floodgate.prefix": "prefix {prefix}",
  "whitelist.floodgate.spacesReplaced": "spaces as `_`",
  "whitelist.floodgate.spacesKept": "spaces kept",
  "whitelist.floodgate.gamertag": "Alex Pocket",
  "whitelist.created": "✅ Created **{name}** (id `{id}`): {nickType} nicks, {max} per member.{floodgate}",
  "whitelist.created.floodgate": " {floodgate}.",
  "whitelist.how.command": "Members register with `/register` in {channel}.",
  "whitelist.how.message":
    "Members post their nick as a message in {channel}; I react ✅ or explain why not.",
  "whitelist.how.message.paused":
    "⚠️ Members post their nick as a message in {channel}, but that is paused: {paused}",
  "whitelist.how.approval":
    "Members use `/register` in {channel}; their requests appear in the log channel with Approve and Reject buttons.{logChannel}",
  "whitelist.how.approval.noLogChannel": " Set that channel first with `/whitelist log-channel`.",
  "whitelist.how.proof":
    "🔒 They prove their account first: they join `{address}` in Minecraft Java and type the code it shows with `/register code:` (staff additions need no proof and are marked unverified).",
  "whitelist.how.proof.off":
    "⚠️ Proof is required, but this service's link server is off (LINK_PORT is not set): members cannot prove an account, so they cannot register until it runs. Staff additions still work.",
  "whitelist.created.next":
    "Next: set required, granted and manager roles with `/whitelist roles`, and give your game server access with `/server-link create`.",
  "whitelist.edited.nothing":
    "Nothing to change: give at least one of name, channel, mode, max-nicks, enabled, remove-on-leave, floodgate-prefix, replace-spaces, entry-lifetime, on-role-loss, proof, proof-window, nickname.",
  "whitelist.edited": "✅ **{name}** now: {settings}.",
  "whitelist.edited.name": "name **{name}**",
  "whitelist.edited.channel": "channel {channel}",
  "whitelist.edited.mode": "mode {mode}",
  "whitelist.edited.maxNicks": {
    one: "{count} nick per member",
    other: "{count} nicks per member",
  },
  "whitelist.state.open": "open",
  "whitelist.state.closed": "closed for registrations",
  "whitelist.state.paused": "paused (see below)",
  "whitelist.edited.removeOnLeave": "nicks removed when members leave",
  "whitelist.edited.keepOnLeave": "nicks kept when members leave",
  "whitelist.edited.lifetime": "entry lifetime {lifetime}",
  "whitelist.edited.removeOnRoleLoss": "nicks removed when members lose every required role",
  "whitelist.edited.keepOnRoleLoss": "nicks kept when members lose every required role",
  "whitelist.edited.nicknamesAlone": "members' nicknames left alone",
  "whitelist.edited.nicknames": "members' nicknames follow **{template}**",
  "whitelist.edited.proof.required": "proof of ownership required",
  "whitelist.edited.proof.firstJoin": "proof of ownership at first join",
  "whitelist.edited.proof.off": "no proof of ownership asked",
  "whitelist.edited.proofWindow": "{window} to prove a nick at first join",
  "whitelist.respelled": {
    one: "{count} Bedrock nick respelled to match (sent as a removal and an addition).",
    other: "{count} Bedrock nicks respelled to match (each sent as a removal and an addition).",
  },
  "whitelist.respelled.clashes": {
    one: "{count} kept its old spelling: another nick already has the new one (see the service log).",
    other: "{count} kept their old spelling: another nick already has the new one (see the service log).",
  },
  "whitelist.respelled.pending": {
    one: "{count} still waits for GeyserMC to give its XUID; it is retried every 10 minutes.",
    other: "{count} still wait for GeyserMC to give their XUID; they are retried every 10 minutes.",
  },
  "whitelist.edited.lifetimeNote":
    "Nicks registered before keep the expiry they had; the new lifetime applies from now on.",
  "whitelist.edited.proofNote": "Nicks registered before stay; only new registrations need a proven account.",
  "whitelist.edited.settled": {
    one: "{count} nick waiting for proof at first join stays, unverified, and waits no more.",
    other: "{count} nicks waiting for proof at first join stay, unverified, and wait no more.",
  },
  "whitelist.edited.windowNote":
    "Nicks waiting for proof keep the time they had; the new window applies from now on.",
  "whitelist.edited.nicknamesStop":
    "Nicknames the bot set stay until each member's next change, which gives back the one they had.",
  "whitelist.edited.nicknamesFollow":
    "Each member's nickname follows from their next registration, rename, transfer or removal (nothing is renamed now); the one they had comes back when their last nick goes.",
  "whitelist.edited.closedHow": "Registrations are closed; reopen them with `enabled:True`.",
  "whitelist.edited.seeAll": "See every setting with `/whitelist show`.",
  "whitelist.show.staffHint":
    "Staff change settings with `/whitelist edit` and roles with `/whitelist roles`.",
  "whitelist.show.description": "id `{id}` · {status}",
  "whitelist.show.field.channel": "Channel",
  "whitelist.show.field.nickType": "Nick type",
  "whitelist.show.field.mode": "Mode",
  "whitelist.show.field.perMember": "Nicks per member",
  "whitelist.show.field.nicks": "Nicks",
  "whitelist.show.field.pending": "Pending requests",
  "whitelist.show.field.onLeave": "On leave",
  "whitelist.show.field.lifetime": "Entry lifetime",
  "whitelist.show.field.proof": "Proof of ownership",
  "whitelist.show.field.form": "Form",
  "whitelist.show.field.nicknames": "Nicknames",
  "whitelist.show.field.banSync": "Ban sync (server)",
  "whitelist.show.field.onRoleLoss": "On role loss",
  "whitelist.show.field.required": "Required roles",
  "whitelist.show.field.granted": "Granted roles",
  "whitelist.show.field.manager": "Manager roles",
  "whitelist.show.field.ranks": "Ranks (game group ← who is in it)",
  "whitelist.show.field.roleLimits": "Nick limits by role",
  "whitelist.show.field.denied": "Denied nicks",
  "whitelist.show.field.bedrock": "Bedrock",
  "whitelist.show.field.uuidsPending": "⚠️ Bedrock UUIDs pending",
  "whitelist.show.field.problems": "⚠️ Problems",
  "whitelist.show.field.paused": "⚠️ Registrations by message are paused",
  "whitelist.show.field.departures": "⚠️ Departures are not seen",
  "whitelist.show.field.roleLoss": "⚠️ Role losses are not seen",
  "whitelist.show.nicks": "{nicks} ({verified}{awaiting})",
  "whitelist.show.verified": {
    one: "{count} verified",
    other: "{count} verified",
  },
  "whitelist.show.awaiting": {
    one: ", {count} awaiting proof",
    other: ", {count} awaiting proof",
  },
  "whitelist.show.nicksRemoved": "nicks removed",
  "whitelist.show.nicksKept": "nicks kept",
  "whitelist.show.proof.off": "off: any nick may be registered",
  "whitelist.show.proof.firstJoin":
    "first-join: members prove their account when they first join the game server, within {window}",
  "whitelist.show.proof.required": "required: members prove their Java account at `{address}`",
  "whitelist.show.proof.linkOff":
    "required, but the link server is off (LINK_PORT unset): members cannot prove an account",
  "whitelist.show.form": {
    one: "{count} question: `/whitelist form show`",
    other: "{count} questions: `/whitelist form show`",
  },
  "whitelist.show.nicknames.alone": "left alone",
  "whitelist.show.nicknames": "follow the nick: **{template}**",
  "whitelist.show.banSync.on": "on: a Discord ban denies the member's nicks",
  "whitelist.show.banSync.off": "off",
  "whitelist.show.required.none": "none: anyone may register",
  "whitelist.show.manager.none": "none: Manage Server only",
  "whitelist.show.bedrock": "{floodgate}.",
  "whitelist.show.uuidsPending": {
    one: "{count} nick waits for GeyserMC to give its XUID, so `whitelist.json` cannot let it in yet. It is asked for every 10 minutes.",
    other:
      "{count} nicks wait for GeyserMC to give their XUID, so `whitelist.json` cannot let them in yet. They are asked for every 10 minutes.",
  },
  "whitelist.show.denials.count": {
    one: "{count} nick; staff see which.",
    other: "{count} nicks; staff see which.",
  },
  "whitelist.show.denials.header": {
    one: "{count} nick:",
    other: "{count} nicks:",
  },
  "whitelist.show.denials.reason": ": {reason}",
  "whitelist.show.denials.more": "… and {count} more (one at a time: `/whitelist whois`)",
  "error.whitelist.name": "A whitelist name is 1-32 letters, digits, `-` or `_`.",
  "error.whitelist.maxNicks": "Max nicks per user must be a whole number of at least 1.",
  "error.whitelist.floodgatePrefix":
    "A Floodgate prefix is up to 15 printable characters without spaces, as `username-prefix` in Floodgate's config.yml (its default is `.`). Floodgate quietly uses `.` instead of a prefix of 16 characters or more, so if yours is that long, your Bedrock players are named with `.`: set `.` here.",
  "error.whitelist.onRoleLoss": "On role loss is one of {allowed}.",
  "error.whitelist.proof": "Proof is one of {allowed}.",
  "error.whitelist.types": "{list} and {last}",
  "error.whitelist.proof.required":
    "Proof of ownership before registering is for {types} whitelists: {nickType} nicks cannot be proven by a Java login.",
  "error.whitelist.proof.firstJoin":
    "Proof at first join is for {types} whitelists: {nickType} nicks have no account to prove.",
  "error.whitelist.nameTaken": "A whitelist named “{name}” already exists.",
  "error.whitelist.nameLookalike":
    "A whitelist named “{name}” would be mistaken for “{existing}”, which already exists.",
  "error.whitelist.messageChannel":
    "That channel already takes message-mode registrations for {whitelist}, and a message can only register on one whitelist: pick another channel, or another mode.",
  "error.duration.format":
    "a whole number and a unit: `30m` (minutes), `12h` (hours) or `7d` (days), from 1 minute to 366 days",
  "error.duration.empty": "No duration given. Give {format}.",
  "error.duration.invalid": "“{typed}” is not a duration. Give {format}.",
  "error.duration.typed": "`{typed}`",
  "error.lifetime.tooShort":
    "{duration} is too short: an entry can last from 1 minute to 366 days (`1m` to `366d`).",
  "error.lifetime.tooLong":
    "{duration} is too long: an entry can last from 1 minute to 366 days (`1m` to `366d`).",
  "error.lifetime.whole": "An entry lifetime is whole seconds; got {seconds}.",
  "error.proofWindow": "A proof window is from 10 minutes to 30 days (10m to 30d); got {window}.",
  "error.nicknameTemplate.example":
    "Write it with `{mc}` for the Minecraft name, e.g. `{discord} ({mc})` or `{mc}`.",
  "error.nicknameTemplate.mcOnce": "A nickname template names the Minecraft name exactly once. {example}",
  "error.nicknameTemplate.discordOnce": "A nickname template names the Discord name at most once. {example}",
  "error.nicknameTemplate.invalid":
    "“{template}” is not a nickname template: the only placeholders are `{mc}` and `{discord}`, on one line. {example}",
  "error.nicknameTemplate.long":
    "A nickname template has at most {own} characters besides its placeholders, so that every Minecraft name (up to {mcMax}) fits in Discord's {max}.",
  "staff.delete.preview":
    "Deleting **{whitelist}** removes its {nicks} (roles given for them are taken back), drops its pending requests and revokes {keys} limited to it. Nothing changed yet: run {command} to go ahead.",
  "staff.delete.done":
    "🗑️ Deleted **{whitelist}**: {nicks} removed, {keys} revoked. Game servers using a server-wide key get 404 for it from now on; create a new one with `/whitelist create`.",

  // How an account reads (src/nicks/types.ts): the log channel, look-ups.
  "account.premium": "premium, UUID {uuid}",
  "account.notPremium": "not premium",
  "account.offline": "offline nick, not looked up",
  "account.bedrock": "Bedrock gamertag {gamertag}, {uuid}",
  "account.bedrock.uuid": "Floodgate UUID {uuid}",
  "account.bedrock.waiting": "its UUID waits for GeyserMC",

  // The log channel (src/bot/log-channel.ts): staff read it, in the server's language.
  "log.origin.discord": "Discord",
  "log.origin.api": "API/plugin",
  "log.origin.memberLeft": "member left",
  "log.origin.staff": "staff",
  "log.origin.system": "whitelist-sync",
  "log.origin.roleLost": "role lost",
  "log.origin.expired": "expired",
  "log.origin.renamed": "renamed (Mojang)",
  "log.origin.roles": "roles",
  "log.groups.title": "Ranks changed",
  "log.groups": "**{nick}** on **{whitelist}**",
  "log.groups.field.joined": "Joined",
  "log.groups.field.left": "Left",
  "log.groups.field.now": "Now in",
  "log.ranks.mapped.title": "Rank mapped",
  "log.ranks.unmapped.title": "Rank mapping removed",
  "log.ranks": "`{group}` ← {holders} on **{whitelist}**",
  "log.ranks.field.changed": "Nicks regrouped",
  "log.field.member": "Member",
  "log.field.by": "By",
  "log.field.origin": "Origin",
  "log.field.account": "Account",
  "log.field.verified": "Verified",
  "log.field.expires": "Expires",
  "log.field.why": "Why",
  "log.field.reason": "Reason",
  "log.field.request": "Request",
  "log.field.access": "Access",
  "log.field.nicks": "Nicks",
  "log.field.approvedBy": "Approved by",
  "log.field.rejectedBy": "Rejected by",
  "log.field.guest": "Guest",
  "log.byKey": "link key “{key}”",
  "log.guestOf": "of {member}: {note}",
  "log.added.title": "Nick added",
  "log.removed.title": "Nick removed",
  "log.added": "**{nick}** added to **{whitelist}**",
  "log.removed": "**{nick}** removed from **{whitelist}**",
  "log.verified.yes": "yes: proven by the member",
  "log.verified.no": "no",
  "log.verified.awaiting": "not yet: awaiting proof at first join, until {until}",
  "log.provenBy": "{member} proved they own this account (one owner per account per server).",
  "log.event": "event {id}",
  "log.events": "events {first}–{last}",
  "log.renamed.title": "Nick renamed",
  "log.renamed": "**{old}** is now **{nick}** on **{whitelist}**",
  "log.roles.grant.title": "Could not grant roles",
  "log.roles.revoke.title": "Could not remove roles",
  "log.roles.for": "For {member} (**{nick}**):",
  "log.roles.imported": { one: "{count} imported nick", other: "{count} imported nicks" },
  "log.roleReason.permission":
    "missing permission: give the bot Manage Roles and move its role above this one",
  "log.roleReason.unknownRole": "the role no longer exists",
  "log.roleReason.unknownMember": "the member is no longer in the server",
  "log.roleReason.managed":
    "an integration (a bot or Server Boosting) manages this role, so no one can give or take it: choose another role with /whitelist roles",
  "log.roleReason.refused": "Discord refused ({code}: {message})",
  "log.roleReason.unreachable": "Discord could not be reached ({message})",
  "log.roleReason.botUnreachable": "The bot could not reach Discord ({message}).",
  "log.roleReason.offline": "The Discord bot is not connected (no DISCORD_TOKEN).",
  "log.roleReason.unconfirmedGrant": "Discord did not confirm the role was given.",
  "log.roleReason.unconfirmedRevoke": "Discord did not confirm the role was removed.",
  "log.request.title": "Registration request",
  "log.request": "{member} asks for **{nick}** on **{whitelist}**",
  "log.request.footer": "Staff of this whitelist: approve or reject below.",
  "log.request.cut": "Long answers are cut here: /whitelist member shows them whole.",
  "log.request.approve": "Approve",
  "log.request.reject": "Reject",
  "log.request.cancelled.title": "Request cancelled",
  "log.request.cancelled": "The request of {member} for **{nick}** is cancelled: {because}.",
  "log.request.cancelled.deleted": "staff deleted **{whitelist}**",
  "log.request.cancelled.left": "they left the server",
  "log.request.approved.title": "Request approved",
  "log.request.rejected.title": "Request rejected",
  "log.request.decided": "**{nick}** on **{whitelist}** for {member}",
  "log.access.remove": "reads and removes",
  "log.access.read": "read-only",
  "log.key.created.title": "Link key created",
  "log.key.revoked.title": "Link key revoked",
  "log.key": "**{name}** (`{id}`) for {scope}",
  "log.scope.server": "the whole server",
  "log.scope.whitelist": "whitelist **{whitelist}**",
  "log.scope.deleted": "a deleted whitelist",
  "log.webhook.set.title": "Webhook set",
  "log.webhook.cleared.title": "Webhook removed",
  "log.webhook.set": "Link **{name}** (`{id}`) now posts its events to **{host}**",
  "log.webhook.cleared": "Link **{name}** (`{id}`) no longer posts events",
  "log.denied.title": "Nick denied",
  "log.allowed.title": "Nick allowed again",
  "log.denial": "**{nick}** on **{whitelist}**",
  "log.denial.uuid": "UUID {uuid}",
  "log.denial.byName": "by name only",
  "log.deleted.title": "Whitelist deleted",
  "log.deleted": "**{whitelist}** (`{id}`) is gone: {nicks} removed, {keys} revoked.",
  "log.count.nicks": { one: "{count} nick", other: "{count} nicks" },
  "log.count.keys": { one: "{count} link key", other: "{count} link keys" },
  "log.imported.title": "Nicks imported",
  "log.imported": "{added} from **{file}** ({lines}) added to **{whitelist}**, owned by {member}",
  "log.count.names": { one: "{count} name", other: "{count} names" },
  "log.transfer.title": "Nick handed over",
  "log.transfer": "**{nick}** on **{whitelist}**: {from} → {to}",
  "log.transfer.guestOf": "a guest of {member}",
  "log.list.item": "• **{nick}** from **{whitelist}**",
  "log.list.deleted": "• **{nick}** ({member})",
  "log.list.more": "… and {count} more: the full list is attached.",
  "log.left.title": "Member left",
  "log.roleLost.title": "Required role lost",
  "log.left": {
    one: "{member} left the server: {count} nick removed.",
    other: "{member} left the server: {count} nicks removed.",
  },
  "log.roleLost": {
    one: "{member} no longer holds a role their whitelists require: {count} nick removed.",
    other: "{member} no longer holds a role their whitelists require: {count} nicks removed.",
  },
  "log.channel.title": "Log channel",
  "log.channel":
    "{member} chose this channel for whitelist-sync's log: additions, removals, approval requests and role problems.",
  "log.intent.title": "Discord withholds the {intent}",
  "log.intent":
    "Until it is on, {without}.{paused}\nTo fix: turn on **{intent}** under {portal}, then restart whitelist-sync.",
  "log.intent.paused": " Paused: {whitelists}.",
  "log.file.departed": "nicks-removed-{member}.txt",
  "log.file.deleted": "{whitelist}-removed.txt",
  "log.file.item": "{nick} from {whitelist}",
  "log.file.deletedItem": "{nick} ({member})",
  "log.ban.title": "Member banned: nicks denied",
  "log.ban": '{member} was banned on Discord. Their nicks are denied ("{reason}") until they are unbanned.',
  "log.ban.removed":
    '{member} was banned on Discord. Their nicks are denied ("{reason}") until they are unbanned; {nicks} removed from the whitelists.',
  "log.ban.denied": "• **{whitelist}**: {nicks}",
  "log.ban.kept": "• **{whitelist}**, denied already: {nicks}",
  "log.ban.none": "They held no nick.",
  "log.unban.title": "Member unbanned: denials lifted",
  "log.unban":
    "{member} was unbanned on Discord. What their ban denied may be registered again (nothing is added back; denials staff made stay):",
  "log.unban.lifted": "• **{whitelist}**: {nicks}",

  // Privileged intents, as staff read of them (src/bot/intents.ts).
  "intent.portal":
    "Bot → Privileged Gateway Intents in the Discord developer portal (https://discord.com/developers/applications)",
  "intent.serverMembers.without":
    "members who leave keep their nicks, and so do members who lose a whitelist's required roles (neither is seen, and the check for what was missed while offline, at start and after reconnects, is off); remove their nicks with /whitelist remove",
  "intent.messageContent.without":
    "whitelists in message mode are paused, since the bot cannot read the nicks members post there; members who post or use /register there are told so",
  "intent.pausedForStaff":
    "Discord does not let the bot read messages. Turn on **Message Content Intent** under {portal}, then restart whitelist-sync.",
  "intent.departuresUnseen":
    "Discord does not tell the bot who leaves, so nicks stay until removed by hand. Turn on **Server Members Intent** under {portal}, then restart whitelist-sync.",
  "intent.roleLossUnseen":
    "Discord does not tell the bot when members lose roles, so nicks of members without a required role stay until removed by hand. Turn on **Server Members Intent** under {portal}, then restart whitelist-sync.",

  // Import, roles, access checks and setup checks (src/bot/commands/whitelist/import.ts, roles.ts, src/setup):
  // staff read them. Permission names and places as Discord's UI shows them in each language.
  "permission.AddReactions": "Add Reactions",
  "permission.Administrator": "Administrator",
  "permission.BanMembers": "Ban Members",
  "permission.ViewAuditLog": "View Audit Log",
  "permission.ManageNicknames": "Manage Nicknames",
  "permission.ViewChannel": "View Channel",
  "permission.SendMessages": "Send Messages",
  "permission.EmbedLinks": "Embed Links",
  "permission.AttachFiles": "Attach Files",
  "permission.ReadMessageHistory": "Read Message History",
  "permission.ManageRoles": "Manage Roles",
  "setup.list": "{first}, {rest}",
  "setup.rolesPlace": "Server Settings → Roles",
  "setup.turnOn.fix": "turn {permission} on for the bot's role in {place}",
  "setup.server.ok": "the bot has every permission it uses in {server}",
  "setup.server.lacks": "the bot lacks {permissions} in {server}",
  "setup.server.lacks.fix":
    "turn {permissions} on for the bot's role in {place} (or invite it again with the link of `whitelist-sync invite`, which asks for them)",
  "setup.banSync": "ban sync is on in {server}, but Discord tells the bot of no ban: it lacks {permission}",
  "setup.nickname.owner": "they own the server, and Discord lets no bot change the owner's nickname",
  "setup.nickname.above": "their highest role is at or above mine ({role}): drag {role} above it in {place}",
  "setup.nickname.permission": "I lack {permission}: turn it on for {role} in {place}",
  "setup.logChannel.gone": "the log channel ({id}) no longer exists in {server}",
  "setup.chooseAnother.fix": "choose another with {command}",
  "setup.channel.log": "the log channel {channel}",
  "setup.channel.whitelist": "{whitelist}'s channel {channel}",
  "setup.channel.post": "{where}: I can read and post there",
  "setup.channel.react": "{where}: I can read, answer and react there",
  "setup.channel.lacks": "{where}: I lack {permissions} there",
  "setup.channel.lacks.fix":
    "allow {permissions} for the bot (or its role) in {channel}'s Edit Channel → Permissions",
  "setup.whitelist.channelGone": "{whitelist}: its channel ({id}) no longer exists",
  "setup.whitelist.roleGone.required": "{whitelist}: a required role ({id}) no longer exists",
  "setup.whitelist.roleGone.manager": "{whitelist}: a manager role ({id}) no longer exists",
  "setup.whitelist.roleGone.granted": "{whitelist}: a granted role ({id}) no longer exists",
  "setup.whitelist.setRoles.fix": "set its roles again with {command}",
  "setup.whitelist.managed": "{whitelist}: I can't grant {role}: an integration manages it",
  "setup.whitelist.managed.fix": "grant a role of your own instead with {command}",
  "setup.whitelist.cannotGrant": "{whitelist}: I can't grant {role}: I lack {permission}",
  "setup.whitelist.below": "{whitelist}: I can't grant {role}: my role is below it",
  "setup.whitelist.below.fix": "drag the bot's role ({bot}) above {role} in {place}",
  "setup.whitelist.canGrant": "{whitelist}: I can grant {role}",
  "setup.whitelist.nicknames.ok": "{whitelist}: I can set members' nicknames",
  "setup.whitelist.nicknames.lacks":
    "{whitelist}: members' nicknames should follow their Minecraft names, but I lack {permission}",
  "setup.whitelist.messageContent":
    "{whitelist} registers by message, but the Message Content Intent is off: members' nicks can't be read",
  "setup.whitelist.messageContent.fix": "switch the Message Content Intent on in {portal}, or {command}",
  "setup.whitelist.noLogChannel":
    "{whitelist} needs staff approval, but no log channel is set to post requests in",
  "setup.whitelist.noLogChannel.fix": "set one with {command}",
  "setup.warning": "⚠️ {title}. Fix: {fix}.",
  "access.rolesUnseen":
    "⚠️ Discord does not let me see members' roles (the Server Members Intent is off), so members without a required role keep their nicks until removed by hand.",
  "access.allHold": "Every member with a nick on it holds one of its required roles.",
  "access.removed": {
    one: "{count} nick of a member holding none of its required roles was removed (origin: role lost).",
    other: "{count} nicks of members holding none of its required roles were removed (origin: role lost).",
  },
  "ranks.oneHolder":
    "Name who is in the group with one option: `role`, or `members` (everyone on the whitelist, or its verified accounts).",
  "ranks.holder.everyone": "everyone on the whitelist",
  "ranks.holder.verified": "verified accounts",
  "ranks.line": "`{group}` ← {holders}",
  "ranks.added":
    "{holder} → `{group}` on **{whitelist}**: the game servers' agents give each player their group.",
  "ranks.addedAgain": "{holder} is already in `{group}` on **{whitelist}**: nothing changed.",
  "ranks.changed": "Nicks whose groups changed: {count}.",
  "ranks.removed": "`{group}` on **{whitelist}** no longer follows {holders}.",
  "ranks.noneRemoved": "**{whitelist}** maps nothing to `{group}`: nothing changed.",
  "ranks.noneRemoved.holder": "**{whitelist}** does not put {holder} in `{group}`: nothing changed.",
  "ranks.rolesUnseen":
    "⚠️ Discord does not give the bot the Server Members intent: it sees no role change, so groups follow the roles members had when they registered until it is enabled.",
  "ranks.list.none": "**{whitelist}** maps no role to a game group. Add one with `/whitelist ranks add`.",
  "ranks.list.header": "Ranks of **{whitelist}** (game group ← who is in it):",
  "ranks.list.how":
    "Game servers apply them through the `sync` agent (`--groups luckperms`, `--on-group-add`, or a Bedrock server's permissions.json).",
  "roleLimit.usage":
    "Write a role's nick limit as `<role>=<number>` (1-{max}), e.g. `@Donor=3`, or `@Donor=none` to clear it; the role by its mention, id or exact name.",
  "roleLimit.ambiguous": "Several roles are named “{name}”: give the role's mention or id instead.",
  "roleLimit.unknownName":
    "There is no role “{name}” on this server, so no limit was set. Pick it by its mention (type @ and its name), its id, or its exact name.",
  "roleLimit.unknownId":
    "There is no role with the id {id} on this server, so no limit was set. Pick it by its mention (type @ and its name), its id, or its exact name.",
  "roleLimit.notNumber":
    "A role's nick limit is a whole number from 1 to {max}, or none to clear it; “{value}” is neither.",
  "roleLimit.none": "none (every member: {max}, max-nicks)",
  "roleLimit.others": " (a member gets their roles' highest; {max} without any, max-nicks)",
  "roleLimit.more": " … and {count} more",
  "roles.list.required": "Required (one of them lets a member register)",
  "roles.list.granted": "Granted on registration",
  "roles.list.manager": "Managers (add and remove anyone's nicks)",
  "roles.everyone": "@everyone cannot be used here; pick a real role.",
  "roles.header": "Roles of **{whitelist}**:",
  "roles.header.changed": "✅ Roles of **{whitelist}**:",
  "roles.line": "• {label}: {roles}",
  "roles.limits": "• Nick limits by role: {limits}",
  "roles.how":
    "Change a list with `add-…`/`remove-…` (one role each), or empty it with `clear`; set a role's nick limit with `limit:@Role=3` (`@Role=none` clears it).",
  "import.outcome.added": "added",
  "import.outcome.wouldBeAdded": "would be added",
  "import.outcome.already": "already there",
  "import.outcome.invalid": "invalid",
  "import.outcome.denied": "denied",
  "import.outcome.unchecked": "not checked",
  "import.outcome.refused": "refused",
  "import.format.plain": "a plain list",
  "import.format.easywhitelist": "an EasyWhitelist config.yml",
  "import.format.vanilla": "a Minecraft whitelist.json",
  "import.file": "**{file}** ({format}, {names})",
  "import.tally": "{label}: {count}",
  "import.dryRun": "🔎 Dry run of {file} on **{whitelist}** for {member}: nothing was changed.",
  "import.done": "📥 Imported {file} into **{whitelist}** for {member}.",
  "import.unchecked": {
    one: "⏳ {count} name could not be looked up, so nothing was stored for it: import the same file again later (what is already on the whitelist then reads “{already}”).",
    other:
      "⏳ {count} names could not be looked up, so nothing was stored for them: import the same file again later (what is already on the whitelist then reads “{already}”).",
  },
  "import.rolesRefused": "I could not give {member} {roles} (details in the log channel); the nicks stand.",
  "import.next":
    "Every name and what became of it is in the attached `{file}`. Hand nicks over to their players with `/whitelist transfer`.",
  "import.next.dryRun":
    "Every name and what became of it is in the attached `{file}`. Run the command again without `dry-run` to import.",
  "import.detail.taken": "already on {whitelist}",
  "import.detail.held": "already on {whitelist} ({nick})",
  "import.detail.notPremium": "not a premium account; {whitelist} takes premium accounts only",
  "import.detail.unreachable": "{service} could not be reached: not checked, import the file again",
  "import.detail.earlier": "listed earlier, on line {line}",
  "import.detail.meanwhile": "registered on {whitelist} meanwhile",
  "import.detail.notStored": "not stored: {reason}",
  "import.detail.unexpected": "an unexpected error stopped the import (it is logged)",
  "import.refused.noNick": {
    one: "The {count} line of {file} is not a nick {whitelist} takes, so it is not a list of nicks. {attach}",
    other:
      "None of the {count} lines of {file} is a nick {whitelist} takes, so it is not a list of nicks. {attach}",
  },

  // The staff dashboard in the browser (src/dashboard/; docs/dashboard.md).
  "dashboard.skip": "Skip to the content",
  "dashboard.signedInAs": "Signed in as {name}",
  "dashboard.signOut": "Sign out everywhere",
  "dashboard.nav.server": "Pages of {server}",
  "dashboard.yes": "yes",
  "dashboard.no": "no",
  "dashboard.signIn.title": "Sign in",
  "dashboard.signIn.intro":
    "The whitelist-sync dashboard shows the servers you are on, with what Discord lets you see there: staff their whitelists, requests and log, members their own nicks.",
  "dashboard.signIn.button": "Sign in with Discord",
  "dashboard.signIn.signedOut": "You are signed out, on every device, and Discord's access is revoked.",
  "dashboard.error.title": "Not possible",
  "dashboard.error.back": "Back to your servers",
  "dashboard.error.notFound": "There is nothing here, or nothing you may see.",
  "dashboard.error.forbidden":
    "This was refused: it did not come from your own dashboard page, or you are not signed in. Open the page again and retry.",
  "dashboard.error.internal": "Something went wrong on our side; it has been logged. Try again later.",
  "dashboard.error.discord": "Discord could not be reached. Try again in a minute.",
  "dashboard.error.badForm": "The form was not filled in as expected. Open the page again and retry.",
  "dashboard.error.memberLeft":
    "This member is no longer on the server, so their request cannot be approved.",
  "dashboard.error.signInExpired": "This sign-in ran out or was started in another browser. Sign in again.",
  "dashboard.error.signInCancelled": "The sign-in was cancelled on Discord.",
  "dashboard.error.signInRefused": "Discord refused the sign-in. Sign in again.",
  "dashboard.servers.title": "Your servers",
  "dashboard.servers.none":
    "None of your servers uses whitelist-sync, or there is nothing on them you may see.",
  "dashboard.access.server": "you manage this server",
  "dashboard.access.manager": "you manage {whitelists}",
  "dashboard.access.member": "your own nicks",
  "dashboard.tab.overview": "Whitelists",
  "dashboard.tab.requests": "Requests",
  "dashboard.tab.log": "Audit log",
  "dashboard.tab.keys": "Link keys",
  "dashboard.tab.me": "My page",
  "dashboard.overview.title": "Whitelists",
  "dashboard.overview.member":
    "You are a member here: your page shows your nicks, linked accounts and requests.",
  "dashboard.overview.yours": "Your page",
  "dashboard.overview.whitelists": "Whitelists you see",
  "dashboard.overview.noWhitelists": "No whitelist here that you may see.",
  "dashboard.overview.settings": "Settings",
  "dashboard.overview.requests": "Requests",
  "dashboard.overview.pending": { one: "{count} request waiting", other: "{count} requests waiting" },
  "dashboard.overview.activity": "Registrations and removals",
  "dashboard.whitelist.open": "open",
  "dashboard.whitelist.closed": "closed",
  "dashboard.column.name": "Name",
  "dashboard.column.nickType": "Nick type",
  "dashboard.column.mode": "Registration",
  "dashboard.column.state": "State",
  "dashboard.column.nick": "Nick",
  "dashboard.column.owner": "Member",
  "dashboard.column.details": "Details",
  "dashboard.column.added": "Added",
  "dashboard.column.remove": "Remove",
  "dashboard.column.when": "When",
  "dashboard.column.change": "Change",
  "dashboard.column.whitelist": "Whitelist",
  "dashboard.column.by": "By",
  "dashboard.column.origin": "Origin",
  "dashboard.column.reason": "Reason",
  "dashboard.chart.caption": "Registrations and removals per day, the last {days} days (UTC).",
  "dashboard.chart.day": "{day}: {added} added, {removed} removed",
  "dashboard.chart.added": "added",
  "dashboard.chart.removed": "removed",
  "dashboard.chart.asTable": "The same as a table",
  "dashboard.chart.dayColumn": "Day",
  "dashboard.entries.title": "Entries of {whitelist}",
  "dashboard.entries.caption": "The nicks on {whitelist}",
  "dashboard.entries.search": "Nick starts with",
  "dashboard.entries.filter": "State",
  "dashboard.entries.kind": "Kind",
  "dashboard.entries.apply": "Show",
  "dashboard.entries.none": "No entry matches.",
  "dashboard.entries.pages": "Pages",
  "dashboard.entries.first": "First page",
  "dashboard.entries.next": "Next page",
  "dashboard.entries.export": "Download",
  "dashboard.entries.reason": "Reason (optional)",
  "dashboard.entries.reasonFor": "Reason for removing {nick}",
  "dashboard.entries.remove": "Remove",
  "dashboard.entries.confirm": "Remove {nick} from the whitelist?",
  "dashboard.entries.removed": "{nick} was removed.",
  "dashboard.filter.all": "all",
  "dashboard.filter.verified": "verified",
  "dashboard.filter.awaiting-proof": "awaiting proof",
  "dashboard.filter.expiring": "expiring",
  "dashboard.kind.any": "any",
  "dashboard.kind.premium": "Java, premium",
  "dashboard.kind.offline": "Java, offline",
  "dashboard.kind.bedrock": "Bedrock",
  "dashboard.kind.guest": "guest (no Discord)",
  "dashboard.entry.guest": "guest",
  "dashboard.entry.bedrock": "Bedrock",
  "dashboard.entry.premium": "premium",
  "dashboard.entry.offline": "offline",
  "dashboard.entry.verified": "verified",
  "dashboard.entry.awaiting": "awaiting proof until {when}",
  "dashboard.entry.expires": "expires {when}",
  "dashboard.requests.title": "Requests waiting",
  "dashboard.requests.none": "No request is waiting.",
  "dashboard.requests.heading": "{nick} on {whitelist}",
  "dashboard.requests.by": "Asked by {member}, {when}.",
  "dashboard.requests.member": "Their page",
  "dashboard.requests.noAnswers": "No answers to a form.",
  "dashboard.requests.reason": "Reason (optional; the member reads it)",
  "dashboard.requests.approve": "Approve",
  "dashboard.requests.reject": "Reject",
  "dashboard.requests.approved": "{nick} was approved.",
  "dashboard.requests.rejected": "{nick} was rejected.",
  "dashboard.settings.title": "Settings of {whitelist}",
  "dashboard.settings.channel": "Channel",
  "dashboard.settings.requiredRoles": "Required roles",
  "dashboard.settings.grantedRoles": "Granted roles",
  "dashboard.settings.managerRoles": "Manager roles",
  "dashboard.settings.maxNicks": "Nicks per member",
  "dashboard.settings.lifetime": "Entries expire after",
  "dashboard.settings.lifetimeHelp": "A duration such as 30d or 12h; empty: for good.",
  "dashboard.settings.forGood": "for good",
  "dashboard.settings.proof": "Proof of ownership",
  "dashboard.settings.inDiscord": "Channel and roles are changed in Discord with /whitelist edit.",
  "dashboard.settings.change": "Change",
  "dashboard.settings.removeOnLeave": "Remove nicks of members who leave",
  "dashboard.settings.onRoleLoss": "When a member loses the required roles",
  "dashboard.settings.save": "Save",
  "dashboard.settings.saved": "Saved.",
  "dashboard.member.title": "{member}",
  "dashboard.member.yours": "Your page",
  "dashboard.member.partial": "Only the whitelists you manage are shown.",
  "dashboard.member.nicks": "Nicks",
  "dashboard.member.registered": "registered themselves",
  "dashboard.member.addedBy": "added by {member}",
  "dashboard.member.guests": "Players without Discord they added",
  "dashboard.member.linked": "Linked Java accounts",
  "dashboard.member.waiting": "Requests waiting",
  "dashboard.member.answers": "Form answers",
  "dashboard.member.history": "History",
  "dashboard.log.title": "Audit log",
  "dashboard.log.every": "all",
  "dashboard.log.added": "added",
  "dashboard.log.removed": "removed",
  "dashboard.log.member": "Member (Discord id)",
  "dashboard.log.live": "New changes appear at the top as they happen.",
  "dashboard.log.arrived": "A new change arrived.",
  "dashboard.log.none": "No change yet.",
  "dashboard.log.newest": "Newest",
  "dashboard.log.older": "Older",
  "dashboard.log.key": "key {name}",
  "dashboard.keys.title": "Link keys",
  "dashboard.keys.id": "Id",
  "dashboard.keys.scope": "Reaches",
  "dashboard.keys.access": "May",
  "dashboard.keys.lastUsed": "Last used",
  "dashboard.keys.webhookColumn": "Webhook",
  "dashboard.keys.wholeServer": "every whitelist of the server",
  "dashboard.keys.noWebhook": "none",
  "dashboard.keys.webhookUnused": "{host}, nothing sent yet",
  "dashboard.keys.webhook": "{host}: {outcome}, {when} ({ms} ms)",
  "dashboard.keys.created": "{member}, {when}",
  "dashboard.keys.revoke": "Revoke",
  "dashboard.keys.confirm": "Revoke the key {name}? Game servers using it lose access at once.",
  "dashboard.keys.revoked": "revoked {when}",
  "dashboard.keys.revokedDone": "The key {name} was revoked.",
  "dashboard.keys.none": "No link key yet.",
  "dashboard.keys.new": "New key",
  "dashboard.keys.create": "Create the key",
  "dashboard.keys.createdOnce": "The key {name} was created. Copy it now: it is shown only this once.",
  "dashboard.keys.agentColumn": "Agent",
  "dashboard.keys.agentNone": "no report",
  "dashboard.keys.agentConnected": "connected, last report {when}",
  "dashboard.keys.agentDisconnected": "disconnected, last seen {when}",
  "dashboard.keys.agentFile": "{agent}, writes a {format} file",
  "dashboard.keys.agentManagement": "{agent}, through the server's management API",
  "dashboard.keys.agentApplied": "last change applied: {id}",
  "dashboard.keys.agentNoneApplied": "no change applied since its last full read",
  "dashboard.keys.agentDrift": "players changed by someone else in its list: {count}",
  "dashboard.keys.agentError": "last error ({when}): {error}",
  "dashboard.keys.agents":
    "The agent of a game server (whitelist-sync sync) reports its state over its socket; for a key used by another client, its last use and its webhook's last delivery are what the service knows.",
} as const satisfies Readonly<Record<string, string | { readonly one: string; readonly other: string }>>;

// Commands, their options and choices, by path (src/bot/localize.ts): the description of a command or an option,
// the name of a choice, and the name of the commands members type (each language names those its own way). The
// definitions under src/bot/commands/ take their English from here; `* <last words>` is one entry for an option or
// a choice that reads the same under several commands. Option names, and the names of /whitelist, /server-link and
// /texts and their subcommands, stay English in every language (docs/decisions.md, Languages): the definitions'.
export const enCommands = {
  whitelist: { description: "Manage the server's Minecraft whitelists" },
  "whitelist create": { description: "Create a whitelist bound to a channel (Manage Server)" },
  "whitelist create name": { description: "1-32 letters, digits, - or _ (unique on this server)" },
  "* channel": { description: "The channel where members register" },
  "whitelist create nick-type": { description: "Which nicks it accepts" },
  "* nick-type java": { name: "java: Java Edition, premium status looked up" },
  "* nick-type premium": { name: "premium: paid Java accounts only" },
  "* nick-type offline": { name: "offline: Java syntax, never looked up" },
  "* nick-type bedrock": { name: "bedrock: Xbox gamertag (Floodgate)" },
  "* mode": { description: "How members register" },
  "* mode command": { name: "command: members run /register" },
  "* mode message": { name: "message: members post their nick in the channel" },
  "* mode approval": { name: "approval: /register files a request staff approve" },
  "* max-nicks": { description: "How many nicks one member may register" },
  "* floodgate-prefix": {
    description: "Bedrock: your Floodgate username-prefix (default .); type none for no prefix",
  },
  "* replace-spaces": {
    description: "Bedrock: your Floodgate replace-spaces (default True: spaces in gamertags become _)",
  },
  "* proof": { description: "Must members prove they own the account they register, and when?" },
  "* proof off": { name: "off: members register any nick (default)" },
  "* proof required": { name: "required: members prove their Java account first (java, premium)" },
  "* proof first-join": {
    name: "first-join: proven when the player first joins the game server (java, premium, bedrock)",
  },
  "* proof-window": {
    description: "With proof first-join: how long a new nick waits for its proof, 10m to 30d (default 1d)",
  },
  "whitelist edit": { description: "Change a whitelist's settings (Manage Server)" },
  "* whitelist": { description: "The whitelist (its name or id)" },
  "whitelist edit name": { description: "A new name (1-32 letters, digits, - or _)" },
  "whitelist edit enabled": { description: "False closes registrations; the nicks stay served" },
  "whitelist edit remove-on-leave": { description: "Remove a member's nicks when they leave the server" },
  "whitelist edit entry-lifetime": {
    description: "Members' own registrations expire after 30m, 12h, 7d… (up to 366d); none: never",
  },
  "whitelist edit on-role-loss": {
    description: "A member's nicks when they no longer hold any required role",
  },
  "whitelist edit on-role-loss remove": { name: "remove: their nicks go (default)" },
  "whitelist edit on-role-loss keep": { name: "keep: their nicks stay" },
  "whitelist edit nickname": {
    description: "Members' server nicknames follow their nick: {discord} ({mc}), {mc}…; none: left alone",
  },
  "whitelist delete": {
    description: "Delete a whitelist, its nicks and the link keys limited to it (Manage Server)",
  },
  "whitelist delete confirm": { description: "True to really delete; without it you only see what would go" },
  "whitelist list": { description: "List this server's whitelists" },
  "whitelist show": { description: "Show a whitelist's settings and roles" },
  "whitelist roles": {
    description: "Edit a whitelist's required, granted and manager roles (Manage Server)",
  },
  "whitelist roles add-required": {
    description: "Add a role: Required (one of them lets a member register)",
  },
  "whitelist roles remove-required": { description: "Remove a role from the required roles" },
  "whitelist roles add-granted": { description: "Add a role: Granted on registration" },
  "whitelist roles remove-granted": { description: "Remove a role from the granted roles" },
  "whitelist roles add-manager": { description: "Add a role: Managers (add and remove anyone's nicks)" },
  "whitelist roles remove-manager": { description: "Remove a role from the manager roles" },
  "whitelist roles clear": { description: "Empty one list, or every role limit (before any add)" },
  "whitelist roles clear required": { name: "required roles" },
  "whitelist roles clear granted": { name: "granted roles" },
  "whitelist roles clear manager": { name: "manager roles" },
  "whitelist roles clear limits": { name: "role limits" },
  "whitelist roles limit": {
    description: "A role's nick limit: <role>=<n> (1-100), or <role>=none to clear it",
  },
  "whitelist add": { description: "Register a nick for a member (whitelist staff)" },
  "whitelist add member": { description: "Who the nick belongs to" },
  "whitelist add nick": { description: "Their Minecraft nick" },
  "whitelist add expires": {
    description: "Remove it by itself after 30m, 12h, 7d… (1 minute to 366 days); default: never",
  },
  "whitelist guest": {
    description: "Whitelist a player who is not on this Discord server (whitelist staff)",
  },
  "whitelist guest nick": { description: "Their Minecraft nick" },
  "whitelist guest note": {
    description: "Who they are, for staff who meet the nick later (whose friend, which event)",
  },
  "whitelist guest expires": {
    description: "Remove them by themselves after 30m, 12h, 7d… (1 minute to 366 days); default: never",
  },
  "whitelist remove": { description: "Remove a nick from a whitelist (its owner or whitelist staff)" },
  "* nick": { description: "The nick, in any letter case" },
  "whitelist export": { description: "Download a whitelist as a server file (whitelist staff)" },
  "whitelist export format": { description: "Which file" },
  "whitelist export format plain": { name: "plain: whitelist.txt, one nick per line" },
  "whitelist export format easywhitelist": { name: "easywhitelist: config.yml of the EasyWhitelist plugin" },
  "whitelist export format vanilla": { name: "vanilla: Minecraft's whitelist.json" },
  "whitelist export format bds": { name: "bds: Bedrock Dedicated Server's allowlist.json" },
  "whitelist import": {
    description: "Import a whitelist.json, a nick list or an EasyWhitelist config.yml (whitelist staff)",
  },
  "whitelist import file": { description: "The file, up to 1 MiB and 10,000 names" },
  "whitelist import member": { description: "Who the nicks belong to (default: you; hand over later)" },
  "whitelist import dry-run": { description: "Only report what would happen; change nothing" },
  "whitelist transfer": { description: "Hand a nick over to another member (whitelist staff)" },
  "whitelist transfer member": { description: "Who the nick belongs to from now on" },
  "whitelist transfer whitelist": {
    description: "Which whitelist (default: the one of this channel, or the server's only one)",
  },
  "whitelist log-channel": {
    description: "Choose where I log changes and approval requests (Manage Server)",
  },
  "whitelist log-channel channel": { description: "The log channel; leave it out to stop logging" },
  "whitelist ban-sync": {
    description: "Discord bans deny the banned member's nicks; unbans lift them (Manage Server)",
  },
  "whitelist ban-sync enabled": { description: "True: bans reach the whitelists; false: they do not" },
  "whitelist deny": {
    description: "Refuse a nick on a whitelist, and remove it if it is there (whitelist staff)",
  },
  "whitelist deny nick": { description: "The Minecraft nick (Bedrock: the gamertag) to refuse" },
  "whitelist deny reason": { description: "Why: shown to whoever tries to register it" },
  "whitelist undeny": { description: "Allow a denied nick on a whitelist again (whitelist staff)" },
  "whitelist undeny nick": { description: "The denied nick" },
  "whitelist whois": {
    description: "Who holds a nick: owner, added by, when, how, expiry (staff; members: their own nicks)",
  },
  "whitelist whois nick": {
    description: "The nick, in any letter case (Bedrock: the gamertag or the in-game name)",
  },
  "whitelist whois whitelist": {
    description: "Only this whitelist (default: every whitelist of the server)",
  },
  "whitelist member": { description: "A member's nicks on every whitelist (staff; members: themselves)" },
  "whitelist member user": { description: "Whose nicks" },
  "whitelist ranks": { description: "Game groups (ranks) that follow Discord roles" },
  "whitelist ranks add": {
    description: "Put a role's holders in a game group on the servers (Manage Server)",
  },
  "whitelist ranks add group": {
    description: "The game group, as LuckPerms names it (1-36 of a-z 0-9 _ - . +)",
  },
  "whitelist ranks add role": {
    description: "A role (managed ones too; @everyone: everyone on the whitelist)",
  },
  "whitelist ranks add members": {
    description: "Instead of a role: everyone on the whitelist, or its verified accounts",
  },
  "* members everyone": { name: "everyone on the whitelist" },
  "* members verified": { name: "verified accounts (proven by their owner)" },
  "whitelist ranks remove": { description: "Stop putting a role's holders in a game group (Manage Server)" },
  "whitelist ranks remove group": { description: "The game group" },
  "whitelist ranks remove role": {
    description: "Only this role's mapping (neither option: every mapping of the group)",
  },
  "whitelist ranks remove members": { description: "Only the mapping of everyone, or of verified accounts" },
  "whitelist ranks list": { description: "Which game groups a whitelist's roles map to" },
  "whitelist form": { description: "The questions members answer when they register" },
  "whitelist form set": { description: "Set a question of a whitelist's form (Manage Server)" },
  "whitelist form set number": { description: "Which question, 1-5 (past the last: a new one at the end)" },
  "whitelist form set question": { description: "What members read above the box" },
  "whitelist form set style": { description: "One line (default) or a paragraph" },
  "whitelist form set style short": { name: "short: one line" },
  "whitelist form set style paragraph": { name: "paragraph: several lines" },
  "whitelist form set required": { description: "Whether it must be answered (default: yes)" },
  "whitelist form set min-length": { description: "The fewest characters an answer takes (default 0)" },
  "whitelist form set max-length": {
    description: "The most characters (default: 100 for a line, 1000 for a paragraph)",
  },
  "whitelist form set hint": { description: "Grey text in the empty box, e.g. an example answer" },
  "whitelist form remove": { description: "Remove a question from a whitelist's form (Manage Server)" },
  "whitelist form remove number": { description: "Which question, 1-5" },
  "whitelist form clear": {
    description: "Remove a whitelist's form: members register without questions (Manage Server)",
  },
  "whitelist form show": { description: "The questions a whitelist asks when members register" },
  "whitelist form preview": {
    description: "Open a whitelist's form as members see it; nothing is sent (whitelist staff)",
  },
  "whitelist form retention": {
    description: "How many days form answers are kept once decided (Manage Server)",
  },
  "whitelist form retention days": { description: "0-365 (0: only while a request waits; default 30)" },
  register: {
    name: "register",
    description: "Put your Minecraft nick on a whitelist (or the code the link server showed you)",
  },
  "register nick": { description: "Your Minecraft nick" },
  "register whitelist": {
    description: "Which whitelist (default: the one of this channel, or the server's only one)",
  },
  "register code": { description: "Instead of a nick: the code the link server showed you, e.g. K7QX-29MD" },
  unregister: { name: "unregister", description: "Take a Minecraft nick off a whitelist" },
  "unregister nick": { description: "The nick to remove" },
  "unregister whitelist": {
    description: "Which whitelist (default: the one of this channel, or the server's only one)",
  },
  link: {
    name: "link",
    description: "Prove a Minecraft Java account is yours: the code the link server showed you",
  },
  "link code": {
    description: "The code shown when you joined the link server, e.g. K7QX-29MD (none: how to get one)",
  },
  unlink: { name: "unlink", description: "Forget a Minecraft Java account linked to you on this server" },
  "unlink account": { description: "Its name (default: your only linked account)" },
  "unlink member": { description: "Staff (Manage Server): unlink this member's account instead" },
  "server-link": { description: "Link keys and webhooks for game servers and integrations (Manage Server)" },
  "server-link create": { description: "Create a key for a game server or integration (Manage Server)" },
  "server-link create name": { description: "What it is for, e.g. survival-server" },
  "server-link create whitelist": { description: "Limit it to one whitelist (default: the whole server)" },
  "server-link create may-remove": {
    description: "May it remove nicks? False for a web page or a dashboard (default: true)",
  },
  "server-link revoke": { description: "Revoke a link key at once (Manage Server)" },
  "* id": { description: "The link's id (shown when it was created and in /server-link list)" },
  "server-link webhook": { description: "Post this link's events to a URL, or stop (Manage Server)" },
  "server-link webhook url": { description: "http(s) URL to POST events to; leave out to remove" },
  "server-link list": { description: "List the server's link keys and webhooks (Manage Server)" },
  texts: { description: "Word what members read your way, and the bot's language here (Manage Server)" },
  "texts list": { description: "The texts you may word your way, as members read them now (Manage Server)" },
  "texts set": { description: "Word a text members read your way, with its {placeholders} (Manage Server)" },
  "* text": { description: "Which text members read" },
  "* text public.registered": { name: "registered: the answer to a registration" },
  "* text public.refused": { name: "refused: a request staff did not approve" },
  "* text public.approved": { name: "approved: a request staff approved" },
  "* text public.removed": { name: "removed: a nick taken off a whitelist" },
  "texts set wording": { description: "The text; placeholders in braces, e.g. {nick} and {whitelist}" },
  "texts preview": {
    description: "See a text as members read it, or try a wording without saving it (Manage Server)",
  },
  "texts preview wording": { description: "A wording to try; nothing is saved" },
  "texts reset": { description: "Bring a text's default wording back (Manage Server)" },
  "texts language": {
    description: "The language of what everyone reads here: log, approval posts (Manage Server)",
  },
  "texts language language": {
    description: "One of the bot's languages, or the server's language in Discord",
  },
  "texts language language discord": { name: "the server's language in Discord" },
} as const satisfies Readonly<Record<string, { readonly name?: string; readonly description?: string }>>;
