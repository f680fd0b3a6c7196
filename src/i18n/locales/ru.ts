import type { LanguageFile } from "../messages.ts";

// Русский. Термины Minecraft и Discord так, как их используют сообщества: вайтлист, ник, геймертег, сервер, роль,
// администрация. Команды: /зарегистрировать, /удалить-ник, /привязать, /отвязать; у опций английские имена.
// Числа: one (1, 21…), few (2-4, 22-24…), many (0, 5-20, 25…), other (дроби).

/** Russian: its messages and command localizations. */
export const ru = {
  messages: {
    "common.apology": "У нас что-то пошло не так; это записано в лог. Попробуй позже.",
    "common.dmOnly": "whitelist-sync работает на сервере, а не в личных сообщениях.",
    "common.unknownCommand": "Эта команда (больше) не известна; попробуй ещё раз через минуту.",
    "common.unknownSubcommand": "Эта подкоманда (больше) не известна; попробуй ещё раз через минуту.",
    "common.buttonInactive": "Эта кнопка больше не работает.",
    "common.needsManageGuild":
      "Это могут делать только участники с правом «Управлять сервером». Попроси администратора сервера.",
    "common.oneOf": "{option} должно быть одним из: {allowed}.",
    "common.andMore": "… и ещё {count}.",
    "common.none": "нет",
    "common.verbatim": "{text}",
    "common.dash": "—",

    "error.notManager":
      "Это может делать только администрация вайтлиста {whitelist} («Управлять сервером» или одна из его ролей управления).",
    "error.closed":
      "Вайтлист {whitelist} сейчас закрыт для регистрации. Спроси администрацию, когда он откроется.",
    "error.missingRole.self": "Чтобы зарегистрироваться в {whitelist}, нужна одна из его обязательных ролей.",
    "error.missingRole.approval": "У этого участника больше нет ни одной роли, которую требует {whitelist}.",
    "error.missingRole.staff":
      "У этого участника нет ни одной роли, которую требует {whitelist}, а его ники следуют за этими ролями (on-role-loss: remove): добавленный для него ник сразу бы удалился.",
    "error.denied": "Ник {nick} запрещён в {whitelist}{as}{reason}.",
    "error.denied.as": " (как {nick})",
    "error.denied.reason": ": {reason}",
    "error.taken.spelled":
      "{nick} уже есть в {whitelist}, именно в таком написании. {spelling} Если это не твой ник, зарегистрируй другой.",
    "error.taken":
      "{nick} уже есть в {whitelist}. Если это твой ник, попроси администрацию проверить; иначе зарегистрируй другой.",
    "error.takenJustNow": "Кто-то другой только что зарегистрировал {nick} в {whitelist}.",
    "error.takenPlain": "{nick} уже есть в {whitelist}.",
    "error.limit.self": "У тебя уже {held} в {whitelist}, это максимум ({max}).",
    "error.limit.other": "У этого участника уже {held} в {whitelist}, это максимум ({max}).",
    "error.limit.nicks": {
      one: "{count} ник",
      few: "{count} ника",
      many: "{count} ников",
      other: "{count} ника",
    },
    "error.limit.withWaiting": {
      one: "{count} ник зарегистрирован или ждёт одобрения",
      few: "{count} ника зарегистрированы или ждут одобрения",
      many: "{count} ников зарегистрированы или ждут одобрения",
      other: "{count} ника зарегистрированы или ждут одобрения",
    },
    "error.pending":
      "Запрос на {nick} в {whitelist} уже отправлен; администрация скоро его рассмотрит. Просить ещё раз не нужно.",
    "error.wrongMode.approval": "Регистрация в {whitelist} требует одобрения администрации.",
    "error.wrongMode.direct": "{whitelist} не требует одобрения.",
    "error.linkedElsewhere.self":
      "{nick} принадлежит другому участнику этого сервера, который подтвердил, что это его аккаунт: зарегистрировать его может только он.",
    "error.linkedElsewhere.other":
      "{nick} принадлежит другому участнику этого сервера, который подтвердил, что это его аккаунт: зарегистрировать его можно только для него.",
    "error.proof.notPremium":
      "{whitelist} принимает только подтверждённые аккаунты, а {nick} не лицензионный аккаунт: его никто не может подтвердить.",
    "error.proof.self":
      "{whitelist} принимает только подтверждённые аккаунты: сначала подтверди, что {nick} твой.",
    "error.proof.other":
      "{whitelist} принимает только подтверждённые аккаунты, а этот участник не подтвердил, что {nick} его.",
    "error.notOwner":
      "{nick} в {whitelist} принадлежит другому участнику; удалить его может только он или администрация.",
    "error.memberLeft.register": "Этого участника больше нет на сервере; ничего не зарегистрировано.",
    "error.memberLeft.transfer": "Этого участника больше нет на сервере; ничего не передано.",
    "error.notOn": "{nick} нет в {whitelist}. Проверь написание и попробуй ещё раз.",
    "error.notOnPlain": "{nick} нет в {whitelist}.",
    "error.thatNick": "Этого ника",
    "error.goneMeanwhile": "{nick} тем временем удалён из {whitelist} или передан; ничего не изменено.",
    "error.nick.empty": "Ник пустой. {rule}",
    "error.nick.invalid": "«{nick}» не подходит как ник. {rule}",
    "error.nick.javaRule":
      "Ник в Minecraft Java — это 3-16 символов: буквы A-Z, цифры 0-9 и `_`, без пробелов. Проверь написание и попробуй ещё раз.",
    "error.nick.bedrockRule":
      "Геймертег Bedrock (Xbox) — это 1-16 букв A-Z, цифр и одиночных пробелов, и он не начинается с цифры (введи его как в Xbox или как показывает игра, с префиксом и `_`). Проверь написание и попробуй ещё раз.",
    "error.notPremium":
      "{nick} не лицензионный (купленный) аккаунт Minecraft, а {whitelist} принимает только лицензионные аккаунты. Проверь написание или зарегистрируй ник своего лицензионного аккаунта.",
    "error.gamertagUnknown":
      "Ни у одного аккаунта Xbox нет геймертега {gamertag}. Проверь написание в профиле Xbox и попробуй ещё раз.",
    "error.mojangDown": "Mojang сейчас недоступен; попробуй ещё раз через минуту.",
    "error.geyserDown": "Поиск геймертегов GeyserMC сейчас недоступен; попробуй ещё раз через минуту.",
    "error.storeBusy":
      "База данных занята (её держит другая программа); ничего не изменено. Попробуй через несколько секунд.",
    "error.storeDown":
      "База данных недоступна или занята; ничего не изменено. Попробуй через несколько секунд.",
    "error.storeSlow": "База данных не ответила за {ms} мс{detail}. Попробуй через несколько секунд.",
    "error.whitelist.unknown": "На этом сервере нет вайтлиста «{name}».",
    "error.whitelist.none": "На этом сервере ещё нет вайтлиста.",
    "error.whitelist.which": "Какой вайтлист? На этом сервере есть {names}.",
    "error.whitelist.gone": "Такого вайтлиста нет.",
    "error.whitelist.justDeleted": "Этот вайтлист только что удалён.",
    "error.request.gone":
      "Этой заявки больше нет (возможно, её вайтлист удалён). Участник может подать её снова.",
    "error.request.deciding": "Эту заявку прямо сейчас рассматривает другой администратор.",
    "error.request.decided.approved": "Эта заявка уже одобрена; делать ничего не нужно.",
    "error.request.decided.rejected": "Эта заявка уже отклонена; делать ничего не нужно.",
    "error.request.decided.cancelled": "Эта заявка уже отменена; делать ничего не нужно.",
    "error.request.notYours": "Отозвать эту заявку может только подавший её участник или администрация.",
    "error.request.noLogChannel":
      "{whitelist} требует одобрения администрации, но заявки некуда публиковать: нет канала логов.",
    "error.code.malformed":
      "Это не код: код — это 8 букв и цифр, например K7QX-29MD, он показывается при входе на сервер привязки (или на игровой сервер, который просит подтвердить аккаунт).",
    "error.code.limited": "Слишком много неверных кодов: подожди, прежде чем вводить следующий.",
    "error.code.wrong": "Такого кода нет: проверь его и введи снова.",
    "error.code.expired":
      "Срок действия кода истёк (код действует 10 минут): зайди на сервер привязки ещё раз за новым.",
    "error.code.reused": "Этот код уже использован: зайди на сервер привязки ещё раз за новым.",
    "error.code.expired.firstJoin":
      "Срок действия кода истёк (код действует 10 минут): зайди на игровой сервер ещё раз за новым.",
    "error.code.reused.firstJoin": "Этот код уже использован: зайди на игровой сервер ещё раз за новым.",
    "error.code.foreign.server":
      "Этот код подтверждает регистрацию на другом сервере Discord: введи его там.",
    "error.code.foreign.member":
      "Этот код подтверждает регистрацию другого участника: ввести его может только тот, кто зарегистрировал этот аккаунт.",
    "error.code.held":
      "{account} привязан к другому участнику этого сервера, который подтвердил его раньше тебя. Если аккаунт теперь твой, попроси его отвязать или обратись к администрации.",
    "error.code.notJava":
      "{whitelist} принимает ники типа {nickType}, а код подтверждает Java-аккаунт. Привяжи его через /привязать или зарегистрируйся в вайтлисте java или premium.",
    "error.unlink.notStaff":
      "Отвязать аккаунт другого участника может только администрация с правом «Управлять сервером».",
    "error.unlink.none.self": "У тебя нет привязанных аккаунтов на этом сервере.",
    "error.unlink.none.other": "У этого участника нет привязанных аккаунтов на этом сервере.",
    "error.unlink.noneNamed.self": "У тебя нет привязанного аккаунта {account} на этом сервере.",
    "error.unlink.noneNamed.other": "У этого участника нет привязанного аккаунта {account} на этом сервере.",
    "error.unlink.several.self": "У тебя несколько привязанных аккаунтов ({count}: {accounts}): укажи один.",
    "error.unlink.several.other":
      "У этого участника несколько привязанных аккаунтов ({count}: {accounts}): укажи один.",
    "error.unlink.gone": "{account} больше не привязан.",
    "error.transfer.proven":
      "{nick} подтверждён участником, которому он принадлежит. Другой участник получит его, подтвердив аккаунт сам, — это передаст его ему.",
    "error.transfer.same": "{nick} в {whitelist} уже принадлежит этому участнику.",
    "error.lookup.others":
      "{nick} в {whitelists} принадлежит другому участнику; кому именно, видит только администрация этого вайтлиста.",
    "error.lookup.notStaff":
      "Смотреть ники других участников может только администрация; свои ты можешь посмотреть самостоятельно.",
    "error.deny.reasonTooLong": "Причина — не больше {max} символов.",
    "error.guest.noteTooLong": "Заметка гостя — не больше {max} символов.",
    "error.key.notFound": "Нет активной связи с id {id}.",
    "error.roleLimit.notRole": "Для лимита роли нужен id роли; «{given}» им не является.",
    "error.roleLimit.everyone":
      "У @everyone не может быть своего лимита ников: эта роль есть у всех. Задай лимит для всех через `{command}`.",
    "error.roleLimit.range": "Лимит ников для роли — целое число от 1 до {max} (получено {given}).",
    "error.deny.notDenied": "{nick} не запрещён в {whitelist}; снимать нечего.",
    "error.memberUnknown":
      "<@{userId}> (больше) не участник этого сервера, поэтому для него ничего нельзя зарегистрировать.",
    "error.download": "Не удалось скачать {file} из Discord ({reason}); попробуй ещё раз.",
    "error.download.tooSlow": "это заняло слишком много времени",
    "error.download.status": "статус {status}",

    "failure.missingRole.self":
      "Чтобы зарегистрироваться в {whitelist}, нужна одна из этих ролей: {roles}. Попроси одну у администрации и попробуй снова.",
    "failure.missingRole.approval":
      "У этого участника больше нет ни одной роли, которую требует {whitelist} ({roles}). Выдай ему одну и одобри снова или отклони заявку.",
    "failure.missingRole.staff":
      "У этого участника нет ни одной роли, которую требует {whitelist} ({roles}), а его ники следуют за этими ролями: добавленный для него ник сразу бы удалился. Сначала выдай ему одну из ролей или сохраняй ники при потере роли через `/whitelist edit on-role-loss:keep`.",
    "failure.limit.self": "{refusal} Сначала удали один через /удалить-ник.",
    "failure.limit.staff":
      "{refusal} Сначала удали один или подними лимит через /whitelist edit (max-nicks) или лимит роли через /whitelist roles (limit).",
    "failure.wrongMode.approval":
      "Регистрация в {whitelist} требует одобрения администрации: используй /зарегистрировать, и администрация рассмотрит заявку.",
    "failure.wrongMode.direct":
      "{whitelist} не требует одобрения: регистрируйся сразу через /зарегистрировать.",
    "failure.noWhitelist":
      "На этом сервере ещё нет вайтлиста. Попроси администрацию создать его через /whitelist create.",
    "failure.unknownWhitelist": "{refusal} Выбери одно из имён, которые предлагает команда.",
    "failure.whichWhitelist":
      "Какой вайтлист? На этом сервере есть {names}: укажи один в опции `whitelist` или используй команду в канале вайтлиста.",
    "failure.denied.self":
      "⛔ Администрация запретила {nick} в {whitelist}{as}.{reason}\nЗарегистрируй другой ник или обратись к администрации, если считаешь это ошибкой.",
    "failure.denied.staff":
      "⛔ {nick} запрещён в {whitelist}{as}.{reason}\nСначала сними запрет через /whitelist undeny, если его нужно зарегистрировать.",
    "failure.denied.as": " (как {nick})",
    "failure.denied.reason": " Причина: {reason}",
    "failure.noLogChannel":
      "{whitelist} требует одобрения администрации, но мне некуда публиковать заявки: нет канала логов. Попроси администрацию задать его через /whitelist log-channel и попробуй снова.",
    "failure.formRequired":
      "{whitelist} сначала задаёт несколько вопросов, которые сообщение показать не может: используй `/зарегистрировать` в {channel} и ответь там.",
    "failure.proofRequired": "🔒 {refusal}\n{how}",
    "failure.proofRequired.then": "введи здесь `/зарегистрировать code:<code> whitelist:{whitelist}`",
    "failure.code.lastTry": " Это была последняя попытка на сейчас.",
    "failure.code.triesLeft": {
      one: " Осталась {count} попытка до паузы.",
      few: " Осталось {count} попытки до паузы.",
      many: " Осталось {count} попыток до паузы.",
      other: " Осталось {count} попытки до паузы.",
    },
    "failure.code.linkServer": " Сервер привязки — `{address}`.",
    "failure.code.limited": "⏳ {refusal} Попробуй снова {when}.",

    "proof.off":
      "Подтверждение аккаунтов в этом сервисе ещё не настроено (его сервер привязки выключен): обратись к администрации.",
    "proof.how":
      "В Minecraft: Java Edition добавь сервер `{address}` и зайди на него с этого аккаунта: в мир ты не попадёшь, тебе покажут код. Затем {then} в течение 10 минут.",
    "proof.linkedLine": "**{account}** (UUID `{uuid}`), подтверждён {when}",
    "proof.linked": "🔗 **{account}** привязан к тебе на этом сервере: подтверждено, что он твой.",
    "proof.took":
      "У других участников он был в {whitelists}; эти ники удалены, потому что подтверждено, что аккаунт твой (администрация видит причину в логах).",
    "proof.verified": "Твой **{account}** в {whitelists} теперь подтверждён.",
    "proof.firstJoin":
      "🔒 Докажи, что **{nick}** твой: зайди с ним на игровой сервер до {until} ({in}). Тебя отключат с кодом: введи здесь `/привязать code:<code>`, затем зайди снова. Без подтверждения к этому сроку он будет удалён.",
    "proof.firstJoin.staff":
      "🔒 Ник добавляется сразу, а участник подтверждает его при первом входе на игровой сервер: агент `sync` через RCON отключает его с кодом, который вводится через `/привязать code:`. Без подтверждения через {window} он удаляется (добавлениям персонала подтверждение не нужно).",

    "link.status.title": "Привязка аккаунта для {community}",
    "link.status.anyCommunity": "этого Discord-сообщества",
    "link.status.hint": "Зайди, чтобы получить код для Discord (в мир ты не попадёшь)",
    "link.proven":
      "{name}, подтверждено, что аккаунт твой.\nТвой код: {code}\nВ Discord введи {link} в течение 10 минут\n(или {register}, чтобы добавить его в вайтлист).",
    "link.refused.version":
      "Этот сервер привязывает аккаунты Minecraft Java с {oldest} по {newest}; твоя игра использует протокол {protocol}.\nЗайди с версией с {oldest} по {newest}, чтобы получить код.",
    "link.refused.name": "Это не имя Minecraft Java. Зайди со своего премиум-аккаунта Java.",
    "link.refused.rateLimited": "Слишком много входов с твоего адреса. Подожди минуту и зайди снова.",
    "link.refused.encryption": "Не удалось согласовать шифрование. Перезапусти игру и зайди снова.",
    "link.refused.notJoined":
      "Не удалось проверить твой аккаунт в Mojang.\nПерезапусти игру и лаунчер и зайди снова (нужен премиум-аккаунт Java).",
    "link.refused.sessionUnavailable":
      "Не удалось проверить твой аккаунт в Mojang: его сервер сессий не ответил.\nЗайди снова через минуту.",
    "link.refused.failed": "У нас что-то пошло не так. Зайди снова через минуту.",
    "link.refused.timeout": "Вход занял слишком много времени. Зайди снова.",

    "public.registered": "✅ **{nick}** добавлен в **{whitelist}**. Можешь заходить на сервер.",
    "public.approved": "{member} ✅ твоя заявка на **{nick}** в **{whitelist}** одобрена: можешь заходить.",
    "public.refused":
      "{member} твоя заявка на **{nick}** в **{whitelist}** не одобрена. Спроси администрацию, если хочешь узнать почему.",
    "public.removed": "🗑️ **{nick}** больше нет в **{whitelist}**.",

    "texts.refused.empty": "Текст пустой: напиши, что должны читать участники.",
    "texts.refused.long": "В тексте {length} символов; сохраняется не больше {max}.",
    "texts.refused.brace":
      "Фигурная скобка не открывает и не закрывает ни одну подстановку. Подстановка — это имя в фигурных скобках: {allowed}.",
    "texts.refused.unknown": "В этом тексте нет подстановки {unknown}. Есть {allowed}.",
    "texts.name.public.registered": "зарегистрирован: ответ на регистрацию",
    "texts.name.public.refused": "отклонено: заявка, которую администрация не одобрила",
    "texts.name.public.approved": "одобрено: заявка, которую администрация одобрила",
    "texts.name.public.removed": "удалён: ник, убранный из вайтлиста",
    "texts.saved":
      "✅ Теперь участники читают твой вариант текста **{name}**, на каком бы языке они ни были. С примерами значений:\n{preview}\n`/texts reset` вернёт текст по умолчанию.",
    "texts.preview": "**{name}** ({source}), с примерами значений:\n{preview}\nЕго подстановки: {allowed}.",
    "texts.source.custom": "твой вариант",
    "texts.source.default": "по умолчанию, язык: {language}",
    "texts.reset": "↩️ **{name}** снова звучит по умолчанию, на языке каждого читателя:\n{preview}",
    "texts.reset.none": "**{name}** не менялся: он уже звучит по умолчанию.",
    "texts.list":
      "Тексты, которые администрация может написать по-своему (`/texts set`), и что участники читают сейчас:\n{texts}",
    "texts.list.item": "• **{name}** ({source}): {preview}",
    "texts.language.set":
      "✅ То, что здесь читают все (канал логов, заявки на одобрение, ответы в режиме сообщений), теперь на языке: {language}. Свои ответы каждый участник по-прежнему читает на языке своего Discord.",
    "texts.language.discord":
      "✅ То, что здесь читают все, следует языку этого сервера в Discord: сейчас {language}.",
    "texts.sample.nick": "Steve",
    "language.name": "Русский",
    "texts.sample.whitelist": "survival",

    "register.requested":
      "📨 Твоя заявка на **{nick}** в **{whitelist}** отправлена администрации. О решении сообщим в {channel}; больше ничего делать не нужно.",
    "register.awaitingProof": "✅ **{nick}** в **{whitelist}** и ждёт, пока ты докажешь, что он твой.",
    "register.verified": "🔗 Подтверждено: этот аккаунт твой.",
    "register.floodgateName": "Так Floodgate называет геймертег {gamertag} в игре.",
    "register.expires": "⏳ Истекает {when}: {whitelist} хранит регистрации только ограниченное время.",
    "register.rolesWaiting":
      "🕒 Роли придут через мгновение: Discord позволяет боту выдавать роли только с определённой скоростью.",
    "register.rolesRefused": "Не удалось выдать тебе {roles}; администрация уведомлена и разберётся.",
    "register.undo": "Если передумаешь, {command} удалит его.",
    "register.nickOrCode":
      "Укажи свой ник в Minecraft (`nick`) или код, который показал сервер привязки (`code`).",
    "register.notBoth": "Укажи либо ник, либо код, но не оба сразу.",
    "register.already": "**{nick}** уже был твоим в **{whitelist}**; теперь он подтверждён.",
    "register.codeRefused": "Не удалось добавить его в **{whitelist}**: {refusal}",
    "register.exactSpelling":
      "Заходи именно как {nick}: сервер в офлайн-режиме различает игроков по регистру букв в имени.",
    "register.exactSpellingOther":
      "Заходи именно как {nick}: сервер в офлайн-режиме различает игроков по регистру букв в имени ({other} — это другой игрок, и его не пустят).",

    "unregister.owner": " Он принадлежал {owner}.",
    "unregister.done":
      "{removed}{owner} Роли, выданные за него, забраны. Зарегистрироваться снова можно в любой момент через `/зарегистрировать`.",

    "link.how": "Чтобы привязать аккаунт Minecraft Java: {how}",
    "link.how.then": "введи здесь `/привязать code:<code>`",
    "link.none": "У тебя пока нет привязанных аккаунтов на этом сервере.",
    "link.list": "Твои привязанные аккаунты здесь:\n{accounts}",
    "link.next": "Добавь его в вайтлист через {command}: заходить снова не нужно. `/отвязать` забудет его.",
    "unlink.you": "тебе",
    "unlink.done":
      "🔓 **{account}** больше не привязан к {whom} на этом сервере. Ники, зарегистрированные с ним, остаются в вайтлистах (`/удалить-ник` удалит один); подтвердить снова — `/привязать`.",

    "approval.expires": " Истекает {when}.",
    "approval.rolesRefused": "{member} Не удалось выдать тебе {roles}; администрация уведомлена.",
    "approval.cancelled":
      "{member} твоя заявка на **{nick}** в **{whitelist}** отменена: администрация удалила этот вайтлист.",

    "form.title": "Заявка: {whitelist}",
    "form.inactive": "Эта анкета больше не действует.",
    "form.gone": "Этого вайтлиста больше нет; ничего не отправлено.",
    "form.preview":
      "👀 Предпросмотр анкеты **{whitelist}**: ничего не отправлено. Администрация видит ответы так:",
    "form.preview.none": "У {whitelist} пока нет анкеты: добавь вопрос через /whitelist form set.",
    "form.answers.title": "Ответы на анкету {whitelist}",
    "form.answer.more": {
      one: "… (ещё {count} символ)",
      few: "… (ещё {count} символа)",
      many: "… (ещё {count} символов)",
      other: "… (ещё {count} символа)",
    },
    "form.member.given": "Даны {when} {about}; {kept}.",
    "form.member.withNick": "с ником **{nick}**",
    "form.member.withRequest": "с заявкой `{id}`",
    "form.member.removed": "с регистрацией, которая уже удалена",
    "form.member.waiting": "хранятся, пока заявка ждёт",
    "form.member.deleted": "будут удалены {when}",
    "form.none": "У **{whitelist}** нет анкеты: участники регистрируются, не отвечая на вопросы.",
    "form.header": {
      one: "**{whitelist}** задаёт участникам при регистрации {count} вопрос:",
      few: "**{whitelist}** задаёт участникам при регистрации {count} вопроса:",
      many: "**{whitelist}** задаёт участникам при регистрации {count} вопросов:",
      other: "**{whitelist}** задаёт участникам при регистрации {count} вопроса:",
    },
    "form.question": "{number}. {label} ({style}, {required}, {length}{hint})",
    "form.style.short": "одна строка",
    "form.style.paragraph": "абзац",
    "form.required": "обязательный",
    "form.optional": "необязательный",
    "form.length.between": {
      one: "{min}-{count} символ",
      few: "{min}-{count} символа",
      many: "{min}-{count} символов",
      other: "{min}-{count} символа",
    },
    "form.length.upTo": {
      one: "до {count} символа",
      few: "до {count} символов",
      many: "до {count} символов",
      other: "до {count} символа",
    },
    "form.hint": ", подсказка «{hint}»",
    "form.where.approval":
      "`/зарегистрировать` открывает вопросы анкетой, а ответы уходят администрации вместе с заявкой.",
    "form.where.command":
      "`/зарегистрировать` открывает вопросы анкетой; ответы хранятся вместе с ником, чтобы их видела администрация.",
    "form.where.message":
      "Сообщение не может показать анкету: на ник, отправленный в канал, я отвечаю подсказкой про `/зарегистрировать` — эта команда открывает анкету.",
    "form.cleared":
      "✅ У **{whitelist}** больше нет анкеты: участники регистрируются, не отвечая на вопросы. Уже данные ответы хранятся столько, сколько их хранит сервер (`/whitelist form retention`).",
    "form.setNote":
      "Посмотри на неё глазами участников через `/whitelist form preview`. Анкеты, открытые до этого изменения, при отправке отклоняются: этим участникам нужно снова выполнить `/зарегистрировать`.",
    "form.retention.now": {
      one: "Ответы на анкету хранятся {count} день после решения по заявке.",
      few: "Ответы на анкету хранятся {count} дня после решения по заявке.",
      many: "Ответы на анкету хранятся {count} дней после решения по заявке.",
      other: "Ответы на анкету хранятся {count} дня после решения по заявке.",
    },
    "form.retention.zero":
      "✅ Ответы на анкету хранятся, только пока заявка ждёт администрацию; после решения они сразу удаляются.",
    "form.retention.set": {
      one: "✅ Ответы на анкету хранятся {count} день после решения по заявке (или после регистрации), затем удаляются; это касается и уже хранящихся ответов. Они удаляются и тогда, когда участник уходит или ник удаляют.",
      few: "✅ Ответы на анкету хранятся {count} дня после решения по заявке (или после регистрации), затем удаляются; это касается и уже хранящихся ответов. Они удаляются и тогда, когда участник уходит или ник удаляют.",
      many: "✅ Ответы на анкету хранятся {count} дней после решения по заявке (или после регистрации), затем удаляются; это касается и уже хранящихся ответов. Они удаляются и тогда, когда участник уходит или ник удаляют.",
      other:
        "✅ Ответы на анкету хранятся {count} дня после решения по заявке (или после регистрации), затем удаляются; это касается и уже хранящихся ответов. Они удаляются и тогда, когда участник уходит или ник удаляют.",
    },
    "form.show.kept": {
      one: "Ответы хранятся для администрации {count} день после решения.",
      few: "Ответы хранятся для администрации {count} дня после решения.",
      many: "Ответы хранятся для администрации {count} дней после решения.",
      other: "Ответы хранятся для администрации {count} дня после решения.",
    },
    "error.form.tooMany": "В анкете не больше {max} вопросов (ограничение Discord для одной формы).",
    "error.form.label": "Вопросу {number} нужен текст длиной 1-{max} символов в одну строку.",
    "error.form.style": "На вопрос {number} отвечают в стиле short или paragraph.",
    "error.form.hint": "Подсказка вопроса {number} — не больше {max} символов в одну строку.",
    "error.form.minLength": "Минимальная длина ответа на вопрос {number} должна быть от 0 до {max} символов.",
    "error.form.maxLength":
      "Максимальная длина ответа на вопрос {number} должна быть от 1 до {max} символов.",
    "error.form.minOverMax":
      "Вопрос {number} требует не меньше {min} символов, но принимает не больше {max}.",
    "error.form.numbered": "Вопросы нумеруются от 1 до {max}.",
    "error.form.none": "У этого вайтлиста нет анкеты.",
    "error.form.numberedNow": "В анкете вопросы с 1 по {max}.",
    "error.form.mismatch": "Ответы не совпадают с вопросами анкеты; начни заново.",
    "error.form.unanswered": "На «{question}» нужно ответить.",
    "error.form.length": "Ответ на «{question}» — от {min} до {max} символов.",
    "error.form.changed":
      "Администрация изменила вопросы {whitelist} во время заполнения анкеты; ничего не отправлено. Снова выполни /зарегистрировать, чтобы увидеть новые.",
    "error.form.needed":
      "{whitelist} сначала задаёт несколько вопросов: зарегистрируйся через /зарегистрировать в его канале.",
    "error.formRetention": "Ответы на анкету хранятся от 0 до {max} дней (0: только пока заявка ждёт).",
    "error.guest.noNote":
      "Гостю нужна заметка о том, кто он (чей друг, какое событие), для администрации, которая потом увидит этот ник.",
    "banSync.on":
      "✅ Синхронизация банов включена: когда кого-то банят на этом сервере, каждый его ник запрещается в соответствующем вайтлисте («{reason}»), так что никакой другой аккаунт не сможет его зарегистрировать; снятие бана снимает эти запреты (но не запреты администрации). Баны, выданные, пока я был офлайн, я не вижу.",
    "banSync.off":
      "✅ Синхронизация банов выключена: бан только удаляет ники, как любой уход с сервера. Запреты, выданные баном, остаются, пока с участника не снимут бан или администрация не снимет их через `/whitelist undeny`.",
    "answers.deleted.title": "Сообщение участника удалили раньше, чем я ответил",
    "answers.deleted":
      "В канале {channel} сообщение с ником удалили (AutoMod, бот-модератор или сам участник) раньше, чем я успел ответить: я ответил обычным сообщением с упоминанием участника. Исправлять нечего, если такие удаления задуманы. (Сообщаю один раз на канал, до моего перезапуска.)",
    "answers.history.title": "Я не могу отвечать участникам и ставить реакции",
    "answers.history":
      "В канале {channel} у меня нет {lacking}, а без этого я не могу отвечать и ставить реакции: участники получают обычное сообщение с упоминанием вместо ответа или ✅. Как исправить: разреши это боту (или его роли) в «Настроить канал → Права доступа». (Сообщаю один раз на канал, до моего перезапуска.)",
    "answers.lacking.history": "права «Читать историю сообщений»",
    "answers.lacking.reactions": "права «Добавлять реакции»",
    "answers.lacking.both": "прав «Читать историю сообщений» и «Добавлять реакции»",
    "nickname.scope":
      "Discord не даёт ни одному боту менять никнейм владельца сервера{above}: у них остаются свои никнеймы.",
    "nickname.scope.above": " и участников с {roles} (на уровне моей роли или выше)",
    "nickname.blocked": "⚠️ Я не могу изменить никнейм {member}: {reason}.",

    "message.expiring": "⏳ **{nick}** зарегистрирован, срок истекает {when}.",
    "message.registered": "{reaction} **{nick}** зарегистрирован.",
    "message.rolesRefused":
      "Регистрация прошла, но не удалось выдать тебе {roles}; администрация уведомлена.",
    "message.paused":
      "Регистрация в {whitelist} приостановлена: Discord сейчас не даёт мне читать сообщения (у бота выключен интент Message Content). Администрация уведомлена; попробуй позже.",

    "time.in": "через {duration} ({when})",
    "time.days": { one: "{count} день", few: "{count} дня", many: "{count} дней", other: "{count} дня" },
    "time.hours": { one: "{count} час", few: "{count} часа", many: "{count} часов", other: "{count} часа" },
    "time.minutes": {
      one: "{count} минуту",
      few: "{count} минуты",
      many: "{count} минут",
      other: "{count} минуты",
    },
    "time.seconds": {
      one: "{count} секунду",
      few: "{count} секунды",
      many: "{count} секунд",
      other: "{count} секунды",
    },
    "time.forGood": "навсегда",
    "time.lifetime":
      "{duration} для собственных регистраций участников (администрация выбирает через `expires`)",

    "staff.list.none":
      "На этом сервере ещё нет вайтлиста. Администрация создаёт его через `/whitelist create`.",
    "staff.list.header": {
      one: "{count} вайтлист:",
      few: "{count} вайтлиста:",
      many: "{count} вайтлистов:",
      other: "{count} вайтлиста:",
    },
    "staff.list.item": "• **{name}** (`{id}`) в {channel}: {nickType}, режим {mode}, {nicks}{closed}",
    "staff.list.closed": ", закрыт",
    "staff.list.footer": "Подробности — `/whitelist show`; регистрация — `/зарегистрировать`.",
    "staff.remove.done":
      "{removed} Он принадлежал {owner}. Выданные за него роли забраны; игровые серверы узнают об этом сразу.",
    "staff.undeny.done":
      "✅ **{nick}** снова можно регистрировать в **{whitelist}**. Обратно ничего не добавлено: владелец регистрирует его снова через `/зарегистрировать`, а администрация — через `/whitelist add`.",
    "staff.transfer.done":
      "🔀 **{nick}** в **{whitelist}** теперь принадлежит {to} (раньше — {from}). Игровые серверы не заметят разницы.",
    "staff.transfer.doneGuest":
      "🔀 **{nick}** в **{whitelist}** теперь принадлежит {to} (это был гость {from}). Игровые серверы не видят изменений.",
    "staff.transfer.grantFailed": "Не удалось выдать ему {roles}; ник всё равно его.",
    "staff.transfer.revertFailed":
      "Не удалось забрать {roles} у {from}; сними вручную, если роль не должна остаться.",
    "staff.whois.found": "🔎 **{nick}** есть в {whitelists}.",
    "staff.whois.none": "🔎 **{nick}** нет ни в одном вайтлисте, который ты видишь.",
    "staff.whois.hidden": {
      one: "Он есть ещё в {count} вайтлисте, которым ты не управляешь, у другого участника.",
      few: "Он есть ещё в {count} вайтлистах, которыми ты не управляешь, у другого участника.",
      many: "Он есть ещё в {count} вайтлистах, которыми ты не управляешь, у другого участника.",
      other: "Он есть ещё в {count} вайтлиста, которыми ты не управляешь, у другого участника.",
    },
    "staff.whois.more": "… и ещё {count}: укажи вайтлист.",
    "staff.member.partial": "вайтлистах, которыми ты управляешь",
    "staff.member.all": "вайтлистах этого сервера",
    "staff.member.linked": "Привязанные аккаунты (подтверждены):",
    "staff.member.none": "У {member} нет ников в {where}.",
    "staff.member.header": {
      one: "У {member} {count} ник в {where}:",
      few: "У {member} {count} ника в {where}:",
      many: "У {member} {count} ников в {where}:",
      other: "У {member} {count} ника в {where}:",
    },
    "staff.member.item": "• **{nick}** в **{whitelist}**: {how} {when}{expires}{verified}",
    "staff.member.registered": "зарегистрирован",
    "staff.member.addedBy": "добавлен {member}",
    "staff.member.expires": ", истекает {when}",
    "staff.member.verified": ", подтверждён",
    "staff.member.awaiting": ", ждёт подтверждения при первом входе",
    "staff.member.guests": "Гости, которых он добавил (игроки без Discord):",
    "staff.member.guest": "• **{nick}** в **{whitelist}**: {note}, {when}{expires}",
    "staff.member.answers": "Ответы на анкету (ниже{files}{more}):",
    "staff.member.answers.files": "; длинные — целиком в файле",
    "staff.member.answers.more": {
      one: "; {count} более старая не показана",
      few: "; {count} более старые не показаны",
      many: "; {count} более старых не показано",
      other: "; {count} более старой не показано",
    },
    "staff.logChannel.off":
      "Логи выключены. Заявкам на одобрение нужен канал логов: задай его снова через `/whitelist log-channel`.",
    "staff.logChannel.set":
      "✅ Теперь я пишу логи в {channel}. Пусть его видит только администрация: там кнопки одобрения.",
    "staff.logChannel.failed": "⚠️ {channel} задан, но написать туда не удалось.",
    "staff.export.done":
      "📄 **{whitelist}** как `{file}` ({nicks}). Положи его в папку сервера или дай серверу забирать его сам: `{url}` с ключом из `/server-link create`.",
    "lookup.how.member": "участник зарегистрировал сам",
    "lookup.how.staff": "администрация: `/whitelist add` или одобренная заявка",
    "lookup.how.guest": "персонал: `/whitelist guest`, игрок без Discord",
    "lookup.never": "никогда",
    "lookup.verified.yes": "да: владелец подтвердил аккаунт",
    "lookup.verified.awaiting": "нет: ждёт подтверждения при первом входе, удаление {when}",
    "lookup.entry.title": "{nick} в {whitelist}",
    "lookup.denial.title": "{nick} запрещён в {whitelist}",
    "lookup.field.owner": "Владелец",
    "lookup.field.addedBy": "Добавил(а)",
    "lookup.field.how": "Как",
    "lookup.field.when": "Когда",
    "lookup.field.deniedBy": "Запретил(а)",

    "staff.link.created":
      "🔑 Привязка **{name}** для: {scope}, {access}. Скопируй ключ сейчас: он показывается один раз и больше никогда.",
    "staff.link.howToUse": 'Как использовать: `curl -H "Authorization: Bearer {key}" {url}/whitelists`',
    "staff.link.next.remove": "Дальше: впиши ключ в конфиг своего плагина",
    "staff.link.next.read": "Дальше: храни ключ на своём сервере (никогда на веб-странице или в её скриптах)",
    "staff.link.next":
      "{next}, или получай события через `/server-link webhook id:{id}`. Потерял? `/server-link revoke id:{id}` и создай новый.",
    "staff.link.none": "Привязок пока нет. Создай одну для игрового сервера через `/server-link create`.",
    "staff.link.header": {
      one: "{count} привязка:",
      few: "{count} привязки:",
      many: "{count} привязок:",
      other: "{count} привязки:",
    },
    "staff.link.footer":
      "Ключи больше не показываются: отзови потерянный через `/server-link revoke` и создай новый.",
    "staff.link.item":
      "• **{name}** `{id}`{state}: {scope}; {access}; создан {created}, {by}, {used}; {hook}",
    "staff.link.revoked": " — **отозван** {when}",
    "staff.link.neverUsed": "ни разу не использован",
    "staff.link.lastUsed": "последнее использование {when}",
    "staff.link.webhook": "вебхук → {host} ({delivery})",
    "staff.link.noWebhook": "без вебхука",
    "staff.link.delivery.none": "доставок ещё не было",
    "staff.link.delivery.last": "последняя: {result} за {ms} мс {when}",
    "staff.link.delivery.failed": "ошибка: {error}",
    "staff.link.revokedDone":
      "🚫 Привязка **{name}** (`{id}`) отозвана: её ключ отныне отклоняется, открытые соединения закрыты. Дай игровому серверу новый через `/server-link create`.",
    "staff.webhook.removed":
      "Вебхук привязки `{id}` удалён: доставок больше не будет. Задай новый, указав `url`.",
    "staff.webhook.set":
      "🪝 Привязка `{id}` теперь отправляет каждое изменение (POST) на **{host}**, с подписью по Standard Webhooks.",
    "staff.webhook.verify":
      "Проверяй заголовок `webhook-signature` этим секретом (он показывается один раз). Результат каждой доставки виден в `/server-link list`; запусти команду снова, чтобы сменить секрет.",

    "staff.deny.premium":
      "Его лицензионный аккаунт тоже запрещён (UUID `{uuid}`), как бы он ни переименовался.",
    "staff.deny.bedrock":
      "Его аккаунт Xbox тоже запрещён (UUID Floodgate `{uuid}`), какой бы геймертег он ни взял.",
    "staff.deny.unavailable":
      "⚠️ {service} был недоступен, поэтому {nick} запрещён только по имени{before}: запусти это позже ещё раз, чтобы запретить и его аккаунт, как бы он ни переименовался.",
    "staff.deny.before": " (и по найденному ранее UUID)",
    "staff.deny.now":
      "⛔ **{nick}** теперь запрещён в **{whitelist}**{reason}. Регистрация отклоняется и участникам, и администрации.",
    "staff.deny.still":
      "⛔ **{nick}** по-прежнему запрещён в **{whitelist}**{reason}. Регистрация отклоняется и участникам, и администрации.",
    "staff.deny.reason": ": {reason}",
    "staff.deny.noReason": " (без причины)",
    "staff.deny.removed":
      "Он был в вайтлисте ({nicks}, для {owners}) и удалён; выданные за него роли забраны.",
    "staff.deny.undo": "Отменить: {command}.",
    "staff.add.done": "✅ **{nick}** добавлен в **{whitelist}** для {member}.",
    "staff.add.expires": "⏳ Срок истекает {when}, тогда он удалится вместе с ролями.",
    "staff.add.rolesRefused": "Не удалось выдать ему {roles} (подробности в канале логов); ник остаётся.",
    "staff.add.undo": "Отменить: {command}.",
    "staff.guest.done": "✅ **{nick}** в **{whitelist}** как твой гость: {note}.",
    "staff.guest.noRoles":
      "Роли не выдаются, и в ничей лимит они не входят; они остаются, даже если ты покинешь сервер.",
    "staff.guest.expires": "⏳ Они будут удалены сами {when}.",
    "staff.guest.undo": "Отменить: {remove}; когда они зайдут на сервер, {transfer} отдаст ник им.",
    "whitelist.floodgate": "Floodgate: {prefix}, {spaces} (геймертег {gamertag} играет как {example})",
    "whitelist.floodgate.noPrefix": "без префикса",
    "whitelist.floodgate.prefix": "префикс {prefix}",
    "whitelist.floodgate.spacesReplaced": "пробелы как `_`",
    "whitelist.floodgate.spacesKept": "пробелы сохраняются",
    "whitelist.floodgate.gamertag": "Alex Pocket",
    "whitelist.created":
      "✅ Вайтлист **{name}** создан (id `{id}`): ники {nickType}, {max} на участника.{floodgate}",
    "whitelist.created.floodgate": " {floodgate}.",
    "whitelist.how.command": "Участники регистрируются через `/зарегистрировать` в {channel}.",
    "whitelist.how.message":
      "Участники пишут свой ник сообщением в {channel}; я ставлю ✅ или объясняю, почему нет.",
    "whitelist.how.message.paused":
      "⚠️ Участники пишут свой ник сообщением в {channel}, но это приостановлено: {paused}",
    "whitelist.how.approval":
      "Участники используют `/зарегистрировать` в {channel}; их заявки появляются в канале логов с кнопками «Одобрить» и «Отклонить».{logChannel}",
    "whitelist.how.approval.noLogChannel": " Сначала задай этот канал через `/whitelist log-channel`.",
    "whitelist.how.proof":
      "🔒 Сначала они подтверждают аккаунт: заходят на `{address}` в Minecraft Java и вводят показанный код через `/зарегистрировать code:` (добавленное администрацией подтверждения не требует и помечается как неподтверждённое).",
    "whitelist.how.proof.off":
      "⚠️ Подтверждение обязательно, но сервер привязки этого сервиса выключен (LINK_PORT не задан): участники не могут подтвердить аккаунт, а значит, не могут зарегистрироваться, пока он не заработает. Добавление администрацией по-прежнему работает.",
    "whitelist.created.next":
      "Дальше: задай обязательные, выдаваемые и управляющие роли через `/whitelist roles` и дай игровому серверу доступ через `/server-link create`.",
    "whitelist.edited.nothing":
      "Нечего менять: укажи хотя бы один из параметров: name, channel, mode, max-nicks, enabled, remove-on-leave, floodgate-prefix, replace-spaces, entry-lifetime, on-role-loss, proof, proof-window, nickname.",
    "whitelist.edited": "✅ **{name}** теперь: {settings}.",
    "whitelist.edited.name": "имя **{name}**",
    "whitelist.edited.channel": "канал {channel}",
    "whitelist.edited.mode": "режим {mode}",
    "whitelist.edited.maxNicks": {
      one: "{count} ник на участника",
      few: "{count} ника на участника",
      many: "{count} ников на участника",
      other: "{count} ника на участника",
    },
    "whitelist.state.open": "открыт",
    "whitelist.state.closed": "закрыт для регистрации",
    "whitelist.state.paused": "приостановлен (см. ниже)",
    "whitelist.edited.removeOnLeave": "ники удаляются, когда участники уходят",
    "whitelist.edited.keepOnLeave": "ники сохраняются, когда участники уходят",
    "whitelist.edited.lifetime": "срок жизни записей: {lifetime}",
    "whitelist.edited.removeOnRoleLoss": "ники удаляются, когда участники теряют все обязательные роли",
    "whitelist.edited.keepOnRoleLoss": "ники сохраняются, когда участники теряют все обязательные роли",
    "whitelist.edited.nicknamesAlone": "никнеймы участников не трогаются",
    "whitelist.edited.nicknames": "никнеймы участников по шаблону **{template}**",
    "whitelist.edited.proof.required": "подтверждение владения обязательно",
    "whitelist.edited.proof.firstJoin": "подтверждение владения при первом входе",
    "whitelist.edited.proof.off": "подтверждение владения не требуется",
    "whitelist.edited.proofWindow": "{window} на подтверждение ника при первом входе",
    "whitelist.respelled": {
      one: "{count} Bedrock-ник переписан под новые настройки (отправлен как удаление и добавление).",
      few: "{count} Bedrock-ника переписаны под новые настройки (каждый отправлен как удаление и добавление).",
      many: "{count} Bedrock-ников переписаны под новые настройки (каждый отправлен как удаление и добавление).",
      other:
        "{count} Bedrock-ника переписаны под новые настройки (каждый отправлен как удаление и добавление).",
    },
    "whitelist.respelled.clashes": {
      one: "{count} сохранил прежнее написание: новое уже занято другим ником (см. лог сервиса).",
      few: "{count} сохранили прежнее написание: новое уже занято другим ником (см. лог сервиса).",
      many: "{count} сохранили прежнее написание: новое уже занято другим ником (см. лог сервиса).",
      other: "{count} сохранили прежнее написание: новое уже занято другим ником (см. лог сервиса).",
    },
    "whitelist.respelled.pending": {
      one: "{count} ещё ждёт, пока GeyserMC выдаст его XUID; повтор каждые 10 минут.",
      few: "{count} ещё ждут, пока GeyserMC выдаст их XUID; повтор каждые 10 минут.",
      many: "{count} ещё ждут, пока GeyserMC выдаст их XUID; повтор каждые 10 минут.",
      other: "{count} ещё ждут, пока GeyserMC выдаст их XUID; повтор каждые 10 минут.",
    },
    "whitelist.edited.lifetimeNote":
      "Уже зарегистрированные ники сохраняют свой срок; новый срок жизни действует с этого момента.",
    "whitelist.edited.proofNote":
      "Уже зарегистрированные ники остаются; подтверждённый аккаунт нужен только для новых регистраций.",
    "whitelist.edited.settled": {
      one: "{count} ник, ждавший подтверждения при первом входе, остаётся неподтверждённым и больше не ждёт.",
      few: "{count} ника, ждавшие подтверждения при первом входе, остаются неподтверждёнными и больше не ждут.",
      many: "{count} ников, ждавших подтверждения при первом входе, остаются неподтверждёнными и больше не ждут.",
      other:
        "{count} ника, ждавших подтверждения при первом входе, остаются неподтверждёнными и больше не ждут.",
    },
    "whitelist.edited.windowNote":
      "Ники, ждущие подтверждения, сохраняют свой срок; новый действует с этого момента.",
    "whitelist.edited.nicknamesStop":
      "Никнеймы, выставленные ботом, остаются до следующего изменения у каждого участника, которое вернёт прежний.",
    "whitelist.edited.nicknamesFollow":
      "Никнейм каждого участника начнёт следовать шаблону с его следующей регистрации, переименования, передачи или удаления (сейчас ничего не переименовывается); прежний вернётся, когда уйдёт его последний ник.",
    "whitelist.edited.closedHow": "Регистрация закрыта; открой её снова через `enabled:True`.",
    "whitelist.edited.seeAll": "Все настройки — в `/whitelist show`.",
    "whitelist.show.staffHint":
      "Администрация меняет настройки через `/whitelist edit`, а роли — через `/whitelist roles`.",
    "whitelist.show.description": "id `{id}` · {status}",
    "whitelist.show.field.channel": "Канал",
    "whitelist.show.field.nickType": "Тип ника",
    "whitelist.show.field.mode": "Режим",
    "whitelist.show.field.perMember": "Ников на участника",
    "whitelist.show.field.nicks": "Ники",
    "whitelist.show.field.pending": "Заявки в ожидании",
    "whitelist.show.field.onLeave": "При уходе",
    "whitelist.show.field.lifetime": "Срок жизни записей",
    "whitelist.show.field.proof": "Подтверждение владения",
    "whitelist.show.field.form": "Анкета",
    "whitelist.show.field.nicknames": "Никнеймы",
    "whitelist.show.field.banSync": "Синхронизация банов (сервер)",
    "whitelist.show.field.onRoleLoss": "При потере роли",
    "whitelist.show.field.required": "Обязательные роли",
    "whitelist.show.field.granted": "Выдаваемые роли",
    "whitelist.show.field.manager": "Управляющие роли",
    "whitelist.show.field.roleLimits": "Лимиты ников по ролям",
    "whitelist.show.field.denied": "Запрещённые ники",
    "whitelist.show.field.bedrock": "Bedrock",
    "whitelist.show.field.uuidsPending": "⚠️ UUID Bedrock в ожидании",
    "whitelist.show.field.problems": "⚠️ Проблемы",
    "whitelist.show.field.paused": "⚠️ Регистрация сообщением приостановлена",
    "whitelist.show.field.departures": "⚠️ Уходы не видны",
    "whitelist.show.field.roleLoss": "⚠️ Потери ролей не видны",
    "whitelist.show.nicks": "{nicks} ({verified}{awaiting})",
    "whitelist.show.verified": {
      one: "{count} подтверждён",
      few: "{count} подтверждены",
      many: "{count} подтверждено",
      other: "{count} подтверждено",
    },
    "whitelist.show.awaiting": {
      one: ", {count} ждёт подтверждения",
      few: ", {count} ждут подтверждения",
      many: ", {count} ждут подтверждения",
      other: ", {count} ждут подтверждения",
    },
    "whitelist.show.nicksRemoved": "ники удаляются",
    "whitelist.show.nicksKept": "ники сохраняются",
    "whitelist.show.proof.off": "off: можно зарегистрировать любой ник",
    "whitelist.show.proof.firstJoin":
      "first-join: участники подтверждают аккаунт при первом входе на игровой сервер, в течение {window}",
    "whitelist.show.proof.required": "required: участники подтверждают Java-аккаунт на `{address}`",
    "whitelist.show.proof.linkOff":
      "required, но сервер привязки выключен (LINK_PORT не задан): участники не могут подтвердить аккаунт",
    "whitelist.show.form": {
      one: "{count} вопрос: `/whitelist form show`",
      few: "{count} вопроса: `/whitelist form show`",
      many: "{count} вопросов: `/whitelist form show`",
      other: "{count} вопроса: `/whitelist form show`",
    },
    "whitelist.show.nicknames.alone": "не трогаются",
    "whitelist.show.nicknames": "следуют за ником: **{template}**",
    "whitelist.show.banSync.on": "вкл.: бан в Discord запрещает ники участника",
    "whitelist.show.banSync.off": "выкл.",
    "whitelist.show.required.none": "нет: регистрироваться может любой",
    "whitelist.show.manager.none": "нет: только «Управлять сервером»",
    "whitelist.show.bedrock": "{floodgate}.",
    "whitelist.show.uuidsPending": {
      one: "{count} ник ждёт, пока GeyserMC выдаст его XUID, поэтому `whitelist.json` пока не может его впустить. Запрос повторяется каждые 10 минут.",
      few: "{count} ника ждут, пока GeyserMC выдаст их XUID, поэтому `whitelist.json` пока не может их впустить. Запрос повторяется каждые 10 минут.",
      many: "{count} ников ждут, пока GeyserMC выдаст их XUID, поэтому `whitelist.json` пока не может их впустить. Запрос повторяется каждые 10 минут.",
      other:
        "{count} ника ждут, пока GeyserMC выдаст их XUID, поэтому `whitelist.json` пока не может их впустить. Запрос повторяется каждые 10 минут.",
    },
    "whitelist.show.denials.count": {
      one: "{count} ник; какой — видит администрация.",
      few: "{count} ника; какие — видит администрация.",
      many: "{count} ников; какие — видит администрация.",
      other: "{count} ника; какие — видит администрация.",
    },
    "whitelist.show.denials.header": {
      one: "{count} ник:",
      few: "{count} ника:",
      many: "{count} ников:",
      other: "{count} ника:",
    },
    "whitelist.show.denials.reason": ": {reason}",
    "whitelist.show.denials.more": "… и ещё {count} (по одному: `/whitelist whois`)",
    "error.whitelist.name": "Имя вайтлиста — это 1-32 буквы, цифры, `-` или `_`.",
    "error.whitelist.maxNicks": "Максимум ников на участника — целое число не меньше 1.",
    "error.whitelist.floodgatePrefix":
      "Префикс Floodgate — до 15 печатных символов без пробелов, как `username-prefix` в config.yml Floodgate (по умолчанию `.`). Вместо префикса из 16 символов и длиннее Floodgate молча использует `.`, так что если твой такой длинный, имена Bedrock-игроков идут с `.`: укажи здесь `.`.",
    "error.whitelist.onRoleLoss": "on-role-loss — одно из: {allowed}.",
    "error.whitelist.proof": "proof — одно из: {allowed}.",
    "error.whitelist.types": "{list} и {last}",
    "error.whitelist.proof.required":
      "Подтверждение владения до регистрации — для вайтлистов {types}: ники {nickType} нельзя подтвердить входом в Java.",
    "error.whitelist.proof.firstJoin":
      "Подтверждение при первом входе — для вайтлистов {types}: у ников {nickType} нет аккаунта, который можно подтвердить.",
    "error.whitelist.nameTaken": "Вайтлист с именем «{name}» уже существует.",
    "error.whitelist.nameLookalike":
      "Вайтлист с именем «{name}» путали бы с «{existing}», который уже существует.",
    "error.whitelist.messageChannel":
      "Этот канал уже принимает регистрации в режиме сообщений для {whitelist}, а сообщение может регистрировать только в одном вайтлисте: выбери другой канал или другой режим.",
    "error.duration.format":
      "целое число и единицу: `30m` (минуты), `12h` (часы) или `7d` (дни), от 1 минуты до 366 дней",
    "error.duration.empty": "Длительность не указана. Укажи {format}.",
    "error.duration.invalid": "«{typed}» — это не длительность. Укажи {format}.",
    "error.duration.typed": "`{typed}`",
    "error.lifetime.tooShort":
      "{duration} — слишком мало: запись может жить от 1 минуты до 366 дней (от `1m` до `366d`).",
    "error.lifetime.tooLong":
      "{duration} — слишком много: запись может жить от 1 минуты до 366 дней (от `1m` до `366d`).",
    "error.lifetime.whole": "Срок жизни записи — целое число секунд; получено {seconds}.",
    "error.proofWindow": "Срок подтверждения — от 10 минут до 30 дней (от 10m до 30d); получено {window}.",
    "error.nicknameTemplate.example":
      "Пиши его с `{mc}` на месте имени в Minecraft, например `{discord} ({mc})` или `{mc}`.",
    "error.nicknameTemplate.mcOnce": "Шаблон никнейма содержит имя в Minecraft ровно один раз. {example}",
    "error.nicknameTemplate.discordOnce":
      "Шаблон никнейма содержит имя в Discord не больше одного раза. {example}",
    "error.nicknameTemplate.invalid":
      "«{template}» — не шаблон никнейма: единственные подстановки — `{mc}` и `{discord}`, в одну строку. {example}",
    "error.nicknameTemplate.long":
      "В шаблоне никнейма не больше {own} символов помимо подстановок, чтобы любое имя в Minecraft (до {mcMax}) уместилось в {max} символов Discord.",
    "staff.delete.preview":
      "Удаление **{whitelist}** уберёт её ники ({nicks}; выданные за них роли будут забраны), отбросит ожидающие заявки и отзовёт ключи, ограниченные ей ({keys}). Пока ничего не изменено: запусти {command}, чтобы продолжить.",
    "staff.delete.done":
      "🗑️ **{whitelist}** удалён: убрано ников — {nicks}, отозвано — {keys}. Игровые серверы с ключом на весь сервер теперь получают для него 404; создай новый через `/whitelist create`.",

    "account.premium": "лицензия, UUID {uuid}",
    "account.notPremium": "не лицензия",
    "account.offline": "офлайн-ник, без проверки",
    "account.bedrock": "геймертег Bedrock {gamertag}, {uuid}",
    "account.bedrock.uuid": "UUID Floodgate {uuid}",
    "account.bedrock.waiting": "его UUID ждёт GeyserMC",

    "log.origin.discord": "Discord",
    "log.origin.api": "API/плагин",
    "log.origin.memberLeft": "участник вышел",
    "log.origin.staff": "администрация",
    "log.origin.system": "whitelist-sync",
    "log.origin.roleLost": "потеря роли",
    "log.origin.expired": "истёк",
    "log.origin.renamed": "переименован (Mojang)",
    "log.field.member": "Участник",
    "log.field.by": "Кем",
    "log.field.origin": "Источник",
    "log.field.account": "Аккаунт",
    "log.field.verified": "Подтверждён",
    "log.field.expires": "Истекает",
    "log.field.why": "Почему",
    "log.field.reason": "Причина",
    "log.field.request": "Заявка",
    "log.field.access": "Доступ",
    "log.field.nicks": "Ники",
    "log.field.approvedBy": "Одобрил(а)",
    "log.field.rejectedBy": "Отклонил(а)",
    "log.field.guest": "Гость",
    "log.byKey": "ключ привязки «{key}»",
    "log.guestOf": "от {member}: {note}",
    "log.added.title": "Ник добавлен",
    "log.removed.title": "Ник удалён",
    "log.added": "**{nick}** добавлен в **{whitelist}**",
    "log.removed": "**{nick}** удалён из **{whitelist}**",
    "log.verified.yes": "да: подтверждён участником",
    "log.verified.no": "нет",
    "log.verified.awaiting": "ещё нет: ждёт подтверждения при первом входе, до {until}",
    "log.provenBy": "{member} подтвердил, что это его аккаунт (один владелец аккаунта на сервер).",
    "log.event": "событие {id}",
    "log.events": "события {first}–{last}",
    "log.renamed.title": "Ник переименован",
    "log.renamed": "**{old}** теперь **{nick}** в **{whitelist}**",
    "log.roles.grant.title": "Не удалось выдать роли",
    "log.roles.revoke.title": "Не удалось забрать роли",
    "log.roles.for": "Для {member} (**{nick}**):",
    "log.roles.imported": {
      one: "{count} импортированный ник",
      few: "{count} импортированных ника",
      many: "{count} импортированных ников",
      other: "{count} импортированного ника",
    },
    "log.roleReason.permission": "нет права: дай боту «Управлять ролями» и подними его роль выше этой",
    "log.roleReason.unknownRole": "этой роли больше нет",
    "log.roleReason.unknownMember": "участника больше нет на сервере",
    "log.roleReason.managed":
      "этой ролью управляет интеграция (бот или бусты сервера), поэтому её никто не может выдать или снять: выбери другую роль через /whitelist roles",
    "log.roleReason.refused": "Discord отказал ({code}: {message})",
    "log.roleReason.unreachable": "Discord недоступен ({message})",
    "log.roleReason.botUnreachable": "Бот не смог связаться с Discord ({message}).",
    "log.roleReason.offline": "Бот Discord не подключён (нет DISCORD_TOKEN).",
    "log.roleReason.unconfirmedGrant": "Discord не подтвердил выдачу роли.",
    "log.roleReason.unconfirmedRevoke": "Discord не подтвердил снятие роли.",
    "log.request.title": "Заявка на регистрацию",
    "log.request": "{member} просит **{nick}** в **{whitelist}**",
    "log.request.footer": "Администрация этого вайтлиста: одобрите или отклоните ниже.",
    "log.request.cut": "Длинные ответы здесь обрезаны: /whitelist member показывает их целиком.",
    "log.request.approve": "Одобрить",
    "log.request.reject": "Отклонить",
    "log.request.cancelled.title": "Заявка отменена",
    "log.request.cancelled": "Заявка {member} на **{nick}** отменена: {because}.",
    "log.request.cancelled.deleted": "администрация удалила **{whitelist}**",
    "log.request.cancelled.left": "участник вышел с сервера",
    "log.request.approved.title": "Заявка одобрена",
    "log.request.rejected.title": "Заявка отклонена",
    "log.request.decided": "**{nick}** в **{whitelist}** для {member}",
    "log.access.remove": "читает и удаляет",
    "log.access.read": "только чтение",
    "log.key.created.title": "Ключ привязки создан",
    "log.key.revoked.title": "Ключ привязки отозван",
    "log.key": "**{name}** (`{id}`) для: {scope}",
    "log.scope.server": "весь сервер",
    "log.scope.whitelist": "вайтлист **{whitelist}**",
    "log.scope.deleted": "удалённый вайтлист",
    "log.webhook.set.title": "Вебхук задан",
    "log.webhook.cleared.title": "Вебхук удалён",
    "log.webhook.set": "Привязка **{name}** (`{id}`) теперь отправляет свои события на **{host}**",
    "log.webhook.cleared": "Привязка **{name}** (`{id}`) больше не отправляет события",
    "log.denied.title": "Ник запрещён",
    "log.allowed.title": "Ник снова разрешён",
    "log.denial": "**{nick}** в **{whitelist}**",
    "log.denial.uuid": "UUID {uuid}",
    "log.denial.byName": "только по имени",
    "log.deleted.title": "Вайтлист удалён",
    "log.deleted": "**{whitelist}** (`{id}`) удалён: убрано ников — {nicks}, отозвано — {keys}.",
    "log.count.nicks": {
      one: "{count} ник",
      few: "{count} ника",
      many: "{count} ников",
      other: "{count} ника",
    },
    "log.count.keys": {
      one: "{count} ключ привязки",
      few: "{count} ключа привязки",
      many: "{count} ключей привязки",
      other: "{count} ключа привязки",
    },
    "log.imported.title": "Ники импортированы",
    "log.imported": "{added} из **{file}** ({lines}) добавлено в **{whitelist}**, владелец {member}",
    "log.count.names": {
      one: "{count} имя",
      few: "{count} имени",
      many: "{count} имён",
      other: "{count} имени",
    },
    "log.transfer.title": "Ник передан",
    "log.transfer": "**{nick}** в **{whitelist}**: {from} → {to}",
    "log.transfer.guestOf": "гость {member}",
    "log.list.item": "• **{nick}** из **{whitelist}**",
    "log.list.deleted": "• **{nick}** ({member})",
    "log.list.more": "… и ещё {count}: полный список во вложении.",
    "log.left.title": "Участник вышел",
    "log.roleLost.title": "Потеряна обязательная роль",
    "log.left": {
      one: "{member} вышел с сервера: удалён {count} ник.",
      few: "{member} вышел с сервера: удалено {count} ника.",
      many: "{member} вышел с сервера: удалено {count} ников.",
      other: "{member} вышел с сервера: удалено {count} ника.",
    },
    "log.roleLost": {
      one: "У {member} больше нет роли, которую требуют его вайтлисты: удалён {count} ник.",
      few: "У {member} больше нет роли, которую требуют его вайтлисты: удалено {count} ника.",
      many: "У {member} больше нет роли, которую требуют его вайтлисты: удалено {count} ников.",
      other: "У {member} больше нет роли, которую требуют его вайтлисты: удалено {count} ника.",
    },
    "log.channel.title": "Канал логов",
    "log.channel":
      "{member} выбрал этот канал для логов whitelist-sync: добавления, удаления, заявки на одобрение и проблемы с ролями.",
    "log.intent.title": "Discord не даёт {intent}",
    "log.intent":
      "Пока он выключен, {without}.{paused}\nКак исправить: включи **{intent}** в {portal} и перезапусти whitelist-sync.",
    "log.intent.paused": " Приостановлены: {whitelists}.",
    "log.file.departed": "udalennye-niki-{member}.txt",
    "log.file.deleted": "{whitelist}-udaleno.txt",
    "log.file.item": "{nick} из {whitelist}",
    "log.file.deletedItem": "{nick} ({member})",
    "log.ban.title": "Участник забанен: ники запрещены",
    "log.ban": "{member} забанен в Discord. Его ники запрещены («{reason}»), пока бан не снят.",
    "log.ban.removed":
      "{member} забанен в Discord. Его ники запрещены («{reason}»), пока бан не снят; удалено из вайтлистов: {nicks}.",
    "log.ban.denied": "• **{whitelist}**: {nicks}",
    "log.ban.kept": "• **{whitelist}**, уже запрещены: {nicks}",
    "log.ban.none": "Ников у него не было.",
    "log.unban.title": "Бан снят: запреты отменены",
    "log.unban":
      "С {member} снят бан в Discord. То, что запретил бан, снова можно зарегистрировать (ничего не возвращается само; запреты персонала остаются):",
    "log.unban.lifted": "• **{whitelist}**: {nicks}",

    "intent.portal":
      "Bot → Privileged Gateway Intents на портале разработчиков Discord (https://discord.com/developers/applications)",
    "intent.serverMembers.without":
      "участники, которые выходят, сохраняют свои ники, как и те, кто теряет обязательные роли вайтлиста (бот не видит ни того, ни другого, а проверка пропущенного в офлайне при запуске и после переподключения выключена); удаляй их ники через /whitelist remove",
    "intent.messageContent.without":
      "вайтлисты в режиме сообщений приостановлены, потому что бот не может читать присланные туда ники; участникам, которые пишут туда или используют /зарегистрировать, об этом сообщается",
    "intent.pausedForStaff":
      "Discord не даёт боту читать сообщения. Включи **Message Content Intent** в {portal} и перезапусти whitelist-sync.",
    "intent.departuresUnseen":
      "Discord не сообщает боту, кто выходит, поэтому ники остаются, пока их не удалят вручную. Включи **Server Members Intent** в {portal} и перезапусти whitelist-sync.",
    "intent.roleLossUnseen":
      "Discord не сообщает боту, когда участники теряют роли, поэтому ники участников без обязательной роли остаются, пока их не удалят вручную. Включи **Server Members Intent** в {portal} и перезапусти whitelist-sync.",
    "permission.AddReactions": "«Добавлять реакции»",
    "permission.Administrator": "«Администратор»",
    "permission.BanMembers": "«Банить участников»",
    "permission.ViewAuditLog": "«Просматривать журнал аудита»",
    "permission.ManageNicknames": "«Управлять никнеймами»",
    "permission.ViewChannel": "«Просматривать каналы»",
    "permission.SendMessages": "«Отправлять сообщения»",
    "permission.EmbedLinks": "«Встраивать ссылки»",
    "permission.AttachFiles": "«Прикреплять файлы»",
    "permission.ReadMessageHistory": "«Читать историю сообщений»",
    "permission.ManageRoles": "«Управлять ролями»",
    "setup.list": "{first}, {rest}",
    "setup.rolesPlace": "Настройки сервера → Роли",
    "setup.turnOn.fix": "включи {permission} для роли бота в {place}",
    "setup.server.ok": "у бота есть на {server} все права, которые он использует",
    "setup.server.lacks": "боту не хватает на {server}: {permissions}",
    "setup.server.lacks.fix":
      "включи {permissions} для роли бота в {place} (или пригласи его заново по ссылке из `whitelist-sync invite`, которая их запрашивает)",
    "setup.banSync":
      "синхронизация банов включена на {server}, но Discord не сообщает боту ни о каких банах: ему не хватает {permission}",
    "setup.nickname.owner": "это владелец сервера, а Discord не даёт ни одному боту менять никнейм владельца",
    "setup.nickname.above":
      "его высшая роль на уровне моей ({role}) или выше: перетащи {role} выше неё в {place}",
    "setup.nickname.permission": "мне не хватает права {permission}: включи его для {role} в {place}",
    "setup.logChannel.gone": "канала логов ({id}) больше нет на {server}",
    "setup.chooseAnother.fix": "выбери другой через {command}",
    "setup.channel.log": "канал логов {channel}",
    "setup.channel.whitelist": "канал {channel} вайтлиста {whitelist}",
    "setup.channel.post": "{where}: я могу там читать и писать",
    "setup.channel.react": "{where}: я могу там читать, отвечать и ставить реакции",
    "setup.channel.lacks": "{where}: мне там не хватает {permissions}",
    "setup.channel.lacks.fix":
      "разреши {permissions} боту (или его роли) в «Настроить канал» → «Права доступа» канала {channel}",
    "setup.whitelist.channelGone": "{whitelist}: его канала ({id}) больше нет",
    "setup.whitelist.roleGone.required": "{whitelist}: обязательной роли ({id}) больше нет",
    "setup.whitelist.roleGone.manager": "{whitelist}: управляющей роли ({id}) больше нет",
    "setup.whitelist.roleGone.granted": "{whitelist}: выдаваемой роли ({id}) больше нет",
    "setup.whitelist.setRoles.fix": "задай его роли заново через {command}",
    "setup.whitelist.managed": "{whitelist}: не могу выдать {role}: этой ролью управляет интеграция",
    "setup.whitelist.managed.fix": "выдавай вместо неё свою роль через {command}",
    "setup.whitelist.cannotGrant": "{whitelist}: не могу выдать {role}: мне не хватает {permission}",
    "setup.whitelist.below": "{whitelist}: не могу выдать {role}: моя роль ниже неё",
    "setup.whitelist.below.fix": "перетащи роль бота ({bot}) выше {role} в {place}",
    "setup.whitelist.canGrant": "{whitelist}: могу выдать {role}",
    "setup.whitelist.nicknames.ok": "{whitelist}: могу менять никнеймы участников",
    "setup.whitelist.nicknames.lacks":
      "{whitelist}: никнеймы участников должны следовать их именам в Minecraft, но мне не хватает {permission}",
    "setup.whitelist.messageContent":
      "{whitelist} регистрирует по сообщениям, но Message Content Intent выключен: ники участников не прочитать",
    "setup.whitelist.messageContent.fix": "включи Message Content Intent в {portal} или {command}",
    "setup.whitelist.noLogChannel":
      "{whitelist} требует одобрения администрации, но канал логов для заявок не задан",
    "setup.whitelist.noLogChannel.fix": "задай его через {command}",
    "setup.warning": "⚠️ {title}. Как исправить: {fix}.",
    "access.rolesUnseen":
      "⚠️ Discord не даёт мне видеть роли участников (Server Members Intent выключен), поэтому участники без обязательной роли сохраняют ники, пока их не удалят вручную.",
    "access.allHold": "У каждого участника с ником в нём есть одна из его обязательных ролей.",
    "access.removed": {
      one: "Удалён {count} ник участника без единой из его обязательных ролей (источник: потеря роли).",
      few: "Удалено {count} ника участников без единой из его обязательных ролей (источник: потеря роли).",
      many: "Удалено {count} ников участников без единой из его обязательных ролей (источник: потеря роли).",
      other: "Удалено {count} ника участников без единой из его обязательных ролей (источник: потеря роли).",
    },
    "roleLimit.usage":
      "Пиши лимит ников роли как `<роль>=<число>` (1-{max}), например `@Донатер=3`, или `@Донатер=none`, чтобы снять его; роль — упоминанием, ID или точным названием.",
    "roleLimit.ambiguous": "Несколько ролей называются «{name}»: укажи вместо этого упоминание или ID роли.",
    "roleLimit.unknownName":
      "На этом сервере нет роли «{name}», поэтому лимит не задан. Укажи её упоминанием (набери @ и её название), ID или точным названием.",
    "roleLimit.unknownId":
      "На этом сервере нет роли с ID {id}, поэтому лимит не задан. Укажи её упоминанием (набери @ и её название), ID или точным названием.",
    "roleLimit.notNumber":
      "Лимит ников роли — целое число от 1 до {max} или none, чтобы снять его; «{value}» — ни то, ни другое.",
    "roleLimit.none": "нет (каждый участник: {max}, max-nicks)",
    "roleLimit.others": " (участник получает наибольший из лимитов своих ролей; {max} без них, max-nicks)",
    "roleLimit.more": " … и ещё {count}",
    "roles.list.required": "Обязательные (любая из них позволяет зарегистрироваться)",
    "roles.list.granted": "Выдаются при регистрации",
    "roles.list.manager": "Управляющие (добавлять и удалять чьи угодно ники)",
    "roles.everyone": "@everyone здесь не подходит; выбери настоящую роль.",
    "roles.header": "Роли вайтлиста **{whitelist}**:",
    "roles.header.changed": "✅ Роли вайтлиста **{whitelist}**:",
    "roles.line": "• {label}: {roles}",
    "roles.limits": "• Лимиты ников по ролям: {limits}",
    "roles.how":
      "Меняй список через `add-…`/`remove-…` (по одной роли) или очищай через `clear`; задай лимит ников роли через `limit:@Роль=3` (`@Роль=none` снимает его).",
    "import.outcome.added": "добавлен",
    "import.outcome.wouldBeAdded": "был бы добавлен",
    "import.outcome.already": "уже есть",
    "import.outcome.invalid": "недопустим",
    "import.outcome.denied": "запрещён",
    "import.outcome.unchecked": "не проверен",
    "import.outcome.refused": "отклонён",
    "import.format.plain": "простой список",
    "import.format.easywhitelist": "config.yml EasyWhitelist",
    "import.format.vanilla": "whitelist.json из Minecraft",
    "import.file": "**{file}** ({format}, {names})",
    "import.tally": "{label}: {count}",
    "import.dryRun": "🔎 Пробный импорт {file} в **{whitelist}** для {member}: ничего не изменено.",
    "import.done": "📥 {file} импортирован в **{whitelist}** для {member}.",
    "import.unchecked": {
      one: "⏳ Не удалось проверить {count} имя, поэтому для него ничего не сохранено: импортируй тот же файл позже ещё раз (то, что уже в вайтлисте, тогда будет «{already}»).",
      few: "⏳ Не удалось проверить {count} имени, поэтому для них ничего не сохранено: импортируй тот же файл позже ещё раз (то, что уже в вайтлисте, тогда будет «{already}»).",
      many: "⏳ Не удалось проверить {count} имён, поэтому для них ничего не сохранено: импортируй тот же файл позже ещё раз (то, что уже в вайтлисте, тогда будет «{already}»).",
      other:
        "⏳ Не удалось проверить {count} имени, поэтому для них ничего не сохранено: импортируй тот же файл позже ещё раз (то, что уже в вайтлисте, тогда будет «{already}»).",
    },
    "import.rolesRefused": "Не удалось выдать {member} {roles} (подробности в канале логов); ники остаются.",
    "import.next":
      "Каждое имя и что с ним стало — в приложенном `{file}`. Передай ники их игрокам через `/whitelist transfer`.",
    "import.next.dryRun":
      "Каждое имя и что с ним стало — в приложенном `{file}`. Запусти команду ещё раз без `dry-run`, чтобы импортировать.",
    "import.detail.taken": "уже в {whitelist}",
    "import.detail.held": "уже в {whitelist} ({nick})",
    "import.detail.notPremium": "не премиум-аккаунт; {whitelist} принимает только премиум-аккаунты",
    "import.detail.unreachable": "{service} недоступен: не проверен, импортируй файл ещё раз",
    "import.detail.earlier": "уже указан выше, в строке {line}",
    "import.detail.meanwhile": "тем временем зарегистрирован в {whitelist}",
    "import.detail.notStored": "не сохранён: {reason}",
    "import.detail.unexpected": "неожиданная ошибка остановила импорт (она записана в лог)",
    "import.refused.noNick": {
      one: "{count} строка файла {file} — не ник, который принимает {whitelist}, так что это не список ников. {attach}",
      few: "Ни одна из {count} строк файла {file} — не ник, который принимает {whitelist}, так что это не список ников. {attach}",
      many: "Ни одна из {count} строк файла {file} — не ник, который принимает {whitelist}, так что это не список ников. {attach}",
      other:
        "Ни одна из {count} строки файла {file} — не ник, который принимает {whitelist}, так что это не список ников. {attach}",
    },
  },
  commands: {
    whitelist: { description: "Управление вайтлистами Minecraft на сервере" },
    "whitelist create": { description: "Создать вайтлист, привязанный к каналу (Управлять сервером)" },
    "whitelist create name": { description: "1-32 буквы, цифры, - или _ (уникально на этом сервере)" },
    "* channel": { description: "Канал, где участники регистрируются" },
    "whitelist create nick-type": { description: "Какие ники он принимает" },
    "* nick-type java": { name: "java: Java Edition, лицензия проверяется" },
    "* nick-type premium": { name: "premium: только купленные Java-аккаунты" },
    "* nick-type offline": { name: "offline: синтаксис Java, без проверки" },
    "* nick-type bedrock": { name: "bedrock: геймертег Xbox (Floodgate)" },
    "* mode": { description: "Как участники регистрируются" },
    "* mode command": { name: "command: участники используют /зарегистрировать" },
    "* mode message": { name: "message: участники пишут свой ник в канал" },
    "* mode approval": { name: "approval: /зарегистрировать подаёт заявку на одобрение" },
    "* max-nicks": { description: "Сколько ников может зарегистрировать один участник" },
    "* floodgate-prefix": {
      description: "Bedrock: твой username-prefix из Floodgate (по умолчанию .); none — без префикса",
    },
    "* replace-spaces": {
      description: "Bedrock: твой replace-spaces из Floodgate (по умолчанию True: пробелы станут _)",
    },
    "* proof": { description: "Должны ли участники подтверждать, что регистрируемый аккаунт их, и когда?" },
    "* proof off": { name: "off: участники регистрируют любой ник (по умолчанию)" },
    "* proof required": { name: "required: участники сначала подтверждают Java-аккаунт (java, premium)" },
    "* proof first-join": {
      name: "first-join: подтверждается при первом входе на игровой сервер (java, premium, bedrock)",
    },
    "* proof-window": {
      description:
        "При proof first-join: сколько новый ник ждёт подтверждения, от 10m до 30d (по умолчанию 1d)",
    },
    "whitelist edit": { description: "Изменить настройки вайтлиста (Управлять сервером)" },
    "* whitelist": { description: "Вайтлист (его имя или id)" },
    "whitelist edit name": { description: "Новое имя (1-32 буквы, цифры, - или _)" },
    "whitelist edit enabled": { description: "False закрывает регистрацию; ники по-прежнему отдаются" },
    "whitelist edit remove-on-leave": { description: "Удалять ники участника, когда он покидает сервер" },
    "whitelist edit entry-lifetime": {
      description: "Свои регистрации участников истекают через 30m, 12h, 7d… (до 366d); none: никогда",
    },
    "whitelist edit on-role-loss": {
      description: "Что с никами участника, когда у него нет ни одной обязательной роли",
    },
    "whitelist edit on-role-loss remove": { name: "remove: его ники удаляются (по умолчанию)" },
    "whitelist edit on-role-loss keep": { name: "keep: его ники остаются" },
    "whitelist edit nickname": {
      description:
        "Никнеймы участников на сервере строятся по их нику: {discord} ({mc}), {mc}…; none: не трогать",
    },
    "whitelist delete": {
      description: "Удалить вайтлист, его ники и ограниченные им ключи привязки (Управлять сервером)",
    },
    "whitelist delete confirm": {
      description: "True — удалить по-настоящему; без этого увидишь, что пропадёт",
    },
    "whitelist list": { description: "Список вайтлистов этого сервера" },
    "whitelist show": { description: "Показать настройки и роли вайтлиста" },
    "whitelist roles": {
      description: "Изменить обязательные, выдаваемые и управляющие роли вайтлиста (Управлять сервером)",
    },
    "whitelist roles add-required": {
      description: "Добавить роль: обязательная (любая из них позволяет зарегистрироваться)",
    },
    "whitelist roles remove-required": { description: "Убрать роль из обязательных" },
    "whitelist roles add-granted": { description: "Добавить роль: выдаётся при регистрации" },
    "whitelist roles remove-granted": { description: "Убрать роль из выдаваемых" },
    "whitelist roles add-manager": {
      description: "Добавить роль: управление (добавлять и удалять ники любого)",
    },
    "whitelist roles remove-manager": { description: "Убрать роль из управляющих" },
    "whitelist roles clear": {
      description: "Очистить один список или все лимиты ролей (до любых добавлений)",
    },
    "whitelist roles clear required": { name: "обязательные роли" },
    "whitelist roles clear granted": { name: "выдаваемые роли" },
    "whitelist roles clear manager": { name: "управляющие роли" },
    "whitelist roles clear limits": { name: "лимиты ролей" },
    "whitelist roles limit": {
      description: "Лимит ников роли: <роль>=<n> (1-100) или <роль>=none, чтобы убрать",
    },
    "whitelist add": { description: "Зарегистрировать ник для участника (администрация вайтлиста)" },
    "whitelist add member": { description: "Кому принадлежит ник" },
    "whitelist add nick": { description: "Его ник в Minecraft" },
    "whitelist add expires": {
      description: "Удалить сам через 30m, 12h, 7d… (от 1 минуты до 366 дней); по умолчанию: никогда",
    },
    "whitelist guest": {
      description:
        "Добавить в вайтлист игрока, которого нет на этом Discord-сервере (администрация вайтлиста)",
    },
    "whitelist guest nick": { description: "Его ник в Minecraft" },
    "whitelist guest note": {
      description: "Кто он, для администрации, которая увидит ник позже (чей друг, какое событие)",
    },
    "whitelist guest expires": {
      description: "Удалить сам через 30m, 12h, 7d… (от 1 минуты до 366 дней); по умолчанию: никогда",
    },
    "whitelist remove": { description: "Удалить ник из вайтлиста (его владелец или администрация)" },
    "* nick": { description: "Ник, в любом регистре" },
    "whitelist export": { description: "Скачать вайтлист как файл сервера (администрация вайтлиста)" },
    "whitelist export format": { description: "Какой файл" },
    "whitelist export format plain": { name: "plain: whitelist.txt, один ник на строку" },
    "whitelist export format easywhitelist": { name: "easywhitelist: config.yml плагина EasyWhitelist" },
    "whitelist export format vanilla": { name: "vanilla: whitelist.json Minecraft" },
    "whitelist export format bds": { name: "bds: allowlist.json Bedrock Dedicated Server" },
    "whitelist import": {
      description: "Импортировать whitelist.json, список ников или config.yml EasyWhitelist (администрация)",
    },
    "whitelist import file": { description: "Файл, до 1 МиБ и 10 000 имён" },
    "whitelist import member": { description: "Кому принадлежат ники (по умолчанию: тебе; передашь позже)" },
    "whitelist import dry-run": { description: "Только сообщить, что произошло бы; ничего не менять" },
    "whitelist transfer": { description: "Передать ник другому участнику (администрация вайтлиста)" },
    "whitelist transfer member": { description: "Кому ник принадлежит отныне" },
    "whitelist transfer whitelist": {
      description: "Какой вайтлист (по умолчанию: этого канала или единственный на сервере)",
    },
    "whitelist log-channel": {
      description: "Выбрать, куда писать изменения и заявки на одобрение (Управлять сервером)",
    },
    "whitelist log-channel channel": { description: "Канал логов; не указывай, чтобы выключить логи" },
    "whitelist ban-sync": {
      description: "Бан в Discord запрещает ники забаненного; разбан снимает запрет (Управлять сервером)",
    },
    "whitelist ban-sync enabled": { description: "True: баны действуют на вайтлисты; false: нет" },
    "whitelist deny": {
      description: "Запретить ник в вайтлисте и удалить его, если он там есть (администрация вайтлиста)",
    },
    "whitelist deny nick": { description: "Ник Minecraft (Bedrock: геймертег), который запретить" },
    "whitelist deny reason": { description: "Почему: показывается всем, кто попробует его зарегистрировать" },
    "whitelist undeny": { description: "Снова разрешить запрещённый ник в вайтлисте (администрация)" },
    "whitelist undeny nick": { description: "Запрещённый ник" },
    "whitelist whois": {
      description: "Чей ник: владелец, кто добавил, когда, как, срок (администрация; участники: свои)",
    },
    "whitelist whois nick": { description: "Ник, в любом регистре (Bedrock: геймертег или имя в игре)" },
    "whitelist whois whitelist": {
      description: "Только этот вайтлист (по умолчанию: все вайтлисты сервера)",
    },
    "whitelist member": {
      description: "Ники участника во всех вайтлистах (администрация; участники: свои)",
    },
    "whitelist member user": { description: "Чьи ники" },
    "whitelist form": { description: "Вопросы, на которые участники отвечают при регистрации" },
    "whitelist form set": { description: "Задать вопрос анкеты вайтлиста (Управлять сервером)" },
    "whitelist form set number": { description: "Какой вопрос, 1-5 (после последнего: новый в конце)" },
    "whitelist form set question": { description: "Что участники видят над полем" },
    "whitelist form set style": { description: "Одна строка (по умолчанию) или абзац" },
    "whitelist form set style short": { name: "short: одна строка" },
    "whitelist form set style paragraph": { name: "paragraph: несколько строк" },
    "whitelist form set required": { description: "Обязателен ли ответ (по умолчанию: да)" },
    "whitelist form set min-length": { description: "Минимум символов в ответе (по умолчанию 0)" },
    "whitelist form set max-length": {
      description: "Максимум символов (по умолчанию: 100 для строки, 1000 для абзаца)",
    },
    "whitelist form set hint": { description: "Серый текст в пустом поле, например образец ответа" },
    "whitelist form remove": { description: "Убрать вопрос из анкеты вайтлиста (Управлять сервером)" },
    "whitelist form remove number": { description: "Какой вопрос, 1-5" },
    "whitelist form clear": {
      description: "Убрать анкету вайтлиста: участники регистрируются без вопросов (Управлять сервером)",
    },
    "whitelist form show": { description: "Вопросы, которые вайтлист задаёт при регистрации" },
    "whitelist form preview": {
      description:
        "Открыть анкету вайтлиста так, как её видят участники; ничего не отправляется (администрация)",
    },
    "whitelist form retention": {
      description: "Сколько дней хранятся ответы анкеты после решения (Управлять сервером)",
    },
    "whitelist form retention days": { description: "0-365 (0: только пока заявка ждёт; по умолчанию 30)" },
    register: {
      name: "зарегистрировать",
      description: "Добавить свой ник Minecraft в вайтлист (или код с сервера привязки)",
    },
    "register nick": { description: "Твой ник в Minecraft" },
    "register whitelist": {
      description: "Какой вайтлист (по умолчанию: этого канала или единственный на сервере)",
    },
    "register code": { description: "Вместо ника: код, который показал сервер привязки, например K7QX-29MD" },
    unregister: { name: "удалить-ник", description: "Убрать ник Minecraft из вайтлиста" },
    "unregister nick": { description: "Ник, который убрать" },
    "unregister whitelist": {
      description: "Какой вайтлист (по умолчанию: этого канала или единственный на сервере)",
    },
    link: {
      name: "привязать",
      description: "Подтвердить, что аккаунт Minecraft Java твой: код с сервера привязки",
    },
    "link code": {
      description: "Код, показанный при входе на сервер привязки, напр. K7QX-29MD (без него: как получить)",
    },
    unlink: {
      name: "отвязать",
      description: "Забыть аккаунт Minecraft Java, привязанный к тебе на этом сервере",
    },
    "unlink account": { description: "Его имя (по умолчанию: твой единственный привязанный аккаунт)" },
    "unlink member": {
      description: "Администрация («Управлять сервером»): отвязать аккаунт этого участника",
    },
    "server-link": {
      description: "Ключи привязки и вебхуки для игровых серверов и интеграций (Управлять сервером)",
    },
    "server-link create": {
      description: "Создать ключ для игрового сервера или интеграции (Управлять сервером)",
    },
    "server-link create name": { description: "Для чего он, например survival-server" },
    "server-link create whitelist": {
      description: "Ограничить одним вайтлистом (по умолчанию: весь сервер)",
    },
    "server-link create may-remove": {
      description: "Может ли удалять ники? False для веб-страницы или панели (по умолчанию: true)",
    },
    "server-link revoke": { description: "Сразу отозвать ключ привязки (Управлять сервером)" },
    "* id": { description: "Id привязки (показан при создании и в /server-link list)" },
    "server-link webhook": {
      description: "Отправлять события этой привязки на URL или перестать (Управлять сервером)",
    },
    "server-link webhook url": {
      description: "http(s) URL, куда отправлять события (POST); не указывай, чтобы убрать",
    },
    "server-link list": { description: "Список ключей привязки и вебхуков сервера (Управлять сервером)" },
    texts: {
      description: "Напиши по-своему, что читают участники, и язык бота здесь (Управлять сервером)",
    },
    "texts list": {
      description: "Тексты, которые можно написать по-своему, как их читают сейчас (Управлять сервером)",
    },
    "texts set": {
      description:
        "Написать по-своему текст, который читают участники, с его {подстановками} (Управлять сервером)",
    },
    "* text": { description: "Какой текст, который читают участники" },
    "* text public.registered": { name: "зарегистрирован: ответ на регистрацию" },
    "* text public.refused": { name: "отклонено: заявка, которую администрация не одобрила" },
    "* text public.approved": { name: "одобрено: заявка, которую администрация одобрила" },
    "* text public.removed": { name: "удалён: ник, убранный из вайтлиста" },
    "texts set wording": {
      description: "Текст; подстановки в фигурных скобках, например {nick} и {whitelist}",
    },
    "texts preview": {
      description:
        "Увидеть текст так, как его читают участники, или попробовать вариант (Управлять сервером)",
    },
    "texts preview wording": { description: "Вариант для проверки; ничего не сохраняется" },
    "texts reset": { description: "Вернуть текст по умолчанию (Управлять сервером)" },
    "texts language": {
      description: "Язык того, что здесь читают все: логи, заявки (Управлять сервером)",
    },
    "texts language language": { description: "Один из языков бота или язык сервера в Discord" },
    "texts language language discord": { name: "язык сервера в Discord" },
  },
} satisfies LanguageFile<"ru">;
