import type { CommandFile } from "../../messages.ts";

/** Polish: its command localizations (its messages: ../pl.ts). */
export const pl = {
  commands: {
    whitelist: { description: "Zarządzaj whitelistami Minecrafta na serwerze" },
    "whitelist create": { description: "Utwórz whitelistę przypisaną do kanału (Zarządzanie serwerem)" },
    "whitelist create name": { description: "1-32 litery, cyfry, - lub _ (unikalna na tym serwerze)" },
    "* channel": { description: "Kanał, na którym członkowie się rejestrują" },
    "whitelist create nick-type": { description: "Jakie nicki przyjmuje" },
    "* nick-type java": { name: "java: Java Edition, status premium sprawdzany" },
    "* nick-type premium": { name: "premium: tylko kupione konta Java" },
    "* nick-type offline": { name: "offline: składnia Java, nigdy nie sprawdzane" },
    "* nick-type bedrock": { name: "bedrock: gamertag Xbox (Floodgate)" },
    "* mode": { description: "Jak członkowie się rejestrują" },
    "* mode command": { name: "command: członkowie używają /zarejestruj" },
    "* mode message": { name: "message: członkowie wysyłają nick na kanale" },
    "* mode approval": { name: "approval: /zarejestruj wysyła prośbę do akceptacji" },
    "* max-nicks": { description: "Ile nicków może zarejestrować jeden członek" },
    "* floodgate-prefix": {
      description: "Bedrock: twój username-prefix z Floodgate (domyślnie .); none = bez prefiksu",
    },
    "* replace-spaces": {
      description: "Bedrock: twoje replace-spaces z Floodgate (domyślnie True: spacje w gamertagach to _)",
    },
    "* proof": { description: "Czy członkowie muszą potwierdzić, że rejestrowane konto jest ich, i kiedy?" },
    "* proof off": { name: "off: członkowie rejestrują dowolny nick (domyślnie)" },
    "* proof required": { name: "required: członkowie najpierw potwierdzają konto Java (java, premium)" },
    "* proof first-join": {
      name: "first-join: potwierdzane przy pierwszym wejściu na serwer gry (java, premium, bedrock)",
    },
    "* proof-window": {
      description:
        "Przy proof first-join: ile nowy nick czeka na potwierdzenie, od 10m do 30d (domyślnie 1d)",
    },
    "whitelist edit": { description: "Zmień ustawienia whitelisty (Zarządzanie serwerem)" },
    "* whitelist": { description: "Whitelista (jej nazwa lub id)" },
    "whitelist edit name": { description: "Nowa nazwa (1-32 litery, cyfry, - lub _)" },
    "whitelist edit enabled": { description: "False zamyka rejestracje; nicki są dalej udostępniane" },
    "whitelist edit remove-on-leave": { description: "Usuń nicki członka, gdy opuści serwer" },
    "whitelist edit entry-lifetime": {
      description: "Własne rejestracje członków wygasają po 30m, 12h, 7d… (do 366d); none: nigdy",
    },
    "whitelist edit on-role-loss": { description: "Nicki członka, gdy nie ma już żadnej wymaganej roli" },
    "whitelist edit on-role-loss remove": { name: "remove: jego nicki znikają (domyślnie)" },
    "whitelist edit on-role-loss keep": { name: "keep: jego nicki zostają" },
    "whitelist edit nickname": {
      description:
        "Pseudonimy członków na serwerze tworzone z nicku: {discord} ({mc}), {mc}…; none: bez zmian",
    },
    "whitelist delete": {
      description:
        "Usuń whitelistę, jej nicki i klucze połączenia ograniczone do niej (Zarządzanie serwerem)",
    },
    "whitelist delete confirm": {
      description: "True, aby naprawdę usunąć; bez tego zobaczysz tylko, co zniknie",
    },
    "whitelist list": { description: "Pokaż whitelisty tego serwera" },
    "whitelist show": { description: "Pokaż ustawienia i role whitelisty" },
    "whitelist roles": {
      description: "Edytuj role wymagane, nadawane i zarządzające whitelisty (Zarządzanie serwerem)",
    },
    "whitelist roles add-required": {
      description: "Dodaj rolę: wymagana (jedna z nich pozwala się zarejestrować)",
    },
    "whitelist roles remove-required": { description: "Usuń rolę z ról wymaganych" },
    "whitelist roles add-granted": { description: "Dodaj rolę: nadawana przy rejestracji" },
    "whitelist roles remove-granted": { description: "Usuń rolę z ról nadawanych" },
    "whitelist roles add-manager": {
      description: "Dodaj rolę: zarządzająca (dodaje i usuwa nicki wszystkich)",
    },
    "whitelist roles remove-manager": { description: "Usuń rolę z ról zarządzających" },
    "whitelist roles clear": {
      description: "Wyczyść jedną listę albo wszystkie limity ról (przed dodaniem)",
    },
    "whitelist roles clear required": { name: "role wymagane" },
    "whitelist roles clear granted": { name: "role nadawane" },
    "whitelist roles clear manager": { name: "role zarządzające" },
    "whitelist roles clear limits": { name: "limity ról" },
    "whitelist roles limit": {
      description: "Limit nicków roli: <rola>=<n> (1-100) albo <rola>=none, by go usunąć",
    },
    "whitelist add": { description: "Zarejestruj nick dla członka (administracja whitelisty)" },
    "whitelist add member": { description: "Do kogo należy nick" },
    "whitelist add nick": { description: "Jego nick z Minecrafta" },
    "whitelist add expires": {
      description: "Usuń go samoczynnie po 30m, 12h, 7d… (od 1 minuty do 366 dni); domyślnie: nigdy",
    },
    "whitelist guest": {
      description: "Dodaj do whitelisty gracza spoza tego serwera Discord (administracja whitelisty)",
    },
    "whitelist guest nick": { description: "Jego nick z Minecrafta" },
    "whitelist guest note": {
      description:
        "Kim jest, dla administracji, która później trafi na ten nick (czyj znajomy, jakie wydarzenie)",
    },
    "whitelist guest expires": {
      description: "Usuń go samoczynnie po 30m, 12h, 7d… (od 1 minuty do 366 dni); domyślnie: nigdy",
    },
    "whitelist remove": { description: "Usuń nick z whitelisty (jego właściciel lub administracja)" },
    "* nick": { description: "Nick, dowolną wielkością liter" },
    "whitelist export": { description: "Pobierz whitelistę jako plik serwera (administracja whitelisty)" },
    "whitelist export format": { description: "Który plik" },
    "whitelist export format plain": { name: "plain: whitelist.txt, jeden nick na linię" },
    "whitelist export format easywhitelist": { name: "easywhitelist: config.yml pluginu EasyWhitelist" },
    "whitelist export format vanilla": { name: "vanilla: whitelist.json Minecrafta" },
    "whitelist export format bds": { name: "bds: allowlist.json Bedrock Dedicated Server" },
    "whitelist import": {
      description: "Zaimportuj whitelist.json, listę nicków lub config.yml EasyWhitelist (administracja)",
    },
    "whitelist import file": { description: "Plik, do 1 MiB i 10 000 nazw" },
    "whitelist import member": {
      description: "Do kogo należą nicki (domyślnie: do ciebie; przekaż później)",
    },
    "whitelist import dry-run": { description: "Tylko pokaż, co by się stało; nic nie zmieniaj" },
    "whitelist transfer": { description: "Przekaż nick innemu członkowi (administracja whitelisty)" },
    "whitelist transfer member": { description: "Do kogo nick należy od teraz" },
    "whitelist transfer whitelist": {
      description: "Która whitelista (domyślnie: ta z tego kanału lub jedyna na serwerze)",
    },
    "whitelist log-channel": {
      description: "Wybierz, gdzie loguję zmiany i prośby do akceptacji (Zarządzanie serwerem)",
    },
    "whitelist log-channel channel": { description: "Kanał logów; pomiń, aby wyłączyć logowanie" },
    "whitelist ban-sync": {
      description:
        "Bany na Discordzie blokują nicki zbanowanego; zdjęcie bana je odblokowuje (Zarządzanie serwerem)",
    },
    "whitelist ban-sync enabled": { description: "True: bany obejmują whitelisty; false: nie" },
    "whitelist deny": {
      description: "Zablokuj nick na whiteliście i usuń go, jeśli tam jest (administracja whitelisty)",
    },
    "whitelist deny nick": { description: "Nick z Minecrafta (Bedrock: gamertag) do zablokowania" },
    "whitelist deny reason": { description: "Dlaczego: pokazywane każdemu, kto spróbuje go zarejestrować" },
    "whitelist undeny": { description: "Znów zezwól na zablokowany nick na whiteliście (administracja)" },
    "whitelist undeny nick": { description: "Zablokowany nick" },
    "whitelist whois": {
      description: "Do kogo należy nick: właściciel, kto dodał, kiedy, jak, wygaśnięcie (członkowie: swoje)",
    },
    "whitelist whois nick": {
      description: "Nick, dowolną wielkością liter (Bedrock: gamertag lub nazwa w grze)",
    },
    "whitelist whois whitelist": {
      description: "Tylko ta whitelista (domyślnie: wszystkie whitelisty serwera)",
    },
    "whitelist member": {
      description: "Nicki członka na wszystkich whitelistach (administracja; członkowie: własne)",
    },
    "whitelist member user": { description: "Czyje nicki" },
    "whitelist ranks": { description: "Grupy w grze (rangi) podążające za rolami Discorda" },
    "whitelist ranks add": {
      description: "Umieść posiadaczy roli w grupie w grze na serwerach (Zarządzanie serwerem)",
    },
    "whitelist ranks add group": {
      description: "Grupa w grze, jak nazywa ją LuckPerms (1-36 znaków a-z 0-9 _ - . +)",
    },
    "whitelist ranks add role": { description: "Rola (także zarządzana; @everyone: wszyscy na whiteliście)" },
    "whitelist ranks add members": {
      description: "Zamiast roli: wszyscy na whiteliście albo jej zweryfikowane konta",
    },
    "* members everyone": { name: "wszyscy na whiteliście" },
    "* members verified": { name: "zweryfikowane konta (udowodnione przez właściciela)" },
    "whitelist ranks remove": {
      description: "Przestań umieszczać posiadaczy roli w grupie w grze (Zarządzanie serwerem)",
    },
    "whitelist ranks remove group": { description: "Grupa w grze" },
    "whitelist ranks remove role": {
      description: "Tylko przypisanie tej roli (bez opcji: wszystkie przypisania grupy)",
    },
    "whitelist ranks remove members": {
      description: "Tylko przypisanie wszystkich albo zweryfikowanych kont",
    },
    "whitelist ranks list": { description: "Do których grup w grze przypisane są role whitelisty" },
    "whitelist form": { description: "Pytania, na które członkowie odpowiadają przy rejestracji" },
    "whitelist form set": { description: "Ustaw pytanie w formularzu whitelisty (Zarządzanie serwerem)" },
    "whitelist form set number": { description: "Które pytanie, 1-5 (za ostatnim: nowe na końcu)" },
    "whitelist form set question": { description: "Co członkowie widzą nad polem" },
    "whitelist form set style": { description: "Jedna linia (domyślnie) albo akapit" },
    "whitelist form set style short": { name: "short: jedna linia" },
    "whitelist form set style paragraph": { name: "paragraph: kilka linii" },
    "whitelist form set required": { description: "Czy trzeba na nie odpowiedzieć (domyślnie: tak)" },
    "whitelist form set min-length": { description: "Najmniejsza liczba znaków odpowiedzi (domyślnie 0)" },
    "whitelist form set max-length": {
      description: "Największa liczba znaków (domyślnie: 100 dla linii, 1000 dla akapitu)",
    },
    "whitelist form set hint": { description: "Szary tekst w pustym polu, np. przykładowa odpowiedź" },
    "whitelist form remove": { description: "Usuń pytanie z formularza whitelisty (Zarządzanie serwerem)" },
    "whitelist form remove number": { description: "Które pytanie, 1-5" },
    "whitelist form clear": {
      description: "Usuń formularz whitelisty: członkowie rejestrują się bez pytań (Zarządzanie serwerem)",
    },
    "whitelist form show": { description: "Pytania, które whitelista zadaje przy rejestracji" },
    "whitelist form preview": {
      description:
        "Otwórz formularz whitelisty tak, jak widzą go członkowie; nic nie zostanie wysłane (administracja)",
    },
    "whitelist form retention": {
      description: "Ile dni odpowiedzi z formularza są przechowywane po decyzji (Zarządzanie serwerem)",
    },
    "whitelist form retention days": { description: "0-365 (0: tylko póki prośba czeka; domyślnie 30)" },
    register: {
      name: "zarejestruj",
      description: "Dodaj swój nick z Minecrafta do whitelisty (albo kod z serwera weryfikacji)",
    },
    "register nick": { description: "Twój nick z Minecrafta" },
    "register whitelist": {
      description: "Która whitelista (domyślnie: ta z tego kanału lub jedyna na serwerze)",
    },
    "register code": {
      description: "Zamiast nicka: kod, który pokazał ci serwer weryfikacji, np. K7QX-29MD",
    },
    unregister: { name: "wyrejestruj", description: "Zdejmij nick z Minecrafta z whitelisty" },
    "unregister nick": { description: "Nick do usunięcia" },
    "unregister whitelist": {
      description: "Która whitelista (domyślnie: ta z tego kanału lub jedyna na serwerze)",
    },
    link: {
      name: "połącz",
      description: "Potwierdź, że konto Minecraft Java jest twoje: kod z serwera weryfikacji",
    },
    "link code": {
      description: "Kod pokazany po wejściu na serwer weryfikacji, np. K7QX-29MD (bez niego: jak go zdobyć)",
    },
    unlink: {
      name: "rozłącz",
      description: "Zapomnij konto Minecraft Java połączone z tobą na tym serwerze",
    },
    "unlink account": { description: "Jego nazwa (domyślnie: twoje jedyne połączone konto)" },
    "unlink member": { description: "Administracja (Zarządzanie serwerem): rozłącz konto tego członka" },
    "server-link": {
      description: "Klucze połączenia i webhooki dla serwerów gry i integracji (Zarządzanie serwerem)",
    },
    "server-link create": {
      description: "Utwórz klucz dla serwera gry lub integracji (Zarządzanie serwerem)",
    },
    "server-link create name": { description: "Do czego służy, np. serwer-survival" },
    "server-link create whitelist": {
      description: "Ogranicz go do jednej whitelisty (domyślnie: cały serwer)",
    },
    "server-link create may-remove": {
      description: "Czy może usuwać nicki? False dla strony www lub panelu (domyślnie: true)",
    },
    "server-link revoke": { description: "Natychmiast unieważnij klucz połączenia (Zarządzanie serwerem)" },
    "* id": { description: "Id połączenia (pokazane przy tworzeniu i w /server-link list)" },
    "server-link webhook": {
      description: "Wysyłaj zdarzenia tego połączenia na URL albo przestań (Zarządzanie serwerem)",
    },
    "server-link webhook url": {
      description: "URL http(s), na który wysyłać zdarzenia (POST); pomiń, by usunąć",
    },
    "server-link list": {
      description: "Pokaż klucze połączenia i webhooki serwera (Zarządzanie serwerem)",
    },
    texts: {
      description: "Napisz po swojemu, co czytają członkowie, i język bota tutaj (Zarządzanie serwerem)",
    },
    "texts list": {
      description:
        "Teksty, które możesz napisać po swojemu, tak jak członkowie je czytają (Zarządzanie serwerem)",
    },
    "texts set": {
      description:
        "Napisz po swojemu tekst, który czytają członkowie, z jego {polami} (Zarządzanie serwerem)",
    },
    "* text": { description: "Który tekst czytany przez członków" },
    "* text public.registered": { name: "zarejestrowano: odpowiedź na rejestrację" },
    "* text public.refused": { name: "odrzucono: prośba, której administracja nie zaakceptowała" },
    "* text public.approved": { name: "zaakceptowano: prośba zaakceptowana przez administrację" },
    "* text public.removed": { name: "usunięto: nick zdjęty z whitelisty" },
    "texts set wording": { description: "Tekst; pola w nawiasach klamrowych, np. {nick} i {whitelist}" },
    "texts preview": {
      description: "Zobacz tekst tak, jak czytają go członkowie, albo wypróbuj wersję (Zarządzanie serwerem)",
    },
    "texts preview wording": { description: "Wersja do wypróbowania; nic nie jest zapisywane" },
    "texts reset": { description: "Przywróć domyślną treść tekstu (Zarządzanie serwerem)" },
    "texts language": {
      description: "Język tego, co czytają tu wszyscy: logi, prośby (Zarządzanie serwerem)",
    },
    "texts language language": { description: "Jeden z języków bota albo język serwera w Discordzie" },
    "texts language language discord": { name: "język serwera w Discordzie" },
  },
} satisfies CommandFile;
