import type { CommandFile } from "../../messages.ts";

/** Russian: its command localizations (its messages: ../ru.ts). */
export const ru = {
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
    "whitelist ranks": { description: "Игровые группы (ранги), следующие за ролями Discord" },
    "whitelist ranks add": {
      description: "Поместить обладателей роли в игровую группу на серверах (Управлять сервером)",
    },
    "whitelist ranks add group": {
      description: "Игровая группа, как её называет LuckPerms (1-36 символов a-z 0-9 _ - . +)",
    },
    "whitelist ranks add role": { description: "Роль (и управляемая; @everyone: все в вайтлисте)" },
    "whitelist ranks add members": {
      description: "Вместо роли: все в вайтлисте или его подтверждённые аккаунты",
    },
    "* members everyone": { name: "все в вайтлисте" },
    "* members verified": { name: "подтверждённые аккаунты (доказанные владельцем)" },
    "whitelist ranks remove": {
      description: "Перестать помещать обладателей роли в игровую группу (Управлять сервером)",
    },
    "whitelist ranks remove group": { description: "Игровая группа" },
    "whitelist ranks remove role": {
      description: "Только назначение этой роли (без опций: все назначения группы)",
    },
    "whitelist ranks remove members": { description: "Только назначение всех или подтверждённых аккаунтов" },
    "whitelist ranks list": { description: "С какими игровыми группами сопоставлены роли вайтлиста" },
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
} satisfies CommandFile;
