import type { LanguageFile } from "../messages.ts";

// Polski. Terminy Minecrafta i Discorda tak, jak używa ich społeczność: whitelista, nick, gamertag, serwer, rola,
// administracja. Komendy: /zarejestruj, /wyrejestruj, /połącz, /rozłącz; opcje zachowują angielskie nazwy.
// Liczby mają formy one (1), few (2-4, 22-24…), many (0, 5-21, 25…) i other (ułamki).

/** Polish: its messages (its command localizations: ./commands/pl.ts). */
export const pl = {
  messages: {
    "common.apology": "Coś poszło nie tak po naszej stronie; zostało to zapisane. Spróbuj ponownie później.",
    "common.dmOnly": "whitelist-sync działa na serwerze, nie w wiadomościach prywatnych.",
    "common.unknownCommand": "Ta komenda jest (już) nieznana; spróbuj ponownie za minutę.",
    "common.unknownSubcommand": "Ta podkomenda jest (już) nieznana; spróbuj ponownie za minutę.",
    "common.buttonInactive": "Ten przycisk nie jest już aktywny.",
    "common.needsManageGuild":
      "Mogą to zrobić tylko członkowie z uprawnieniem „Zarządzanie serwerem”. Poproś o to administratora serwera.",
    "common.oneOf": "{option} musi być jednym z: {allowed}.",
    "common.andMore": "… i jeszcze {count}.",
    "common.none": "brak",
    "common.verbatim": "{text}",
    "common.dash": "—",

    "error.notManager":
      "Może to zrobić tylko administracja whitelisty {whitelist} (Zarządzanie serwerem lub jedna z jej ról zarządzających).",
    "error.closed":
      "Whitelista {whitelist} jest teraz zamknięta dla rejestracji. Zapytaj administrację, kiedy ruszy.",
    "error.missingRole.self":
      "Aby zarejestrować się na {whitelist}, potrzebujesz jednej z jej wymaganych ról.",
    "error.missingRole.approval": "Ten członek nie ma już żadnej z ról wymaganych przez {whitelist}.",
    "error.missingRole.staff":
      "Ten członek nie ma żadnej z ról wymaganych przez {whitelist}, a jej nicki idą za tymi rolami (on-role-loss: remove): nick dodany dla niego zostałby od razu usunięty.",
    "error.denied": "{nick} jest zablokowany na {whitelist}{as}{reason}.",
    "error.denied.as": " (jako {nick})",
    "error.denied.reason": ": {reason}",
    "error.taken.spelled":
      "{nick} jest już na {whitelist}, zapisany właśnie tak. {spelling} Jeśli to nie twój, zarejestruj inny nick.",
    "error.taken":
      "{nick} jest już na {whitelist}. Jeśli to twój, poproś administrację o sprawdzenie; w przeciwnym razie zarejestruj inny nick.",
    "error.takenJustNow": "Ktoś inny właśnie zarejestrował {nick} na {whitelist}.",
    "error.takenPlain": "{nick} jest już na {whitelist}.",
    "error.limit.self": "Masz już {held} na {whitelist}, najwięcej, ile wolno ({max}).",
    "error.limit.other": "Ten członek ma już {held} na {whitelist}, najwięcej, ile wolno ({max}).",
    "error.limit.nicks": {
      one: "{count} nick",
      few: "{count} nicki",
      many: "{count} nicków",
      other: "{count} nicka",
    },
    "error.limit.withWaiting": {
      one: "{count} nick zarejestrowany lub czekający na akceptację",
      few: "{count} nicki zarejestrowane lub czekające na akceptację",
      many: "{count} nicków zarejestrowanych lub czekających na akceptację",
      other: "{count} nicka zarejestrowanego lub czekającego na akceptację",
    },
    "error.pending":
      "Prośba o {nick} na {whitelist} już czeka; administracja wkrótce ją sprawdzi. Nie trzeba prosić ponownie.",
    "error.wrongMode.approval": "Rejestracje na {whitelist} wymagają akceptacji administracji.",
    "error.wrongMode.direct": "{whitelist} nie wymaga akceptacji.",
    "error.linkedElsewhere.self":
      "{nick} należy do innego członka tego serwera, który udowodnił, że jest jego właścicielem: tylko on może go zarejestrować.",
    "error.linkedElsewhere.other":
      "{nick} należy do innego członka tego serwera, który udowodnił, że jest jego właścicielem: można go zarejestrować tylko dla niego.",
    "error.proof.notPremium":
      "{whitelist} przyjmuje tylko potwierdzone konta, a {nick} nie jest kontem premium: nikt nie może go potwierdzić.",
    "error.proof.self":
      "{whitelist} przyjmuje tylko potwierdzone konta: najpierw potwierdź, że {nick} jest twój.",
    "error.proof.other":
      "{whitelist} przyjmuje tylko potwierdzone konta, a ten członek nie potwierdził, że {nick} jest jego.",
    "error.notOwner":
      "{nick} na {whitelist} należy do innego członka; usunąć go może tylko on albo administracja.",
    "error.memberLeft.register": "Tego członka nie ma już na serwerze; nic nie zostało zarejestrowane.",
    "error.memberLeft.transfer": "Tego członka nie ma już na serwerze; nic nie zostało przekazane.",
    "error.notOn": "{nick} nie ma na {whitelist}. Sprawdź pisownię i spróbuj ponownie.",
    "error.notOnPlain": "{nick} nie ma na {whitelist}.",
    "error.thatNick": "Tego nicka",
    "error.goneMeanwhile":
      "{nick} został w międzyczasie usunięty z {whitelist} lub przekazany; nic nie zostało zmienione.",
    "error.nick.empty": "Nick jest pusty. {rule}",
    "error.nick.invalid": "„{nick}” nie jest poprawnym nickiem. {rule}",
    "error.nick.javaRule":
      "Nick w Minecraft Java ma 3-16 znaków: litery A-Z, cyfry 0-9 i `_`, bez spacji. Sprawdź pisownię i spróbuj ponownie.",
    "error.nick.bedrockRule":
      "Gamertag Bedrock (Xbox) ma 1-16 liter A-Z, cyfr i pojedynczych spacji i nie zaczyna się od cyfry (wpisz go jak na Xboksie albo tak, jak pokazuje gra, z prefiksem i `_`). Sprawdź pisownię i spróbuj ponownie.",
    "error.notPremium":
      "{nick} nie jest kontem premium (kupionym) Minecrafta, a {whitelist} przyjmuje tylko konta premium. Sprawdź pisownię albo zarejestruj nick swojego konta premium.",
    "error.gamertagUnknown":
      "Żadne konto Xbox nie ma gamertagu {gamertag}. Sprawdź pisownię w profilu Xbox i spróbuj ponownie.",
    "error.mojangDown": "Mojang jest teraz nieosiągalny; spróbuj ponownie za minutę.",
    "error.geyserDown":
      "Wyszukiwarka gamertagów GeyserMC jest teraz nieosiągalna; spróbuj ponownie za minutę.",
    "error.storeBusy":
      "Baza danych jest zajęta (trzyma ją inny program); nic nie zostało zmienione. Spróbuj ponownie za kilka sekund.",
    "error.storeDown":
      "Baza danych jest nieosiągalna lub zajęta; nic nie zostało zmienione. Spróbuj ponownie za kilka sekund.",
    "error.storeSlow":
      "Baza danych nie odpowiedziała w ciągu {ms} ms{detail}. Spróbuj ponownie za kilka sekund.",
    "error.whitelist.unknown": "Na tym serwerze nie ma whitelisty „{name}”.",
    "error.whitelist.none": "Ten serwer nie ma jeszcze żadnej whitelisty.",
    "error.whitelist.which": "Która whitelista? Ten serwer ma {names}.",
    "error.whitelist.gone": "Nie ma takiej whitelisty.",
    "error.whitelist.justDeleted": "Ta whitelista została właśnie usunięta.",
    "error.request.gone":
      "Ta prośba już nie istnieje (jej whitelista mogła zostać usunięta). Członek może poprosić ponownie.",
    "error.request.deciding": "Ktoś inny z administracji właśnie decyduje o tej prośbie.",
    "error.request.decided.approved": "Ta prośba została już zaakceptowana; nie ma nic do zrobienia.",
    "error.request.decided.rejected": "Ta prośba została już odrzucona; nie ma nic do zrobienia.",
    "error.request.decided.cancelled": "Ta prośba została już anulowana; nie ma nic do zrobienia.",
    "error.request.notYours":
      "Tę prośbę może wycofać tylko członek, który o nią poprosił, albo administracja.",
    "error.request.noLogChannel":
      "{whitelist} wymaga akceptacji administracji, ale prośby nie mogą trafić na żaden kanał logów.",
    "error.code.malformed":
      "To nie jest kod: kod ma 8 liter i cyfr, np. K7QX-29MD, i pojawia się po wejściu na serwer weryfikacji (lub na serwer gry, który prosi o udowodnienie konta).",
    "error.code.limited": "Za dużo kodów, które nie zadziałały: poczekaj, zanim wpiszesz kolejny.",
    "error.code.wrong": "Taki kod nie istnieje: sprawdź go i wpisz ponownie.",
    "error.code.expired":
      "Ten kod wygasł (kody są ważne 10 minut): wejdź ponownie na serwer weryfikacji po nowy.",
    "error.code.reused": "Ten kod został już użyty: wejdź ponownie na serwer weryfikacji po nowy.",
    "error.code.expired.firstJoin":
      "Ten kod wygasł (kody są ważne 10 minut): wejdź ponownie na serwer gry po nowy.",
    "error.code.reused.firstJoin": "Ten kod został już użyty: wejdź ponownie na serwer gry po nowy.",
    "error.code.foreign.server": "Ten kod potwierdza rejestrację na innym serwerze Discorda: wpisz go tam.",
    "error.code.foreign.member":
      "Ten kod potwierdza rejestrację innego członka: wpisać go może tylko członek, który zarejestrował to konto.",
    "error.code.held":
      "{account} jest połączone z innym członkiem tego serwera, który potwierdził je przed tobą. Jeśli konto jest teraz twoje, poproś go o rozłączenie albo zapytaj administrację.",
    "error.code.notJava":
      "{whitelist} przyjmuje nicki typu {nickType}, a kod potwierdza konto Java. Połącz je przez /połącz albo zarejestruj się na whiteliście java lub premium.",
    "error.unlink.notStaff":
      "Tylko administracja z „Zarządzaniem serwerem” może rozłączyć konto innego członka.",
    "error.unlink.none.self": "Nie masz na tym serwerze żadnego połączonego konta.",
    "error.unlink.none.other": "Ten członek nie ma na tym serwerze żadnego połączonego konta.",
    "error.unlink.noneNamed.self": "Nie masz na tym serwerze połączonego konta {account}.",
    "error.unlink.noneNamed.other": "Ten członek nie ma na tym serwerze połączonego konta {account}.",
    "error.unlink.several.self": "Masz połączone konta ({count}: {accounts}): wskaż jedno.",
    "error.unlink.several.other": "Ten członek ma połączone konta ({count}: {accounts}): wskaż jedno.",
    "error.unlink.gone": "{account} nie jest już połączone.",
    "error.transfer.proven":
      "{nick} potwierdził członek, który go ma. Inny członek dostanie go, potwierdzając konto sam; to przekaże je jemu.",
    "error.transfer.same": "{nick} na {whitelist} już należy do tego członka.",
    "error.lookup.others":
      "{nick} na {whitelists} należy do innego członka; tylko administracja tej whitelisty widzi, do kogo.",
    "error.lookup.notStaff":
      "Tylko administracja może sprawdzać nicki innych członków; swoje możesz sprawdzić samodzielnie.",
    "error.deny.reasonTooLong": "Powód może mieć najwyżej {max} znaków.",
    "error.guest.noteTooLong": "Notatka gościa może mieć najwyżej {max} znaków.",
    "error.key.notFound": "Brak aktywnego połączenia o id {id}.",
    "error.rank.group":
      "Nazwa grupy w grze to od 1 do {max} znaków a-z 0-9 _ - . + (nazwy grup LuckPerms, małymi literami); „{given}” nią nie jest.",
    "error.rank.holder":
      "Ranga wskazuje rolę, wszystkich na whiteliście albo jej zweryfikowane konta; „{given}” nie jest żadnym z nich.",
    "error.rank.tooMany":
      "Whitelista przypisuje grupom w grze najwyżej {max} ról: najpierw usuń jedną (`/whitelist ranks remove`).",
    "error.roleLimit.notRole": "Limit roli wymaga id roli; „{given}” nim nie jest.",
    "error.roleLimit.everyone":
      "@everyone nie może mieć własnego limitu nicków: ma ją każdy członek. Ustaw limit dla wszystkich przez `{command}`.",
    "error.roleLimit.range": "Limit nicków roli to liczba całkowita od 1 do {max} (podano {given}).",
    "error.deny.notDenied": "{nick} nie jest zablokowany na {whitelist}; nie ma czego znosić.",
    "error.memberUnknown":
      "<@{userId}> nie jest (już) członkiem tego serwera, więc nie można nic dla niego zarejestrować.",
    "error.download": "Nie udało mi się pobrać {file} z Discorda ({reason}); spróbuj ponownie.",
    "error.download.tooSlow": "trwało to za długo",
    "error.download.status": "status {status}",

    "failure.missingRole.self":
      "Aby zarejestrować się na {whitelist}, potrzebujesz jednej z tych ról: {roles}. Poproś administrację o jedną i spróbuj ponownie.",
    "failure.missingRole.approval":
      "Ten członek nie ma już żadnej z ról wymaganych przez {whitelist} ({roles}). Nadaj mu jedną i zaakceptuj ponownie albo odrzuć prośbę.",
    "failure.missingRole.staff":
      "Ten członek nie ma żadnej z ról wymaganych przez {whitelist} ({roles}), a jej nicki idą za tymi rolami: nick dodany dla niego zostałby od razu usunięty. Najpierw nadaj mu jedną z ról albo zachowuj nicki po utracie roli przez `/whitelist edit on-role-loss:keep`.",
    "failure.limit.self": "{refusal} Najpierw usuń jeden przez /wyrejestruj.",
    "failure.limit.staff":
      "{refusal} Najpierw usuń jeden albo podnieś limit przez /whitelist edit (max-nicks) lub limit roli przez /whitelist roles (limit).",
    "failure.wrongMode.approval":
      "Rejestracje na {whitelist} wymagają akceptacji administracji: użyj /zarejestruj, a administracja to sprawdzi.",
    "failure.wrongMode.direct":
      "{whitelist} nie wymaga akceptacji: zarejestruj się bezpośrednio przez /zarejestruj.",
    "failure.noWhitelist":
      "Ten serwer nie ma jeszcze żadnej whitelisty. Poproś administrację o utworzenie jej przez /whitelist create.",
    "failure.unknownWhitelist": "{refusal} Wybierz jedną z nazw, które podpowiada komenda.",
    "failure.whichWhitelist":
      "Która whitelista? Ten serwer ma {names}: wskaż jedną w opcji `whitelist` albo użyj komendy na kanale whitelisty.",
    "failure.denied.self":
      "⛔ Administracja zablokowała {nick} na {whitelist}{as}.{reason}\nZarejestruj inny nick albo zapytaj administrację, jeśli uważasz, że to pomyłka.",
    "failure.denied.staff":
      "⛔ {nick} jest zablokowany na {whitelist}{as}.{reason}\nNajpierw znieś blokadę przez /whitelist undeny, jeśli ma zostać zarejestrowany.",
    "failure.denied.as": " (jako {nick})",
    "failure.denied.reason": " Powód: {reason}",
    "failure.noLogChannel":
      "{whitelist} wymaga akceptacji administracji, ale nie mogę wysyłać próśb na żaden kanał logów. Poproś administrację o ustawienie go przez /whitelist log-channel i spróbuj ponownie.",
    "failure.formRequired":
      "{whitelist} najpierw zadaje kilka pytań, których wiadomość nie pokaże: użyj `/zarejestruj` w {channel} i odpowiedz tam.",
    "failure.proofRequired": "🔒 {refusal}\n{how}",
    "failure.proofRequired.then": "wpisz tutaj `/zarejestruj code:<code> whitelist:{whitelist}`",
    "failure.code.lastTry": " To była na razie twoja ostatnia próba.",
    "failure.code.triesLeft": {
      one: " Jeszcze {count} próba przed przerwą.",
      few: " Jeszcze {count} próby przed przerwą.",
      many: " Jeszcze {count} prób przed przerwą.",
      other: " Jeszcze {count} próby przed przerwą.",
    },
    "failure.code.linkServer": " Serwer weryfikacji to `{address}`.",
    "failure.code.limited": "⏳ {refusal} Spróbuj ponownie {when}.",

    "proof.off":
      "Potwierdzanie kont nie jest jeszcze skonfigurowane w tej usłudze (jej serwer weryfikacji jest wyłączony): zapytaj administrację.",
    "proof.how":
      "W Minecraft: Java Edition dodaj serwer `{address}` i wejdź na niego tym kontem: nie trafisz do żadnego świata, zobaczysz kod. Potem {then} w ciągu 10 minut.",
    "proof.linkedLine": "**{account}** (UUID `{uuid}`), potwierdzone {when}",
    "proof.linked": "🔗 **{account}** jest połączone z tobą na tym serwerze: potwierdzono, że jest twoje.",
    "proof.took":
      "Inni członkowie mieli je na {whitelists}; te nicki zostały usunięte, bo potwierdzono, że konto jest twoje (administracja widzi powód w logach).",
    "proof.within":
      "✅ Potwierdzono, że **{account}** jest twoje, na serwerze gry, który pokazał ci kod: to potwierdzenie liczy się tylko dla jego whitelisty, więc konto nie jest połączone z tobą na tym serwerze.",
    "proof.verified": "Twoje **{account}** na {whitelists} jest teraz zweryfikowane.",
    "proof.firstJoin":
      "🔒 Udowodnij, że **{nick}** jest twój: wejdź nim na serwer gry przed {until} ({in}). Zostaniesz rozłączony z kodem: wpisz tutaj `/połącz code:<code>`, potem wejdź ponownie. Bez dowodu do tego czasu zostanie usunięty.",
    "proof.firstJoin.staff":
      "🔒 Nick trafia na listę od razu, a członek udowadnia go przy pierwszym wejściu na serwer gry: agent `sync` przez RCON rozłącza go z kodem, który wpisuje przez `/połącz code:`. Bez dowodu po {window} zostaje usunięty (wpisy ekipy nie wymagają dowodu).",

    "link.status.title": "Łączenie konta dla {community}",
    "link.status.anyCommunity": "tej społeczności Discorda",
    "link.status.hint": "Wejdź, aby dostać kod do Discorda (nie trafisz do żadnego świata)",
    "link.proven":
      "{name}, potwierdzono, że to konto jest twoje.\nTwój kod: {code}\nNa Discordzie wpisz {link} w ciągu 10 minut\n(albo {register}, aby dodać je do whitelisty).",
    "link.refused.version":
      "Ten serwer łączy konta Minecraft Java od {oldest} do {newest}; twoja gra używa protokołu {protocol}.\nWejdź wersją od {oldest} do {newest}, aby dostać kod.",
    "link.refused.name": "To nie jest nazwa z Minecraft Java. Wejdź ze swojego konta Java premium.",
    "link.refused.rateLimited": "Za dużo wejść z twojego adresu. Odczekaj minutę i wejdź ponownie.",
    "link.refused.encryption":
      "Nie udało się uzgodnić szyfrowania. Uruchom grę ponownie i wejdź jeszcze raz.",
    "link.refused.notJoined":
      "Nie udało się zweryfikować twojego konta w Mojangu.\nUruchom ponownie grę i launcher, a potem wejdź jeszcze raz (potrzebne jest konto Java premium).",
    "link.refused.sessionUnavailable":
      "Nie udało się zweryfikować twojego konta w Mojangu: jego serwer sesji nie odpowiedział.\nWejdź ponownie za minutę.",
    "link.refused.sessionInvalid":
      "Nie udało się sprawdzić twojego konta w Mojang: odpowiedzi serwera sesji nie da się odczytać.\nWejdź ponownie za minutę.",
    "link.refused.sessionMismatch":
      "Mojang potwierdził inne konto niż to, z którego nastąpiło wejście.\nUruchom ponownie grę i launcher, potem wejdź ze swojego konta Java premium.",
    "link.refused.failed": "Coś poszło nie tak po naszej stronie. Wejdź ponownie za minutę.",
    "link.refused.timeout": "Logowanie trwało za długo. Wejdź ponownie.",

    "public.registered": "✅ **{nick}** jest na **{whitelist}**. Możesz już wejść na serwer.",
    "public.approved":
      "{member} ✅ twoja prośba o **{nick}** na **{whitelist}** została zaakceptowana: możesz już wejść.",
    "public.refused":
      "{member} twoja prośba o **{nick}** na **{whitelist}** nie została zaakceptowana. Zapytaj administrację, jeśli chcesz wiedzieć dlaczego.",
    "public.removed": "🗑️ **{nick}** nie jest już na **{whitelist}**.",

    "texts.refused.empty": "Treść jest pusta: napisz tekst, który mają czytać członkowie.",
    "texts.refused.long": "Treść ma {length} znaków; zapisywanych jest najwyżej {max}.",
    "texts.refused.brace":
      "Nawias klamrowy nie otwiera ani nie zamyka żadnego pola. Pole to nazwa w nawiasach klamrowych: {allowed}.",
    "texts.refused.unknown": "Ten tekst nie ma pola {unknown}. Ma {allowed}.",
    "texts.name.public.registered": "zarejestrowano: odpowiedź na rejestrację",
    "texts.name.public.refused": "odrzucono: prośba, której administracja nie zaakceptowała",
    "texts.name.public.approved": "zaakceptowano: prośba zaakceptowana przez administrację",
    "texts.name.public.removed": "usunięto: nick zdjęty z whitelisty",
    "texts.saved":
      "✅ Członkowie czytają teraz twoją wersję tekstu **{name}**, niezależnie od języka. Z przykładowymi wartościami:\n{preview}\n`/texts reset` przywraca domyślną.",
    "texts.preview": "**{name}** ({source}), z przykładowymi wartościami:\n{preview}\nJego pola: {allowed}.",
    "texts.source.custom": "twoja wersja",
    "texts.source.default": "domyślny, w języku: {language}",
    "texts.reset": "↩️ **{name}** znów brzmi domyślnie, w języku każdego czytelnika:\n{preview}",
    "texts.reset.none": "**{name}** nie był zmieniany: już brzmi domyślnie.",
    "texts.list":
      "Teksty, które administracja może napisać po swojemu (`/texts set`), i co członkowie czytają teraz:\n{texts}",
    "texts.list.item": "• **{name}** ({source}): {preview}",
    "texts.language.set":
      "✅ To, co czytają tu wszyscy (kanał logów, prośby do akceptacji, odpowiedzi w trybie wiadomości), jest od teraz w języku: {language}. Każdy członek nadal czyta swoje odpowiedzi w swoim języku Discorda.",
    "texts.language.discord":
      "✅ To, co czytają tu wszyscy, idzie za językiem tego serwera w Discordzie: teraz {language}.",
    "texts.sample.nick": "Steve",
    "language.name": "Polski",
    "texts.sample.whitelist": "survival",

    "register.requested":
      "📨 Twoja prośba o **{nick}** na **{whitelist}** trafiła do administracji. Dowiesz się na {channel}, gdy zdecydują; nie musisz nic więcej robić.",
    "register.awaitingProof": "✅ **{nick}** jest na **{whitelist}** i czeka, aż udowodnisz, że jest twój.",
    "register.verified": "🔗 Zweryfikowane: potwierdzono, że to konto jest twoje.",
    "register.floodgateName": "Tak Floodgate nazywa w grze gamertag {gamertag}.",
    "register.expires": "⏳ Wygasa {when}: {whitelist} trzyma rejestracje tylko przez ograniczony czas.",
    "register.rolesWaiting":
      "🕒 Role dostaniesz za chwilę: Discord pozwala botowi nadawać role tylko w pewnym tempie.",
    "register.rolesRefused": "Nie udało mi się nadać ci {roles}; administracja wie o tym i to naprawi.",
    "register.undo": "Jeśli zmienisz zdanie, {command} go usuwa.",
    "register.nickOrCode":
      "Podaj swój nick z Minecrafta (`nick`) albo kod, który pokazał ci serwer weryfikacji (`code`).",
    "register.notBoth": "Podaj albo nick, albo kod, nie oba naraz.",
    "register.already": "**{nick}** był już twój na **{whitelist}**; teraz jest zweryfikowany.",
    "register.codeRefused": "Nie udało się go dodać do **{whitelist}**: {refusal}",
    "register.exactSpelling":
      "Wchodź dokładnie jako {nick}: serwer w trybie offline rozróżnia graczy po wielkości liter w nazwie.",
    "register.exactSpellingOther":
      "Wchodź dokładnie jako {nick}: serwer w trybie offline rozróżnia graczy po wielkości liter w nazwie ({other} byłby innym graczem i nie zostanie wpuszczony).",

    "unregister.owner": " Należał do {owner}.",
    "unregister.done":
      "{removed}{owner} Role nadane za niego zostają odebrane. Zarejestruj się ponownie kiedy chcesz przez `/zarejestruj`.",

    "link.how": "Aby połączyć konto Minecraft Java: {how}",
    "link.how.then": "wpisz tutaj `/połącz code:<code>`",
    "link.none": "Nie masz jeszcze na tym serwerze żadnego połączonego konta.",
    "link.list": "Twoje połączone konta tutaj:\n{accounts}",
    "link.next":
      "Dodaj je do whitelisty przez {command}: nie musisz wchodzić ponownie. `/rozłącz` je zapomina.",
    "unlink.you": "tobą",
    "unlink.done":
      "🔓 **{account}** nie jest już połączone z {whom} na tym serwerze. Nicki zarejestrowane z nim zostają na whitelistach (`/wyrejestruj` usuwa jeden); ponowne potwierdzenie to `/połącz`.",

    "approval.expires": " Wygasa {when}.",

    "approval.reason": " Obsługa pisze: {reason}",
    "approval.rolesRefused": "{member} Nie udało mi się nadać ci {roles}; administracja wie o tym.",
    "approval.cancelled":
      "{member} twoja prośba o **{nick}** na **{whitelist}** została anulowana: administracja usunęła tę whitelistę.",

    "form.title": "Podanie: {whitelist}",
    "form.inactive": "Ten formularz nie jest już aktywny.",
    "form.gone": "Ta whitelista już nie istnieje; nic nie zostało wysłane.",
    "form.preview":
      "👀 Podgląd formularza **{whitelist}**: nic nie zostało wysłane. Administracja widzi odpowiedzi tak:",
    "form.preview.none": "{whitelist} nie ma jeszcze formularza: dodaj pytanie przez /whitelist form set.",
    "form.answers.title": "Odpowiedzi z formularza {whitelist}",
    "form.answer.more": {
      one: "… (jeszcze {count} znak)",
      few: "… (jeszcze {count} znaki)",
      many: "… (jeszcze {count} znaków)",
      other: "… (jeszcze {count} znaku)",
    },
    "form.member.given": "Udzielone {when} {about}; {kept}.",
    "form.member.withNick": "z nickiem **{nick}**",
    "form.member.withRequest": "z prośbą `{id}`",
    "form.member.removed": "z rejestracją, która została już usunięta",
    "form.member.waiting": "przechowywane, dopóki prośba czeka",
    "form.member.deleted": "zostaną usunięte {when}",
    "form.none": "**{whitelist}** nie ma formularza: członkowie rejestrują się bez odpowiadania na pytania.",
    "form.header": {
      one: "**{whitelist}** zadaje członkom przy rejestracji {count} pytanie:",
      few: "**{whitelist}** zadaje członkom przy rejestracji {count} pytania:",
      many: "**{whitelist}** zadaje członkom przy rejestracji {count} pytań:",
      other: "**{whitelist}** zadaje członkom przy rejestracji {count} pytania:",
    },
    "form.question": "{number}. {label} ({style}, {required}, {length}{hint})",
    "form.style.short": "jedna linia",
    "form.style.paragraph": "akapit",
    "form.required": "obowiązkowe",
    "form.optional": "opcjonalne",
    "form.length.between": {
      one: "{min}-{count} znak",
      few: "{min}-{count} znaki",
      many: "{min}-{count} znaków",
      other: "{min}-{count} znaku",
    },
    "form.length.upTo": {
      one: "do {count} znaku",
      few: "do {count} znaków",
      many: "do {count} znaków",
      other: "do {count} znaku",
    },
    "form.hint": ", podpowiedź „{hint}”",
    "form.where.approval":
      "`/zarejestruj` otwiera pytania w formularzu, a odpowiedzi trafiają do administracji razem z prośbą.",
    "form.where.command":
      "`/zarejestruj` otwiera pytania w formularzu; odpowiedzi są przechowywane razem z nickiem, by administracja mogła je zobaczyć.",
    "form.where.message":
      "Wiadomość nie pokaże formularza: na nick wysłany na kanale odpowiadam wskazówką, by użyć `/zarejestruj`, które go otwiera.",
    "form.cleared":
      "✅ **{whitelist}** nie ma już formularza: członkowie rejestrują się bez odpowiadania na pytania. Udzielone już odpowiedzi zostają tak długo, jak serwer je przechowuje (`/whitelist form retention`).",
    "form.setNote":
      "Zobacz go tak, jak zobaczą członkowie, przez `/whitelist form preview`. Formularze otwarte przed tą zmianą zostaną odrzucone przy wysłaniu: ci członkowie użyją `/zarejestruj` ponownie.",
    "form.retention.now": {
      one: "Odpowiedzi z formularza są przechowywane {count} dzień po decyzji w sprawie prośby.",
      few: "Odpowiedzi z formularza są przechowywane {count} dni po decyzji w sprawie prośby.",
      many: "Odpowiedzi z formularza są przechowywane {count} dni po decyzji w sprawie prośby.",
      other: "Odpowiedzi z formularza są przechowywane {count} dnia po decyzji w sprawie prośby.",
    },
    "form.retention.zero":
      "✅ Odpowiedzi z formularza są przechowywane tylko, dopóki prośba czeka na administrację; po decyzji znikają od razu.",
    "form.retention.set": {
      one: "✅ Odpowiedzi z formularza są przechowywane {count} dzień po decyzji w sprawie prośby (lub po rejestracji), potem usuwane; dotyczy to też odpowiedzi już przechowywanych. Znikają również, gdy członek opuści serwer albo nick zostanie usunięty.",
      few: "✅ Odpowiedzi z formularza są przechowywane {count} dni po decyzji w sprawie prośby (lub po rejestracji), potem usuwane; dotyczy to też odpowiedzi już przechowywanych. Znikają również, gdy członek opuści serwer albo nick zostanie usunięty.",
      many: "✅ Odpowiedzi z formularza są przechowywane {count} dni po decyzji w sprawie prośby (lub po rejestracji), potem usuwane; dotyczy to też odpowiedzi już przechowywanych. Znikają również, gdy członek opuści serwer albo nick zostanie usunięty.",
      other:
        "✅ Odpowiedzi z formularza są przechowywane {count} dnia po decyzji w sprawie prośby (lub po rejestracji), potem usuwane; dotyczy to też odpowiedzi już przechowywanych. Znikają również, gdy członek opuści serwer albo nick zostanie usunięty.",
    },
    "form.show.kept": {
      one: "Odpowiedzi są przechowywane dla administracji {count} dzień po decyzji.",
      few: "Odpowiedzi są przechowywane dla administracji {count} dni po decyzji.",
      many: "Odpowiedzi są przechowywane dla administracji {count} dni po decyzji.",
      other: "Odpowiedzi są przechowywane dla administracji {count} dnia po decyzji.",
    },
    "error.form.tooMany": "Formularz ma najwyżej {max} pytań (limit Discorda dla jednego formularza).",
    "error.form.label": "Pytanie {number} musi mieć treść o długości 1-{max} znaków w jednej linii.",
    "error.form.style": "Na pytanie {number} odpowiada się w stylu short albo paragraph.",
    "error.form.hint": "Pytanie {number} ma podpowiedź o długości najwyżej {max} znaków w jednej linii.",
    "error.form.minLength":
      "Minimalna długość odpowiedzi na pytanie {number} musi wynosić od 0 do {max} znaków.",
    "error.form.maxLength":
      "Maksymalna długość odpowiedzi na pytanie {number} musi wynosić od 1 do {max} znaków.",
    "error.form.minOverMax":
      "Pytanie {number} wymaga co najmniej {min} znaków, ale przyjmuje najwyżej {max}.",
    "error.form.numbered": "Pytania są numerowane od 1 do {max}.",
    "error.form.none": "Ta whitelista nie ma formularza.",
    "error.form.numberedNow": "Formularz ma pytania od 1 do {max}.",
    "error.form.mismatch": "Odpowiedzi nie pasują do pytań formularza; zacznij jeszcze raz.",
    "error.form.unanswered": "„{question}” wymaga odpowiedzi.",
    "error.form.length": "Odpowiedź na „{question}” ma {min}-{max} znaków.",
    "error.form.changed":
      "Administracja zmieniła pytania {whitelist} w trakcie wypełniania formularza; nic nie zostało wysłane. Użyj /zarejestruj ponownie, by zobaczyć nowe.",
    "error.form.needed":
      "{whitelist} najpierw zadaje kilka pytań: zarejestruj się przez /zarejestruj na jej kanale.",
    "error.formRetention":
      "Odpowiedzi z formularza są przechowywane od 0 do {max} dni (0: tylko dopóki prośba czeka).",
    "error.guest.noNote":
      "Gość potrzebuje notatki, kim jest (czyj znajomy, jakie wydarzenie), dla administracji, która później trafi na ten nick.",
    "banSync.on":
      "✅ Synchronizacja banów jest włączona: gdy ktoś zostanie zbanowany na tym serwerze, każdy jego nick zostaje zablokowany na odpowiedniej whiteliście („{reason}”), więc żadne inne konto nie może go zarejestrować; zdjęcie bana znosi te blokady (nie te od administracji). Banów nadanych, gdy byłem offline, nie widzę.",
    "banSync.off":
      "✅ Synchronizacja banów jest wyłączona: ban tylko usuwa nicki, jak każde wyjście z serwera. Blokady nałożone przez ban zostają, dopóki ban członka nie zostanie zdjęty albo administracja nie zniesie ich przez `/whitelist undeny`.",
    "answers.deleted.title": "Wiadomość członka została usunięta, zanim odpowiedziałem",
    "answers.deleted":
      "Na kanale {channel} wiadomość z nickiem została usunięta (AutoMod, bot moderacyjny albo sam członek), zanim zdążyłem odpowiedzieć: odpowiedziałem zwykłym postem, który wspomina członka. Nie ma czego naprawiać, chyba że takie usunięcia nie są zamierzone. (Mówię to raz na kanał, do mojego restartu.)",
    "answers.history.title": "Nie mogę odpowiadać członkom ani reagować na ich wiadomości",
    "answers.history":
      "Na kanale {channel} nie mam {lacking}, a bez tego nie mogę odpowiadać ani reagować: członkowie dostają zwykły post ze wzmianką zamiast odpowiedzi albo ✅. Naprawa: zezwól na to botowi (lub jego roli) w Edytuj kanał → Uprawnienia. (Mówię to raz na kanał, do mojego restartu.)",
    "answers.lacking.history": "uprawnienia „Czytanie historii wiadomości”",
    "answers.lacking.reactions": "uprawnienia „Dodawanie reakcji”",
    "answers.lacking.both": "uprawnień „Czytanie historii wiadomości” i „Dodawanie reakcji”",
    "nickname.scope":
      "Discord nie pozwala żadnemu botowi zmienić pseudonimu właściciela serwera{above}: zachowują własne pseudonimy.",
    "nickname.scope.above": " ani członków z {roles} (na poziomie mojej roli lub wyżej)",
    "nickname.blocked": "⚠️ Nie mogę ustawić pseudonimu {member}: {reason}.",

    "message.expiring": "⏳ **{nick}** jest zarejestrowany do wygaśnięcia {when}.",
    "message.registered": "{reaction} **{nick}** jest zarejestrowany.",
    "message.rolesRefused":
      "Rejestracja się udała, ale nie udało mi się nadać ci {roles}; administracja wie o tym.",
    "message.paused":
      "Rejestracje na {whitelist} są wstrzymane: Discord nie pozwala mi teraz czytać wiadomości (intent Message Content bota jest wyłączony). Administracja wie o tym; spróbuj ponownie później.",

    "time.in": "za {duration} ({when})",
    "time.days": { one: "{count} dzień", few: "{count} dni", many: "{count} dni", other: "{count} dnia" },
    "time.hours": {
      one: "{count} godzinę",
      few: "{count} godziny",
      many: "{count} godzin",
      other: "{count} godziny",
    },
    "time.minutes": {
      one: "{count} minutę",
      few: "{count} minuty",
      many: "{count} minut",
      other: "{count} minuty",
    },
    "time.seconds": {
      one: "{count} sekundę",
      few: "{count} sekundy",
      many: "{count} sekund",
      other: "{count} sekundy",
    },
    "time.forGood": "na stałe",
    "time.lifetime": "{duration} dla rejestracji samych członków (administracja wybiera przez `expires`)",

    "staff.list.none":
      "Ten serwer nie ma jeszcze żadnej whitelisty. Administracja tworzy ją przez `/whitelist create`.",
    "staff.list.header": {
      one: "{count} whitelista:",
      few: "{count} whitelisty:",
      many: "{count} whitelist:",
      other: "{count} whitelisty:",
    },
    "staff.list.item": "• **{name}** (`{id}`) na {channel}: {nickType}, tryb {mode}, {nicks}{closed}",
    "staff.list.closed": ", zamknięta",
    "staff.list.footer": "Szczegóły przez `/whitelist show`; rejestracja przez `/zarejestruj`.",
    "staff.remove.done":
      "{removed} Należał do {owner}. Role nadane za niego zostają odebrane; serwery gry dowiadują się o tym od razu.",
    "staff.undeny.done":
      "✅ **{nick}** znów można zarejestrować na **{whitelist}**. Nic nie zostało dodane z powrotem: właściciel rejestruje go ponownie przez `/zarejestruj`, a administracja przez `/whitelist add`.",
    "staff.transfer.done":
      "🔀 **{nick}** na **{whitelist}** należy teraz do {to} (wcześniej do {from}). Serwery gry nie widzą żadnej zmiany.",
    "staff.transfer.doneGuest":
      "🔀 **{nick}** na **{whitelist}** należy teraz do {to} (był gościem {from}). Serwery gry nie widzą zmiany.",
    "staff.transfer.grantFailed": "Nie udało mi się nadać mu {roles}; nick i tak jest jego.",
    "staff.transfer.revertFailed":
      "Nie udało mi się odebrać {roles} użytkownikowi {from}; usuń to ręcznie, jeśli nie powinien tego mieć.",
    "staff.whois.found": "🔎 **{nick}** jest na {whitelists}.",
    "staff.whois.none": "🔎 **{nick}** nie ma na żadnej whiteliście, którą widzisz.",
    "staff.whois.hidden": {
      one: "Jest też na {count} whiteliście, którą nie zarządzasz, dla innego członka.",
      few: "Jest też na {count} whitelistach, którymi nie zarządzasz, dla innego członka.",
      many: "Jest też na {count} whitelistach, którymi nie zarządzasz, dla innego członka.",
      other: "Jest też na {count} whitelisty, którymi nie zarządzasz, dla innego członka.",
    },
    "staff.whois.more": "… i jeszcze {count}: wskaż whitelistę.",
    "staff.member.partial": "whitelistach, którymi zarządzasz",
    "staff.member.all": "whitelistach tego serwera",
    "staff.member.linked": "Połączone konta (potwierdzone):",
    "staff.member.none": "{member} nie ma nicków na {where}.",
    "staff.member.header": {
      one: "{member} ma {count} nick na {where}:",
      few: "{member} ma {count} nicki na {where}:",
      many: "{member} ma {count} nicków na {where}:",
      other: "{member} ma {count} nicka na {where}:",
    },
    "staff.member.item": "• **{nick}** na **{whitelist}**: {how} {when}{expires}{verified}{ranks}",
    "staff.member.registered": "zarejestrowany",
    "staff.member.addedBy": "dodany przez {member}",
    "staff.member.expires": ", wygasa {when}",
    "staff.member.ranks": ", rangi: {groups}",
    "staff.member.verified": ", zweryfikowany",
    "staff.member.awaiting": ", czeka na dowód przy pierwszym wejściu",
    "staff.member.guests": "Goście, których dodał (gracze bez Discorda):",
    "staff.member.guest": "• **{nick}** na **{whitelist}**: {note}, {when}{expires}",
    "staff.member.answers": "Odpowiedzi z formularza (poniżej{files}{more}):",
    "staff.member.answers.files": "; długie w całości w pliku",
    "staff.member.answers.more": {
      one: "; {count} starsza niepokazana",
      few: "; {count} starsze niepokazane",
      many: "; {count} starszych niepokazanych",
      other: "; {count} starszej niepokazanej",
    },
    "staff.logChannel.off":
      "Logowanie jest wyłączone. Prośby do akceptacji potrzebują kanału logów: ustaw go ponownie przez `/whitelist log-channel`.",
    "staff.logChannel.set":
      "✅ Od teraz loguję na {channel}. Niech widzi go tylko administracja: tam są przyciski akceptacji.",
    "staff.logChannel.failed": "⚠️ {channel} jest ustawiony, ale nie mogłem tam nic wysłać.",
    "staff.export.done":
      "📄 **{whitelist}** jako `{file}` ({nicks}). Wrzuć go do folderu serwera albo pozwól serwerowi go pobrać: `{url}` z kluczem z `/server-link create`.",
    "lookup.how.member": "zarejestrował go członek",
    "lookup.how.staff": "administracja: `/whitelist add` lub zaakceptowana prośba",
    "lookup.how.guest": "ekipa: `/whitelist guest`, gracz bez Discorda",
    "lookup.never": "nigdy",
    "lookup.verified.yes": "tak: właściciel potwierdził konto",
    "lookup.verified.awaiting": "nie: czeka na dowód przy pierwszym wejściu, usunięcie {when}",
    "lookup.entry.title": "{nick} na {whitelist}",
    "lookup.denial.title": "{nick} jest zablokowany na {whitelist}",
    "lookup.field.owner": "Właściciel",
    "lookup.field.addedBy": "Dodał(a)",
    "lookup.field.how": "Jak",
    "lookup.field.when": "Kiedy",
    "lookup.field.deniedBy": "Zablokował(a)",

    "staff.link.created":
      "🔑 Połączenie **{name}** dla: {scope}, {access}. Skopiuj klucz teraz: jest pokazywany raz i nigdy więcej.",
    "staff.link.howToUse": 'Jak użyć: `curl -H "Authorization: Bearer {key}" {url}/whitelists`',
    "staff.link.next.remove": "Dalej: wpisz klucz do konfiguracji pluginu",
    "staff.link.next.read":
      "Dalej: trzymaj klucz na własnym serwerze (nigdy na stronie www ani w jej skryptach)",
    "staff.link.next":
      "{next}, albo odbieraj zdarzenia przez `/server-link webhook id:{id}`. Zgubiony? `/server-link revoke id:{id}` i utwórz nowy.",
    "staff.link.none":
      "Nie ma jeszcze połączeń. Utwórz jedno dla swojego serwera gry przez `/server-link create`.",
    "staff.link.header": {
      one: "{count} połączenie:",
      few: "{count} połączenia:",
      many: "{count} połączeń:",
      other: "{count} połączenia:",
    },
    "staff.link.footer":
      "Klucze nie są pokazywane ponownie: unieważnij zgubiony przez `/server-link revoke` i utwórz nowy.",
    "staff.link.item":
      "• **{name}** `{id}`{state}: {scope}; {access}; utworzone {created} przez {by}, {used}; {hook}",
    "staff.link.revoked": " — **unieważnione** {when}",
    "staff.link.neverUsed": "nigdy nieużyte",
    "staff.link.lastUsed": "ostatnio użyte {when}",
    "staff.link.webhook": "webhook → {host} ({delivery})",
    "staff.link.noWebhook": "bez webhooka",
    "staff.link.delivery.none": "jeszcze bez dostarczeń",
    "staff.link.delivery.last": "ostatnio {result} w {ms} ms {when}",
    "staff.link.delivery.failed": "błąd: {error}",
    "staff.link.revokedDone":
      "🚫 Połączenie **{name}** (`{id}`) jest unieważnione: jego klucz jest od teraz odrzucany, a otwarte połączenia zamknięte. Daj serwerowi gry nowy przez `/server-link create`.",
    "staff.webhook.removed":
      "Usunięto webhook połączenia `{id}`: koniec dostarczeń. Ustaw nowy, podając `url`.",
    "staff.webhook.set":
      "🪝 Połączenie `{id}` wysyła teraz każdą zmianę (POST) do **{host}**, podpisaną według Standard Webhooks.",
    "staff.webhook.verify":
      "Sprawdzaj nagłówek `webhook-signature` tym sekretem (jest pokazywany raz). Wynik każdego dostarczenia widać w `/server-link list`; uruchom to ponownie, by zmienić sekret.",

    "staff.deny.premium":
      "Jego konto premium też jest zablokowane (UUID `{uuid}`), bez względu na zmianę nazwy.",
    "staff.deny.bedrock":
      "Jego konto Xbox też jest zablokowane (UUID Floodgate `{uuid}`), bez względu na gamertag.",
    "staff.deny.unavailable":
      "⚠️ {service} był nieosiągalny, więc {nick} jest zablokowany tylko po nazwie{before}: uruchom to ponownie później, aby zablokować też jego konto, bez względu na zmianę nazwy.",
    "staff.deny.before": " (i po wcześniej znalezionym UUID)",
    "staff.deny.now":
      "⛔ **{nick}** jest teraz zablokowany na **{whitelist}**{reason}. Jego rejestracja jest odrzucana, zarówno członkom, jak i administracji.",
    "staff.deny.still":
      "⛔ **{nick}** jest nadal zablokowany na **{whitelist}**{reason}. Jego rejestracja jest odrzucana, zarówno członkom, jak i administracji.",
    "staff.deny.reason": ": {reason}",
    "staff.deny.noReason": " (bez podania powodu)",
    "staff.deny.removed":
      "Był na whiteliście ({nicks}, dla {owners}) i został usunięty; role nadane za niego zostają odebrane.",
    "staff.deny.undo": "Cofnij przez {command}.",
    "staff.add.done": "✅ **{nick}** jest na **{whitelist}** dla {member}.",
    "staff.add.expires": "⏳ Wygasa {when} i zostanie wtedy usunięty razem z rolami.",
    "staff.add.rolesRefused": "Nie udało mi się nadać mu {roles} (szczegóły na kanale logów); nick zostaje.",
    "staff.add.undo": "Cofnij przez {command}.",
    "staff.guest.done": "✅ **{nick}** jest na **{whitelist}** jako twój gość: {note}.",
    "staff.guest.noRoles":
      "Nie dostają żadnej roli i nie liczą się do niczyjego limitu; zostają, jeśli opuścisz serwer.",
    "staff.guest.expires": "⏳ Zostaną usunięci samoczynnie {when}.",
    "staff.guest.undo": "Cofnij przez {remove}; gdy dołączą do serwera, {transfer} przekaże im nick.",
    "whitelist.floodgate": "Floodgate: {prefix}, {spaces} (gamertag {gamertag} gra jako {example})",
    "whitelist.floodgate.noPrefix": "bez prefiksu",
    "whitelist.floodgate.prefix": "prefiks {prefix}",
    "whitelist.floodgate.spacesReplaced": "spacje jako `_`",
    "whitelist.floodgate.spacesKept": "spacje zachowane",
    "whitelist.floodgate.gamertag": "Alex Pocket",
    "whitelist.created":
      "✅ Utworzono **{name}** (id `{id}`): nicki {nickType}, {max} na członka.{floodgate}",
    "whitelist.created.floodgate": " {floodgate}.",
    "whitelist.how.command": "Członkowie rejestrują się przez `/zarejestruj` na {channel}.",
    "whitelist.how.message":
      "Członkowie wysyłają swój nick jako wiadomość na {channel}; reaguję ✅ albo wyjaśniam, dlaczego nie.",
    "whitelist.how.message.paused":
      "⚠️ Członkowie wysyłają swój nick jako wiadomość na {channel}, ale to jest wstrzymane: {paused}",
    "whitelist.how.approval":
      "Członkowie używają `/zarejestruj` na {channel}; ich prośby pojawiają się na kanale logów z przyciskami Zaakceptuj i Odrzuć.{logChannel}",
    "whitelist.how.approval.noLogChannel": " Najpierw ustaw ten kanał przez `/whitelist log-channel`.",
    "whitelist.how.proof":
      "🔒 Najpierw potwierdzają swoje konto: wchodzą na `{address}` w Minecraft Java i wpisują pokazany kod przez `/zarejestruj code:` (wpisy administracji nie wymagają dowodu i są oznaczone jako niezweryfikowane).",
    "whitelist.how.proof.off":
      "⚠️ Dowód jest wymagany, ale serwer weryfikacji tej usługi jest wyłączony (LINK_PORT nie jest ustawiony): członkowie nie mogą potwierdzić konta, więc nie mogą się zarejestrować, dopóki nie działa. Wpisy administracji nadal działają.",
    "whitelist.created.next":
      "Dalej: ustaw role wymagane, nadawane i zarządzające przez `/whitelist roles` i daj serwerowi gry dostęp przez `/server-link create`.",
    "whitelist.edited.nothing":
      "Nic do zmiany: podaj co najmniej jedną z opcji: name, channel, mode, max-nicks, enabled, remove-on-leave, floodgate-prefix, replace-spaces, entry-lifetime, on-role-loss, proof, proof-window, nickname.",
    "whitelist.edited": "✅ **{name}** teraz: {settings}.",
    "whitelist.edited.name": "nazwa **{name}**",
    "whitelist.edited.channel": "kanał {channel}",
    "whitelist.edited.mode": "tryb {mode}",
    "whitelist.edited.maxNicks": {
      one: "{count} nick na członka",
      few: "{count} nicki na członka",
      many: "{count} nicków na członka",
      other: "{count} nicka na członka",
    },
    "whitelist.state.open": "otwarta",
    "whitelist.state.closed": "zamknięta dla rejestracji",
    "whitelist.state.paused": "wstrzymana (patrz niżej)",
    "whitelist.edited.removeOnLeave": "nicki usuwane, gdy członkowie odchodzą",
    "whitelist.edited.keepOnLeave": "nicki zostają, gdy członkowie odchodzą",
    "whitelist.edited.lifetime": "czas życia wpisów: {lifetime}",
    "whitelist.edited.removeOnRoleLoss": "nicki usuwane, gdy członkowie tracą wszystkie wymagane role",
    "whitelist.edited.keepOnRoleLoss": "nicki zostają, gdy członkowie tracą wszystkie wymagane role",
    "whitelist.edited.nicknamesAlone": "pseudonimy członków bez zmian",
    "whitelist.edited.nicknames": "pseudonimy członków według **{template}**",
    "whitelist.edited.proof.required": "dowód własności wymagany",
    "whitelist.edited.proof.firstJoin": "dowód własności przy pierwszym wejściu",
    "whitelist.edited.proof.off": "bez dowodu własności",
    "whitelist.edited.proofWindow": "{window} na potwierdzenie nicku przy pierwszym wejściu",
    "whitelist.respelled": {
      one: "{count} nick Bedrock zapisany na nowo (wysłany jako usunięcie i dodanie).",
      few: "{count} nicki Bedrock zapisane na nowo (każdy wysłany jako usunięcie i dodanie).",
      many: "{count} nicków Bedrock zapisanych na nowo (każdy wysłany jako usunięcie i dodanie).",
      other: "{count} nicka Bedrock zapisane na nowo (każdy wysłany jako usunięcie i dodanie).",
    },
    "whitelist.respelled.clashes": {
      one: "{count} zachował dawną pisownię: inny nick ma już nową (zobacz log usługi).",
      few: "{count} zachowały dawną pisownię: inny nick ma już nową (zobacz log usługi).",
      many: "{count} zachowało dawną pisownię: inny nick ma już nową (zobacz log usługi).",
      other: "{count} zachowało dawną pisownię: inny nick ma już nową (zobacz log usługi).",
    },
    "whitelist.respelled.pending": {
      one: "{count} wciąż czeka, aż GeyserMC poda jego XUID; ponawiamy co 10 minut.",
      few: "{count} wciąż czekają, aż GeyserMC poda ich XUID; ponawiamy co 10 minut.",
      many: "{count} wciąż czeka, aż GeyserMC poda ich XUID; ponawiamy co 10 minut.",
      other: "{count} wciąż czeka, aż GeyserMC poda ich XUID; ponawiamy co 10 minut.",
    },
    "whitelist.edited.lifetimeNote":
      "Wcześniej zarejestrowane nicki zachowują swoje wygaśnięcie; nowy czas życia obowiązuje od teraz.",
    "whitelist.edited.proofNote":
      "Wcześniej zarejestrowane nicki zostają; tylko nowe rejestracje wymagają potwierdzonego konta.",
    "whitelist.edited.settled": {
      one: "{count} nick czekający na dowód przy pierwszym wejściu zostaje, niezweryfikowany, i już nie czeka.",
      few: "{count} nicki czekające na dowód przy pierwszym wejściu zostają, niezweryfikowane, i już nie czekają.",
      many: "{count} nicków czekających na dowód przy pierwszym wejściu zostaje, niezweryfikowanych, i już nie czeka.",
      other:
        "{count} nicka czekającego na dowód przy pierwszym wejściu zostaje, niezweryfikowane, i już nie czeka.",
    },
    "whitelist.edited.windowNote":
      "Nicki czekające na dowód zachowują swój termin; nowy obowiązuje od teraz.",
    "whitelist.edited.nicknamesStop":
      "Pseudonimy ustawione przez bota zostają do następnej zmiany u każdego członka, która przywraca jego poprzedni.",
    "whitelist.edited.nicknamesFollow":
      "Pseudonim każdego członka podąża od jego następnej rejestracji, zmiany nazwy, przekazania lub usunięcia (teraz nic nie jest zmieniane); poprzedni wraca, gdy zniknie jego ostatni nick.",
    "whitelist.edited.closedHow": "Rejestracje są zamknięte; otwórz je ponownie przez `enabled:True`.",
    "whitelist.edited.seeAll": "Wszystkie ustawienia zobaczysz przez `/whitelist show`.",
    "whitelist.show.staffHint":
      "Administracja zmienia ustawienia przez `/whitelist edit`, a role przez `/whitelist roles`.",
    "whitelist.show.description": "id `{id}` · {status}",
    "whitelist.show.field.channel": "Kanał",
    "whitelist.show.field.nickType": "Typ nicku",
    "whitelist.show.field.mode": "Tryb",
    "whitelist.show.field.perMember": "Nicki na członka",
    "whitelist.show.field.nicks": "Nicki",
    "whitelist.show.field.pending": "Oczekujące prośby",
    "whitelist.show.field.onLeave": "Po odejściu",
    "whitelist.show.field.lifetime": "Czas życia wpisów",
    "whitelist.show.field.proof": "Dowód własności",
    "whitelist.show.field.form": "Formularz",
    "whitelist.show.field.nicknames": "Pseudonimy",
    "whitelist.show.field.banSync": "Synchronizacja banów (serwer)",
    "whitelist.show.field.onRoleLoss": "Po utracie roli",
    "whitelist.show.field.required": "Role wymagane",
    "whitelist.show.field.granted": "Role nadawane",
    "whitelist.show.field.manager": "Role zarządzające",
    "whitelist.show.field.ranks": "Rangi (grupa w grze ← kto w niej jest)",
    "whitelist.show.field.roleLimits": "Limity nicków według roli",
    "whitelist.show.field.denied": "Zablokowane nicki",
    "whitelist.show.field.bedrock": "Bedrock",
    "whitelist.show.field.uuidsPending": "⚠️ Oczekujące UUID Bedrock",
    "whitelist.show.field.problems": "⚠️ Problemy",
    "whitelist.show.field.paused": "⚠️ Rejestracje przez wiadomość są wstrzymane",
    "whitelist.show.field.departures": "⚠️ Odejścia nie są widoczne",
    "whitelist.show.field.roleLoss": "⚠️ Utraty ról nie są widoczne",
    "whitelist.show.nicks": "{nicks} ({verified}{awaiting})",
    "whitelist.show.verified": {
      one: "{count} zweryfikowany",
      few: "{count} zweryfikowane",
      many: "{count} zweryfikowanych",
      other: "{count} zweryfikowanego",
    },
    "whitelist.show.awaiting": {
      one: ", {count} czeka na dowód",
      few: ", {count} czekają na dowód",
      many: ", {count} czeka na dowód",
      other: ", {count} czeka na dowód",
    },
    "whitelist.show.nicksRemoved": "nicki usuwane",
    "whitelist.show.nicksKept": "nicki zostają",
    "whitelist.show.proof.off": "off: można zarejestrować dowolny nick",
    "whitelist.show.proof.firstJoin":
      "first-join: członkowie potwierdzają konto przy pierwszym wejściu na serwer gry, w ciągu {window}",
    "whitelist.show.proof.required": "required: członkowie potwierdzają konto Java na `{address}`",
    "whitelist.show.proof.linkOff":
      "required, ale serwer weryfikacji jest wyłączony (brak LINK_PORT): członkowie nie mogą potwierdzić konta",
    "whitelist.show.form": {
      one: "{count} pytanie: `/whitelist form show`",
      few: "{count} pytania: `/whitelist form show`",
      many: "{count} pytań: `/whitelist form show`",
      other: "{count} pytania: `/whitelist form show`",
    },
    "whitelist.show.nicknames.alone": "bez zmian",
    "whitelist.show.nicknames": "podążają za nickiem: **{template}**",
    "whitelist.show.banSync.on": "włączona: ban na Discordzie blokuje nicki członka",
    "whitelist.show.banSync.off": "wyłączona",
    "whitelist.show.required.none": "brak: każdy może się zarejestrować",
    "whitelist.show.manager.none": "brak: tylko „Zarządzanie serwerem”",
    "whitelist.show.bedrock": "{floodgate}.",
    "whitelist.show.uuidsPending": {
      one: "{count} nick czeka, aż GeyserMC poda jego XUID, więc `whitelist.json` nie może go jeszcze wpuścić. Pytamy o niego co 10 minut.",
      few: "{count} nicki czekają, aż GeyserMC poda ich XUID, więc `whitelist.json` nie może ich jeszcze wpuścić. Pytamy o nie co 10 minut.",
      many: "{count} nicków czeka, aż GeyserMC poda ich XUID, więc `whitelist.json` nie może ich jeszcze wpuścić. Pytamy o nie co 10 minut.",
      other:
        "{count} nicka czeka, aż GeyserMC poda ich XUID, więc `whitelist.json` nie może ich jeszcze wpuścić. Pytamy o nie co 10 minut.",
    },
    "whitelist.show.denials.count": {
      one: "{count} nick; administracja widzi który.",
      few: "{count} nicki; administracja widzi które.",
      many: "{count} nicków; administracja widzi które.",
      other: "{count} nicka; administracja widzi które.",
    },
    "whitelist.show.denials.header": {
      one: "{count} nick:",
      few: "{count} nicki:",
      many: "{count} nicków:",
      other: "{count} nicka:",
    },
    "whitelist.show.denials.reason": ": {reason}",
    "whitelist.show.denials.more": "… i jeszcze {count} (pojedynczo: `/whitelist whois`)",
    "error.whitelist.name": "Nazwa whitelisty to 1-32 litery, cyfry, `-` lub `_`.",
    "error.whitelist.maxNicks":
      "Maksymalna liczba nicków na członka musi być liczbą całkowitą, co najmniej 1.",
    "error.whitelist.floodgatePrefix":
      "Prefiks Floodgate to do 15 drukowalnych znaków bez spacji, jak `username-prefix` w config.yml Floodgate (domyślnie `.`). Floodgate po cichu używa `.` zamiast prefiksu o długości 16 znaków lub więcej, więc jeśli twój jest tak długi, twoi gracze Bedrock mają nazwy z `.`: ustaw tu `.`.",
    "error.whitelist.onRoleLoss": "on-role-loss to jedno z: {allowed}.",
    "error.whitelist.proof": "proof to jedno z: {allowed}.",
    "error.whitelist.types": "{list} i {last}",
    "error.whitelist.proof.required":
      "Dowód własności przed rejestracją jest dla whitelist {types}: nicków {nickType} nie da się potwierdzić logowaniem Java.",
    "error.whitelist.proof.firstJoin":
      "Dowód przy pierwszym wejściu jest dla whitelist {types}: nicki {nickType} nie mają konta do potwierdzenia.",
    "error.whitelist.nameTaken": "Whitelista o nazwie „{name}” już istnieje.",
    "error.whitelist.nameLookalike":
      "Whitelistę o nazwie „{name}” można by pomylić z „{existing}”, która już istnieje.",
    "error.whitelist.messageChannel":
      "Ten kanał przyjmuje już rejestracje w trybie wiadomości dla {whitelist}, a wiadomość może rejestrować tylko na jednej whiteliście: wybierz inny kanał albo inny tryb.",
    "error.duration.format":
      "liczbę całkowitą i jednostkę: `30m` (minuty), `12h` (godziny) lub `7d` (dni), od 1 minuty do 366 dni",
    "error.duration.empty": "Nie podano czasu. Podaj {format}.",
    "error.duration.invalid": "„{typed}” to nie jest czas trwania. Podaj {format}.",
    "error.duration.typed": "`{typed}`",
    "error.lifetime.tooShort":
      "{duration} to za krótko: wpis może trwać od 1 minuty do 366 dni (`1m` do `366d`).",
    "error.lifetime.tooLong":
      "{duration} to za długo: wpis może trwać od 1 minuty do 366 dni (`1m` do `366d`).",
    "error.lifetime.whole": "Czas życia wpisu to całe sekundy; otrzymano {seconds}.",
    "error.proofWindow": "Termin na dowód to od 10 minut do 30 dni (10m do 30d); otrzymano {window}.",
    "error.nicknameTemplate.example":
      "Napisz go z `{mc}` w miejscu nazwy z Minecrafta, np. `{discord} ({mc})` albo `{mc}`.",
    "error.nicknameTemplate.mcOnce": "Szablon pseudonimu zawiera nazwę z Minecrafta dokładnie raz. {example}",
    "error.nicknameTemplate.discordOnce":
      "Szablon pseudonimu zawiera nazwę z Discorda najwyżej raz. {example}",
    "error.nicknameTemplate.invalid":
      "„{template}” to nie jest szablon pseudonimu: jedyne symbole zastępcze to `{mc}` i `{discord}`, w jednej linii. {example}",
    "error.nicknameTemplate.long":
      "Szablon pseudonimu ma najwyżej {own} znaków poza symbolami zastępczymi, żeby każda nazwa z Minecrafta (do {mcMax}) zmieściła się w {max} znakach Discorda.",
    "staff.delete.preview":
      "Usunięcie **{whitelist}** usuwa jej {nicks} (role nadane za nie zostaną odebrane), porzuca oczekujące prośby i unieważnia {keys} ograniczone do niej. Nic jeszcze nie zmieniono: uruchom {command}, aby kontynuować.",
    "staff.delete.done":
      "🗑️ Usunięto **{whitelist}**: usunięto {nicks}, unieważniono {keys}. Serwery gry z kluczem dla całego serwera dostają od teraz 404 dla niej; utwórz nową przez `/whitelist create`.",

    "account.premium": "premium, UUID {uuid}",
    "account.notPremium": "nie premium",
    "account.offline": "nick offline, niesprawdzany",
    "account.bedrock": "gamertag Bedrock {gamertag}, {uuid}",
    "account.bedrock.uuid": "UUID Floodgate {uuid}",
    "account.bedrock.waiting": "jego UUID czeka na GeyserMC",

    "log.origin.discord": "Discord",
    "log.origin.api": "API/plugin",
    "log.origin.memberLeft": "członek wyszedł",
    "log.origin.staff": "administracja",
    "log.origin.system": "whitelist-sync",
    "log.origin.roleLost": "utrata roli",
    "log.origin.expired": "wygasło",
    "log.origin.renamed": "zmiana nazwy (Mojang)",
    "log.origin.roles": "role",
    "log.groups.title": "Zmiana rang",
    "log.groups": "**{nick}** na **{whitelist}**",
    "log.groups.field.joined": "Dołącza do",
    "log.groups.field.left": "Opuszcza",
    "log.groups.field.now": "Teraz w",
    "log.ranks.mapped.title": "Ranga przypisana",
    "log.ranks.unmapped.title": "Przypisanie rangi usunięte",
    "log.ranks": "`{group}` ← {holders} na **{whitelist}**",
    "log.ranks.field.changed": "Nicki przegrupowane",
    "log.field.member": "Członek",
    "log.field.by": "Przez",
    "log.field.origin": "Źródło",
    "log.field.account": "Konto",
    "log.field.verified": "Zweryfikowane",
    "log.field.expires": "Wygasa",
    "log.field.why": "Dlaczego",
    "log.field.reason": "Powód",
    "log.field.request": "Prośba",
    "log.field.access": "Dostęp",
    "log.field.nicks": "Nicki",
    "log.field.approvedBy": "Zaakceptował(a)",
    "log.field.rejectedBy": "Odrzucił(a)",
    "log.field.guest": "Gość",
    "log.byKey": "klucz połączenia „{key}”",
    "log.guestOf": "od {member}: {note}",
    "log.added.title": "Dodano nick",
    "log.removed.title": "Usunięto nick",
    "log.added": "**{nick}** dodany do **{whitelist}**",
    "log.removed": "**{nick}** usunięty z **{whitelist}**",
    "log.verified.yes": "tak: potwierdzone przez członka",
    "log.verified.no": "nie",
    "log.verified.awaiting": "jeszcze nie: czeka na dowód przy pierwszym wejściu, do {until}",
    "log.provenBy": "{member} potwierdził, że to konto jest jego (jeden właściciel konta na serwer).",
    "log.event": "zdarzenie {id}",
    "log.events": "zdarzenia {first}–{last}",
    "log.renamed.title": "Zmieniono nazwę nicka",
    "log.renamed": "**{old}** to teraz **{nick}** na **{whitelist}**",
    "log.roles.grant.title": "Nie udało się nadać ról",
    "log.roles.revoke.title": "Nie udało się odebrać ról",
    "log.roles.for": "Dla {member} (**{nick}**):",
    "log.roles.imported": {
      one: "{count} zaimportowany nick",
      few: "{count} zaimportowane nicki",
      many: "{count} zaimportowanych nicków",
      other: "{count} zaimportowanego nicka",
    },
    "log.roleReason.permission": "brak uprawnień: daj botowi „Zarządzanie rolami” i przesuń jego rolę nad tę",
    "log.roleReason.unknownRole": "ta rola już nie istnieje",
    "log.roleReason.unknownMember": "członka nie ma już na serwerze",
    "log.roleReason.managed":
      "tą rolą zarządza integracja (bot lub boostowanie serwera), więc nikt nie może jej nadać ani odebrać: wybierz inną rolę przez /whitelist roles",
    "log.roleReason.refused": "Discord odmówił ({code}: {message})",
    "log.roleReason.unreachable": "Discord był nieosiągalny ({message})",
    "log.roleReason.botUnreachable": "Bot nie mógł połączyć się z Discordem ({message}).",
    "log.roleReason.offline": "Bot Discorda nie jest połączony (brak DISCORD_TOKEN).",
    "log.roleReason.unconfirmedGrant": "Discord nie potwierdził nadania roli.",
    "log.roleReason.unconfirmedRevoke": "Discord nie potwierdził odebrania roli.",
    "log.request.title": "Prośba o rejestrację",
    "log.request": "{member} prosi o **{nick}** na **{whitelist}**",
    "log.request.footer": "Administracja tej whitelisty: zaakceptuj lub odrzuć poniżej.",
    "log.request.cut": "Długie odpowiedzi są tu skrócone: /whitelist member pokazuje je w całości.",
    "log.request.approve": "Zaakceptuj",
    "log.request.reject": "Odrzuć",
    "log.request.cancelled.title": "Prośba anulowana",
    "log.request.cancelled": "Prośba {member} o **{nick}** została anulowana: {because}.",
    "log.request.cancelled.deleted": "administracja usunęła **{whitelist}**",
    "log.request.cancelled.left": "wyszedł z serwera",
    "log.request.approved.title": "Prośba zaakceptowana",
    "log.request.rejected.title": "Prośba odrzucona",
    "log.request.decided": "**{nick}** na **{whitelist}** dla {member}",
    "log.access.remove": "czyta i usuwa",
    "log.access.read": "tylko odczyt",
    "log.key.created.title": "Utworzono klucz połączenia",
    "log.key.revoked.title": "Unieważniono klucz połączenia",
    "log.key": "**{name}** (`{id}`) dla: {scope}",
    "log.scope.server": "cały serwer",
    "log.scope.whitelist": "whitelista **{whitelist}**",
    "log.scope.deleted": "usunięta whitelista",
    "log.webhook.set.title": "Ustawiono webhook",
    "log.webhook.cleared.title": "Usunięto webhook",
    "log.webhook.set": "Połączenie **{name}** (`{id}`) wysyła teraz swoje zdarzenia do **{host}**",
    "log.webhook.cleared": "Połączenie **{name}** (`{id}`) nie wysyła już zdarzeń",
    "log.denied.title": "Zablokowano nick",
    "log.allowed.title": "Nick znów dozwolony",
    "log.denial": "**{nick}** na **{whitelist}**",
    "log.denial.uuid": "UUID {uuid}",
    "log.denial.byName": "tylko po nazwie",
    "log.deleted.title": "Usunięto whitelistę",
    "log.deleted": "**{whitelist}** (`{id}`) nie istnieje: usunięto {nicks}, unieważniono {keys}.",
    "log.count.nicks": {
      one: "{count} nick",
      few: "{count} nicki",
      many: "{count} nicków",
      other: "{count} nicka",
    },
    "log.count.keys": {
      one: "{count} klucz połączenia",
      few: "{count} klucze połączenia",
      many: "{count} kluczy połączenia",
      other: "{count} klucza połączenia",
    },
    "log.imported.title": "Zaimportowano nicki",
    "log.imported": "{added} z **{file}** ({lines}) dodano do **{whitelist}**, właściciel: {member}",
    "log.count.names": {
      one: "{count} nazwa",
      few: "{count} nazwy",
      many: "{count} nazw",
      other: "{count} nazwy",
    },
    "log.transfer.title": "Przekazano nick",
    "log.transfer": "**{nick}** na **{whitelist}**: {from} → {to}",
    "log.transfer.guestOf": "gość {member}",
    "log.list.item": "• **{nick}** z **{whitelist}**",
    "log.list.deleted": "• **{nick}** ({member})",
    "log.list.more": "… i jeszcze {count}: pełna lista jest w załączniku.",
    "log.left.title": "Członek wyszedł",
    "log.roleLost.title": "Utrata wymaganej roli",
    "log.left": {
      one: "{member} wyszedł z serwera: usunięto {count} nick.",
      few: "{member} wyszedł z serwera: usunięto {count} nicki.",
      many: "{member} wyszedł z serwera: usunięto {count} nicków.",
      other: "{member} wyszedł z serwera: usunięto {count} nicka.",
    },
    "log.roleLost": {
      one: "{member} nie ma już roli wymaganej przez jego whitelisty: usunięto {count} nick.",
      few: "{member} nie ma już roli wymaganej przez jego whitelisty: usunięto {count} nicki.",
      many: "{member} nie ma już roli wymaganej przez jego whitelisty: usunięto {count} nicków.",
      other: "{member} nie ma już roli wymaganej przez jego whitelisty: usunięto {count} nicka.",
    },
    "log.channel.title": "Kanał logów",
    "log.channel":
      "{member} wybrał ten kanał na logi whitelist-sync: dodania, usunięcia, prośby do akceptacji i problemy z rolami.",
    "log.intent.title": "Discord nie przyznaje {intent}",
    "log.intent":
      "Dopóki jest wyłączony, {without}.{paused}\nNaprawa: włącz **{intent}** w {portal}, potem uruchom ponownie whitelist-sync.",
    "log.intent.paused": " Wstrzymane: {whitelists}.",
    "log.file.departed": "usuniete-nicki-{member}.txt",
    "log.file.deleted": "{whitelist}-usuniete.txt",
    "log.file.item": "{nick} z {whitelist}",
    "log.file.deletedItem": "{nick} ({member})",
    "log.ban.title": "Członek zbanowany: nicki zablokowane",
    "log.ban":
      "{member} został zbanowany na Discordzie. Jego nicki są zablokowane („{reason}”) do zdjęcia bana.",
    "log.ban.removed":
      "{member} został zbanowany na Discordzie. Jego nicki są zablokowane („{reason}”) do zdjęcia bana; usunięto z whitelist: {nicks}.",
    "log.ban.denied": "• **{whitelist}**: {nicks}",
    "log.ban.kept": "• **{whitelist}**, już zablokowane: {nicks}",
    "log.ban.none": "Nie miał żadnego nicka.",
    "log.unban.title": "Ban zdjęty: blokady zniesione",
    "log.unban":
      "Ban {member} na Discordzie został zdjęty. To, co ban zablokował, można znów zarejestrować (nic nie wraca samo; blokady ekipy zostają):",
    "log.unban.lifted": "• **{whitelist}**: {nicks}",

    "intent.portal":
      "Bot → Privileged Gateway Intents w portalu deweloperów Discorda (https://discord.com/developers/applications)",
    "intent.serverMembers.without":
      "członkowie, którzy wychodzą, zachowują swoje nicki, podobnie jak ci, którzy tracą wymagane role whitelisty (bot nie widzi ani jednego, ani drugiego, a sprawdzanie tego, co przegapił offline, przy starcie i po ponownym połączeniu, jest wyłączone); usuń ich nicki przez /whitelist remove",
    "intent.messageContent.without":
      "whitelisty w trybie wiadomości są wstrzymane, bo bot nie może czytać wysyłanych tam nicków; członkowie, którzy tam piszą lub używają /zarejestruj, dostają o tym informację",
    "intent.pausedForStaff":
      "Discord nie pozwala botowi czytać wiadomości. Włącz **Message Content Intent** w {portal}, potem uruchom ponownie whitelist-sync.",
    "intent.departuresUnseen":
      "Discord nie mówi botowi, kto wychodzi, więc nicki zostają, dopóki ktoś nie usunie ich ręcznie. Włącz **Server Members Intent** w {portal}, potem uruchom ponownie whitelist-sync.",
    "intent.roleLossUnseen":
      "Discord nie mówi botowi, gdy członkowie tracą role, więc nicki członków bez wymaganej roli zostają, dopóki ktoś nie usunie ich ręcznie. Włącz **Server Members Intent** w {portal}, potem uruchom ponownie whitelist-sync.",
    "permission.AddReactions": "„Dodawanie reakcji”",
    "permission.Administrator": "„Administrator”",
    "permission.BanMembers": "„Banowanie członków”",
    "permission.ViewAuditLog": "„Wyświetlanie dziennika zdarzeń”",
    "permission.ManageNicknames": "„Zarządzanie pseudonimami”",
    "permission.ViewChannel": "„Wyświetlanie kanałów”",
    "permission.SendMessages": "„Wysyłanie wiadomości”",
    "permission.EmbedLinks": "„Osadzanie linków”",
    "permission.AttachFiles": "„Załączanie plików”",
    "permission.ReadMessageHistory": "„Czytanie historii wiadomości”",
    "permission.ManageRoles": "„Zarządzanie rolami”",
    "setup.list": "{first}, {rest}",
    "setup.rolesPlace": "Ustawienia serwera → Role",
    "setup.turnOn.fix": "włącz {permission} dla roli bota w {place}",
    "setup.server.ok": "bot ma na {server} wszystkie uprawnienia, których używa",
    "setup.server.lacks": "botowi brakuje na {server}: {permissions}",
    "setup.server.lacks.fix":
      "włącz {permissions} dla roli bota w {place} (albo zaproś go ponownie linkiem z `whitelist-sync invite`, który o nie prosi)",
    "setup.banSync":
      "synchronizacja banów jest włączona na {server}, ale Discord nie zgłasza botowi żadnych banów: brakuje mu {permission}",
    "setup.nickname.owner":
      "to właściciel serwera, a Discord nie pozwala żadnemu botowi zmienić pseudonimu właściciela",
    "setup.nickname.above":
      "jego najwyższa rola jest na poziomie mojej ({role}) lub wyżej: przeciągnij {role} nad nią w {place}",
    "setup.nickname.permission": "brakuje mi uprawnienia {permission}: włącz je dla {role} w {place}",
    "setup.logChannel.gone": "kanał logów ({id}) już nie istnieje na {server}",
    "setup.chooseAnother.fix": "wybierz inny przez {command}",
    "setup.channel.log": "kanał logów {channel}",
    "setup.channel.whitelist": "kanał {channel} whitelisty {whitelist}",
    "setup.channel.post": "{where}: mogę tam czytać i pisać",
    "setup.channel.react": "{where}: mogę tam czytać, odpowiadać i reagować",
    "setup.channel.lacks": "{where}: brakuje mi tam {permissions}",
    "setup.channel.lacks.fix":
      "zezwól na {permissions} dla bota (lub jego roli) w Edytuj kanał → Uprawnienia kanału {channel}",
    "setup.whitelist.channelGone": "{whitelist}: jej kanał ({id}) już nie istnieje",
    "setup.whitelist.roleGone.required": "{whitelist}: wymagana rola ({id}) już nie istnieje",
    "setup.whitelist.roleGone.manager": "{whitelist}: rola zarządzająca ({id}) już nie istnieje",
    "setup.whitelist.roleGone.granted": "{whitelist}: nadawana rola ({id}) już nie istnieje",
    "setup.whitelist.setRoles.fix": "ustaw jej role ponownie przez {command}",
    "setup.whitelist.managed": "{whitelist}: nie mogę nadać {role}: tą rolą zarządza integracja",
    "setup.whitelist.managed.fix": "nadawaj zamiast niej własną rolę przez {command}",
    "setup.whitelist.cannotGrant": "{whitelist}: nie mogę nadać {role}: brakuje mi {permission}",
    "setup.whitelist.below": "{whitelist}: nie mogę nadać {role}: moja rola jest pod nią",
    "setup.whitelist.below.fix": "przeciągnij rolę bota ({bot}) nad {role} w {place}",
    "setup.whitelist.canGrant": "{whitelist}: mogę nadać {role}",
    "setup.whitelist.nicknames.ok": "{whitelist}: mogę ustawiać pseudonimy członków",
    "setup.whitelist.nicknames.lacks":
      "{whitelist}: pseudonimy członków mają iść za ich nazwami z Minecrafta, ale brakuje mi {permission}",
    "setup.whitelist.messageContent":
      "{whitelist} rejestruje przez wiadomości, ale Message Content Intent jest wyłączony: nie da się odczytać nicków członków",
    "setup.whitelist.messageContent.fix": "włącz Message Content Intent w {portal} albo {command}",
    "setup.whitelist.noLogChannel":
      "{whitelist} wymaga akceptacji administracji, ale nie ustawiono kanału logów, na który trafiałyby prośby",
    "setup.whitelist.noLogChannel.fix": "ustaw go przez {command}",
    "setup.warning": "⚠️ {title}. Naprawa: {fix}.",
    "access.rolesUnseen":
      "⚠️ Discord nie pozwala mi widzieć ról członków (Server Members Intent jest wyłączony), więc członkowie bez wymaganej roli zachowują nicki, dopóki ktoś nie usunie ich ręcznie.",
    "access.allHold": "Każdy członek z nickiem na niej ma jedną z jej wymaganych ról.",
    "access.removed": {
      one: "Usunięto {count} nick członka bez żadnej z jej wymaganych ról (pochodzenie: utrata roli).",
      few: "Usunięto {count} nicki członków bez żadnej z jej wymaganych ról (pochodzenie: utrata roli).",
      many: "Usunięto {count} nicków członków bez żadnej z jej wymaganych ról (pochodzenie: utrata roli).",
      other: "Usunięto {count} nicka członków bez żadnej z jej wymaganych ról (pochodzenie: utrata roli).",
    },
    "ranks.oneHolder":
      "Wskaż jedną opcją, kto jest w grupie: `role` albo `members` (wszyscy na whiteliście albo jej zweryfikowane konta).",
    "ranks.holder.everyone": "wszyscy na whiteliście",
    "ranks.holder.verified": "zweryfikowane konta",
    "ranks.line": "`{group}` ← {holders}",
    "ranks.added":
      "{holder} → `{group}` na **{whitelist}**: agenci serwerów gry dają każdemu graczowi jego grupę.",
    "ranks.addedAgain": "{holder} już jest w `{group}` na **{whitelist}**: nic się nie zmieniło.",
    "ranks.changed": "Nicki ze zmienionymi grupami: {count}.",
    "ranks.removed": "`{group}` na **{whitelist}** nie podąża już za: {holders}.",
    "ranks.noneRemoved": "**{whitelist}** nie przypisuje niczego do `{group}`: nic się nie zmieniło.",
    "ranks.noneRemoved.holder": "**{whitelist}** nie umieszcza {holder} w `{group}`: nic się nie zmieniło.",
    "ranks.rolesUnseen":
      "⚠️ Discord nie daje botowi intencji Server Members: bot nie widzi zmian ról, więc grupy podążają za rolami, które członkowie mieli przy rejestracji, dopóki jej nie włączysz.",
    "ranks.list.none":
      "**{whitelist}** nie przypisuje żadnej roli do grupy w grze. Dodaj przypisanie przez `/whitelist ranks add`.",
    "ranks.list.header": "Rangi **{whitelist}** (grupa w grze ← kto w niej jest):",
    "ranks.list.how":
      "Serwery gry stosują je przez agenta `sync` (`--groups luckperms`, `--on-group-add` albo permissions.json serwera Bedrock).",
    "roleLimit.usage":
      "Zapisz limit nicków roli jako `<rola>=<liczba>` (1-{max}), np. `@Darczyńca=3`, albo `@Darczyńca=none`, żeby go usunąć; rolę przez wzmiankę, ID lub dokładną nazwę.",
    "roleLimit.ambiguous": "Kilka ról nazywa się „{name}”: podaj zamiast tego wzmiankę lub ID roli.",
    "roleLimit.unknownName":
      "Na tym serwerze nie ma roli „{name}”, więc nie ustawiono limitu. Wskaż ją wzmianką (wpisz @ i jej nazwę), ID lub dokładną nazwą.",
    "roleLimit.unknownId":
      "Na tym serwerze nie ma roli o ID {id}, więc nie ustawiono limitu. Wskaż ją wzmianką (wpisz @ i jej nazwę), ID lub dokładną nazwą.",
    "roleLimit.notNumber":
      "Limit nicków roli to liczba całkowita od 1 do {max} albo none, żeby go usunąć; „{value}” nie jest ani jednym, ani drugim.",
    "roleLimit.none": "brak (każdy członek: {max}, max-nicks)",
    "roleLimit.others": " (członek dostaje najwyższy z limitów swoich ról; {max} bez żadnej, max-nicks)",
    "roleLimit.more": " … i jeszcze {count}",
    "roles.list.required": "Wymagane (jedna z nich pozwala się zarejestrować)",
    "roles.list.granted": "Nadawane przy rejestracji",
    "roles.list.manager": "Zarządzające (dodawanie i usuwanie nicków każdego)",
    "roles.everyone": "@everyone nie da się tu użyć; wybierz prawdziwą rolę.",
    "roles.header": "Role whitelisty **{whitelist}**:",
    "roles.header.changed": "✅ Role whitelisty **{whitelist}**:",
    "roles.line": "• {label}: {roles}",
    "roles.limits": "• Limity nicków według ról: {limits}",
    "roles.how":
      "Zmień listę przez `add-…`/`remove-…` (po jednej roli) albo wyczyść ją przez `clear`; ustaw limit nicków roli przez `limit:@Rola=3` (`@Rola=none` go usuwa).",
    "import.outcome.added": "dodany",
    "import.outcome.wouldBeAdded": "zostałby dodany",
    "import.outcome.already": "już jest",
    "import.outcome.invalid": "nieprawidłowy",
    "import.outcome.denied": "zablokowany",
    "import.outcome.unchecked": "niesprawdzony",
    "import.outcome.refused": "odrzucony",
    "import.format.plain": "zwykła lista",
    "import.format.easywhitelist": "config.yml z EasyWhitelist",
    "import.format.vanilla": "whitelist.json z Minecrafta",
    "import.file": "**{file}** ({format}, {names})",
    "import.tally": "{label}: {count}",
    "import.dryRun": "🔎 Próbny import {file} na **{whitelist}** dla {member}: nic nie zmieniono.",
    "import.done": "📥 Zaimportowano {file} do **{whitelist}** dla {member}.",
    "import.unchecked": {
      one: "⏳ Nie udało się sprawdzić {count} nazwy, więc nic dla niej nie zapisano: zaimportuj ten sam plik później ponownie (to, co już jest na whitelist, będzie wtedy jako „{already}”).",
      few: "⏳ Nie udało się sprawdzić {count} nazw, więc nic dla nich nie zapisano: zaimportuj ten sam plik później ponownie (to, co już jest na whitelist, będzie wtedy jako „{already}”).",
      many: "⏳ Nie udało się sprawdzić {count} nazw, więc nic dla nich nie zapisano: zaimportuj ten sam plik później ponownie (to, co już jest na whitelist, będzie wtedy jako „{already}”).",
      other:
        "⏳ Nie udało się sprawdzić {count} nazwy, więc nic dla nich nie zapisano: zaimportuj ten sam plik później ponownie (to, co już jest na whitelist, będzie wtedy jako „{already}”).",
    },
    "import.rolesRefused":
      "Nie udało mi się nadać {member} {roles} (szczegóły na kanale logów); nicki zostają.",
    "import.next":
      "Każda nazwa i to, co się z nią stało, jest w załączonym `{file}`. Przekaż nicki ich graczom przez `/whitelist transfer`.",
    "import.next.dryRun":
      "Każda nazwa i to, co się z nią stało, jest w załączonym `{file}`. Uruchom polecenie ponownie bez `dry-run`, żeby zaimportować.",
    "import.detail.taken": "już jest na {whitelist}",
    "import.detail.held": "już jest na {whitelist} ({nick})",
    "import.detail.notPremium": "to nie konto premium; {whitelist} przyjmuje tylko konta premium",
    "import.detail.unreachable": "{service} był nieosiągalny: niesprawdzony, zaimportuj plik ponownie",
    "import.detail.earlier": "wymieniony wcześniej, w wierszu {line}",
    "import.detail.meanwhile": "w międzyczasie zarejestrowany na {whitelist}",
    "import.detail.notStored": "nie zapisano: {reason}",
    "import.detail.unexpected": "nieoczekiwany błąd zatrzymał import (jest zapisany w logach)",
    "import.refused.noNick": {
      one: "{count} wiersz pliku {file} nie jest nickiem, który przyjmuje {whitelist}, więc to nie jest lista nicków. {attach}",
      few: "Żaden z {count} wierszy pliku {file} nie jest nickiem, który przyjmuje {whitelist}, więc to nie jest lista nicków. {attach}",
      many: "Żaden z {count} wierszy pliku {file} nie jest nickiem, który przyjmuje {whitelist}, więc to nie jest lista nicków. {attach}",
      other:
        "Żaden z {count} wiersza pliku {file} nie jest nickiem, który przyjmuje {whitelist}, więc to nie jest lista nicków. {attach}",
    },

    "dashboard.skip": "Przejdź do treści",
    "dashboard.signedInAs": "Zalogowano jako {name}",
    "dashboard.signOut": "Wyloguj wszędzie",
    "dashboard.nav.server": "Strony serwera {server}",
    "dashboard.yes": "tak",
    "dashboard.no": "nie",
    "dashboard.signIn.title": "Logowanie",
    "dashboard.signIn.intro":
      "Panel whitelist-sync pokazuje serwery, na których jesteś, z tym, co Discord pozwala ci tam zobaczyć: obsłudze jej whitelisty, prośby i dziennik, członkom ich własne nicki.",
    "dashboard.signIn.button": "Zaloguj przez Discorda",
    "dashboard.signIn.signedOut":
      "Wylogowano cię na wszystkich urządzeniach, a dostęp przez Discorda został cofnięty.",
    "dashboard.error.title": "Nie da się",
    "dashboard.error.back": "Wróć do swoich serwerów",
    "dashboard.error.notFound": "Nic tu nie ma albo nic, co możesz zobaczyć.",
    "dashboard.error.forbidden":
      "Odrzucono: to nie przyszło z twojej strony panelu albo nie jesteś zalogowany. Otwórz stronę ponownie i spróbuj jeszcze raz.",
    "dashboard.error.internal": "Coś poszło nie tak po naszej stronie; zostało to zapisane. Spróbuj później.",
    "dashboard.error.discord": "Nie można połączyć się z Discordem. Spróbuj za minutę.",
    "dashboard.error.badForm":
      "Formularz nie został wypełniony zgodnie z oczekiwaniami. Otwórz stronę ponownie i spróbuj jeszcze raz.",
    "dashboard.error.memberLeft":
      "Tego członka nie ma już na serwerze, więc jego prośby nie można zaakceptować.",
    "dashboard.error.signInExpired":
      "To logowanie wygasło albo zaczęło się w innej przeglądarce. Zaloguj się ponownie.",
    "dashboard.error.signInCancelled": "Logowanie zostało anulowane w Discordzie.",
    "dashboard.error.signInRefused": "Discord odrzucił logowanie. Zaloguj się ponownie.",
    "dashboard.servers.title": "Twoje serwery",
    "dashboard.servers.none":
      "Żaden z twoich serwerów nie używa whitelist-sync albo nie ma na nich nic, co możesz zobaczyć.",
    "dashboard.access.server": "zarządzasz tym serwerem",
    "dashboard.access.manager": "zarządzasz: {whitelists}",
    "dashboard.access.member": "twoje własne nicki",
    "dashboard.tab.overview": "Whitelisty",
    "dashboard.tab.requests": "Prośby",
    "dashboard.tab.log": "Dziennik",
    "dashboard.tab.keys": "Klucze łączące",
    "dashboard.tab.me": "Moja strona",
    "dashboard.overview.title": "Whitelisty",
    "dashboard.overview.member":
      "Jesteś tu członkiem: twoja strona pokazuje twoje nicki, połączone konta i prośby.",
    "dashboard.overview.yours": "Twoja strona",
    "dashboard.overview.whitelists": "Whitelisty, które widzisz",
    "dashboard.overview.noWhitelists": "Nie ma tu whitelisty, którą możesz zobaczyć.",
    "dashboard.overview.settings": "Ustawienia",
    "dashboard.overview.requests": "Prośby",
    "dashboard.overview.pending": {
      one: "{count} prośba czeka",
      few: "{count} prośby czekają",
      many: "{count} próśb czeka",
      other: "{count} prośby czeka",
    },
    "dashboard.overview.activity": "Rejestracje i usunięcia",
    "dashboard.whitelist.open": "otwarta",
    "dashboard.whitelist.closed": "zamknięta",
    "dashboard.column.name": "Nazwa",
    "dashboard.column.nickType": "Typ nicku",
    "dashboard.column.mode": "Rejestracja",
    "dashboard.column.state": "Stan",
    "dashboard.column.nick": "Nick",
    "dashboard.column.owner": "Członek",
    "dashboard.column.details": "Szczegóły",
    "dashboard.column.added": "Dodano",
    "dashboard.column.remove": "Usuń",
    "dashboard.column.when": "Kiedy",
    "dashboard.column.change": "Zmiana",
    "dashboard.column.whitelist": "Whitelista",
    "dashboard.column.by": "Kto",
    "dashboard.column.origin": "Źródło",
    "dashboard.column.reason": "Powód",
    "dashboard.chart.caption": "Rejestracje i usunięcia dziennie, ostatnie dni: {days} (UTC).",
    "dashboard.chart.day": "{day}: dodano {added}, usunięto {removed}",
    "dashboard.chart.added": "dodane",
    "dashboard.chart.removed": "usunięte",
    "dashboard.chart.asTable": "To samo w tabeli",
    "dashboard.chart.dayColumn": "Dzień",
    "dashboard.entries.title": "Wpisy na {whitelist}",
    "dashboard.entries.caption": "Nicki na {whitelist}",
    "dashboard.entries.search": "Nick zaczyna się od",
    "dashboard.entries.filter": "Stan",
    "dashboard.entries.kind": "Rodzaj",
    "dashboard.entries.apply": "Pokaż",
    "dashboard.entries.none": "Żaden wpis nie pasuje.",
    "dashboard.entries.pages": "Strony",
    "dashboard.entries.first": "Pierwsza strona",
    "dashboard.entries.next": "Następna strona",
    "dashboard.entries.export": "Pobierz",
    "dashboard.entries.reason": "Powód (opcjonalnie)",
    "dashboard.entries.reasonFor": "Powód usunięcia {nick}",
    "dashboard.entries.remove": "Usuń",
    "dashboard.entries.confirm": "Usunąć {nick} z whitelisty?",
    "dashboard.entries.removed": "Usunięto {nick}.",
    "dashboard.filter.all": "wszystkie",
    "dashboard.filter.verified": "zweryfikowane",
    "dashboard.filter.awaiting-proof": "czekające na dowód",
    "dashboard.filter.expiring": "wygasające",
    "dashboard.kind.any": "dowolny",
    "dashboard.kind.premium": "Java, premium",
    "dashboard.kind.offline": "Java, offline",
    "dashboard.kind.bedrock": "Bedrock",
    "dashboard.kind.guest": "gość (bez Discorda)",
    "dashboard.entry.guest": "gość",
    "dashboard.entry.bedrock": "Bedrock",
    "dashboard.entry.premium": "premium",
    "dashboard.entry.offline": "offline",
    "dashboard.entry.verified": "zweryfikowany",
    "dashboard.entry.awaiting": "czeka na dowód do {when}",
    "dashboard.entry.expires": "wygasa {when}",
    "dashboard.requests.title": "Czekające prośby",
    "dashboard.requests.none": "Żadna prośba nie czeka.",
    "dashboard.requests.heading": "{nick} na {whitelist}",
    "dashboard.requests.by": "Prosi {member}, {when}.",
    "dashboard.requests.member": "Strona członka",
    "dashboard.requests.noAnswers": "Brak odpowiedzi na formularz.",
    "dashboard.requests.reason": "Powód (opcjonalnie; członek go przeczyta)",
    "dashboard.requests.approve": "Akceptuj",
    "dashboard.requests.reject": "Odrzuć",
    "dashboard.requests.approved": "Zaakceptowano {nick}.",
    "dashboard.requests.rejected": "Odrzucono {nick}.",
    "dashboard.settings.title": "Ustawienia {whitelist}",
    "dashboard.settings.channel": "Kanał",
    "dashboard.settings.requiredRoles": "Wymagane role",
    "dashboard.settings.grantedRoles": "Nadawane role",
    "dashboard.settings.managerRoles": "Role zarządzające",
    "dashboard.settings.maxNicks": "Nicki na członka",
    "dashboard.settings.lifetime": "Wpisy wygasają po",
    "dashboard.settings.lifetimeHelp": "Czas taki jak 30d lub 12h; puste: na zawsze.",
    "dashboard.settings.forGood": "na zawsze",
    "dashboard.settings.proof": "Dowód własności",
    "dashboard.settings.inDiscord": "Kanał i role zmienia się w Discordzie przez /whitelist edit.",
    "dashboard.settings.change": "Zmień",
    "dashboard.settings.removeOnLeave": "Usuwaj nicki członków, którzy odchodzą",
    "dashboard.settings.onRoleLoss": "Gdy członek traci wymagane role",
    "dashboard.settings.save": "Zapisz",
    "dashboard.settings.saved": "Zapisano.",
    "dashboard.member.title": "{member}",
    "dashboard.member.yours": "Twoja strona",
    "dashboard.member.partial": "Pokazane są tylko whitelisty, którymi zarządzasz.",
    "dashboard.member.nicks": "Nicki",
    "dashboard.member.registered": "zarejestrował się sam",
    "dashboard.member.addedBy": "dodany przez {member}",
    "dashboard.member.guests": "Dodani przez niego gracze bez Discorda",
    "dashboard.member.linked": "Połączone konta Java",
    "dashboard.member.waiting": "Czekające prośby",
    "dashboard.member.answers": "Odpowiedzi na formularz",
    "dashboard.member.history": "Historia",
    "dashboard.log.title": "Dziennik",
    "dashboard.log.every": "wszystko",
    "dashboard.log.added": "dodano",
    "dashboard.log.removed": "usunięto",
    "dashboard.log.member": "Członek (id Discorda)",
    "dashboard.log.live": "Nowe zmiany pojawiają się na górze, gdy tylko zajdą.",
    "dashboard.log.arrived": "Przyszła nowa zmiana.",
    "dashboard.log.none": "Jeszcze żadnej zmiany.",
    "dashboard.log.newest": "Najnowsze",
    "dashboard.log.older": "Starsze",
    "dashboard.log.key": "klucz {name}",
    "dashboard.keys.title": "Klucze łączące",
    "dashboard.keys.id": "Id",
    "dashboard.keys.scope": "Zasięg",
    "dashboard.keys.access": "Może",
    "dashboard.keys.lastUsed": "Ostatnio użyty",
    "dashboard.keys.webhookColumn": "Webhook",
    "dashboard.keys.wholeServer": "każda whitelista serwera",
    "dashboard.keys.noWebhook": "brak",
    "dashboard.keys.webhookUnused": "{host}, jeszcze nic nie wysłano",
    "dashboard.keys.webhook": "{host}: {outcome}, {when} ({ms} ms)",
    "dashboard.keys.created": "{member}, {when}",
    "dashboard.keys.revoke": "Unieważnij",
    "dashboard.keys.confirm": "Unieważnić klucz {name}? Serwery gry, które go używają, od razu tracą dostęp.",
    "dashboard.keys.revoked": "unieważniony {when}",
    "dashboard.keys.revokedDone": "Klucz {name} został unieważniony.",
    "dashboard.keys.none": "Jeszcze nie ma kluczy łączących.",
    "dashboard.keys.new": "Nowy klucz",
    "dashboard.keys.create": "Utwórz klucz",
    "dashboard.keys.createdOnce":
      "Utworzono klucz {name}. Skopiuj go teraz: jest pokazywany tylko ten jeden raz.",
    "dashboard.keys.agentColumn": "Agent",
    "dashboard.keys.agentNone": "brak raportu",
    "dashboard.keys.agentConnected": "połączony, ostatni raport {when}",
    "dashboard.keys.agentDisconnected": "rozłączony, ostatnio widziany {when}",
    "dashboard.keys.agentFile": "{agent}, zapisuje plik {format}",
    "dashboard.keys.agentManagement": "{agent}, przez API zarządzania serwera",
    "dashboard.keys.agentApplied": "ostatnia zastosowana zmiana: {id}",
    "dashboard.keys.agentNoneApplied": "brak zastosowanych zmian od ostatniego pełnego odczytu",
    "dashboard.keys.agentDrift": "gracze zmienieni na jego liście przez kogoś innego: {count}",
    "dashboard.keys.agentError": "ostatni błąd ({when}): {error}",
    "dashboard.keys.agents":
      "Agent serwera gry (whitelist-sync sync) zgłasza swój stan przez swój socket; o kluczu używanym przez innego klienta usługa wie tylko, kiedy go ostatnio użyto i kiedy ostatnio doręczono jego webhook.",
  },
} satisfies LanguageFile<"pl">;
