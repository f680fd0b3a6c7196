import type { CommandFile } from "../../messages.ts";

/** German: its command localizations (its messages: ../de.ts). */
export const de = {
  commands: {
    whitelist: { description: "Die Minecraft-Whitelists des Servers verwalten" },
    "whitelist create": {
      description: "Eine Whitelist anlegen, die an einen Kanal gebunden ist (Server verwalten)",
    },
    "whitelist create name": {
      description: "1-32 Buchstaben, Ziffern, - oder _ (eindeutig auf diesem Server)",
    },
    "* channel": { description: "Der Kanal, in dem sich Mitglieder registrieren" },
    "whitelist create nick-type": { description: "Welche Nicks sie annimmt" },
    "* nick-type java": { name: "java: Java Edition, Premium-Status wird geprüft" },
    "* nick-type premium": { name: "premium: nur gekaufte Java-Accounts" },
    "* nick-type offline": { name: "offline: Java-Schreibweise, nie geprüft" },
    "* nick-type bedrock": { name: "bedrock: Xbox-Gamertag (Floodgate)" },
    "* mode": { description: "Wie sich Mitglieder registrieren" },
    "* mode command": { name: "command: Mitglieder nutzen /registrieren" },
    "* mode message": { name: "message: Mitglieder posten ihren Nick im Kanal" },
    "* mode approval": { name: "approval: /registrieren stellt eine Anfrage, die das Team annimmt" },
    "* max-nicks": { description: "Wie viele Nicks ein Mitglied registrieren darf" },
    "* floodgate-prefix": {
      description: "Bedrock: dein Floodgate-username-prefix (Standard .); none für kein Präfix",
    },
    "* replace-spaces": {
      description:
        "Bedrock: dein Floodgate-replace-spaces (Standard True: Leerzeichen in Gamertags werden _)",
    },
    "* proof": {
      description: "Müssen Mitglieder nachweisen, dass ihnen der registrierte Account gehört, und wann?",
    },
    "* proof off": { name: "off: Mitglieder registrieren jeden Nick (Standard)" },
    "* proof required": {
      name: "required: Mitglieder weisen zuerst ihren Java-Account nach (java, premium)",
    },
    "* proof first-join": {
      name: "first-join: nachgewiesen beim ersten Betreten des Spielservers (java, premium, bedrock)",
    },
    "* proof-window": {
      description:
        "Bei proof first-join: wie lange ein neuer Nick auf seinen Nachweis wartet, 10m bis 30d (Standard 1d)",
    },
    "whitelist edit": { description: "Die Einstellungen einer Whitelist ändern (Server verwalten)" },
    "* whitelist": { description: "Die Whitelist (ihr Name oder ihre ID)" },
    "whitelist edit name": { description: "Ein neuer Name (1-32 Buchstaben, Ziffern, - oder _)" },
    "whitelist edit enabled": {
      description: "False schließt Registrierungen; die Nicks werden weiter ausgeliefert",
    },
    "whitelist edit remove-on-leave": {
      description: "Die Nicks eines Mitglieds entfernen, wenn es den Server verlässt",
    },
    "whitelist edit entry-lifetime": {
      description: "Eigene Registrierungen laufen nach 30m, 12h, 7d… ab (bis 366d); none: nie",
    },
    "whitelist edit on-role-loss": {
      description: "Die Nicks eines Mitglieds, wenn es keine erforderliche Rolle mehr hat",
    },
    "whitelist edit on-role-loss remove": { name: "remove: seine Nicks gehen (Standard)" },
    "whitelist edit on-role-loss keep": { name: "keep: seine Nicks bleiben" },
    "whitelist edit nickname": {
      description:
        "Server-Nicknames der Mitglieder folgen ihrem Nick: {discord} ({mc}), {mc}…; none: unverändert",
    },
    "whitelist delete": {
      description:
        "Eine Whitelist, ihre Nicks und die auf sie begrenzten Link-Schlüssel löschen (Server verwalten)",
    },
    "whitelist delete confirm": {
      description: "True, um wirklich zu löschen; ohne siehst du nur, was wegfiele",
    },
    "whitelist list": { description: "Die Whitelists dieses Servers auflisten" },
    "whitelist show": { description: "Einstellungen und Rollen einer Whitelist zeigen" },
    "whitelist roles": {
      description:
        "Erforderliche, vergebene und Verwalter-Rollen einer Whitelist bearbeiten (Server verwalten)",
    },
    "whitelist roles add-required": {
      description: "Rolle hinzufügen: erforderlich (eine davon erlaubt die Registrierung)",
    },
    "whitelist roles remove-required": { description: "Eine Rolle aus den erforderlichen Rollen entfernen" },
    "whitelist roles add-granted": { description: "Rolle hinzufügen: bei Registrierung vergeben" },
    "whitelist roles remove-granted": { description: "Eine Rolle aus den vergebenen Rollen entfernen" },
    "whitelist roles add-manager": {
      description: "Rolle hinzufügen: Verwalter (Nicks aller hinzufügen und entfernen)",
    },
    "whitelist roles remove-manager": { description: "Eine Rolle aus den Verwalter-Rollen entfernen" },
    "whitelist roles clear": {
      description: "Eine Liste leeren, oder alle Rollen-Limits (vor jedem Hinzufügen)",
    },
    "whitelist roles clear required": { name: "erforderliche Rollen" },
    "whitelist roles clear granted": { name: "vergebene Rollen" },
    "whitelist roles clear manager": { name: "Verwalter-Rollen" },
    "whitelist roles clear limits": { name: "Rollen-Limits" },
    "whitelist roles limit": {
      description: "Nick-Limit einer Rolle: <Rolle>=<n> (1-100), oder <Rolle>=none zum Aufheben",
    },
    "whitelist add": { description: "Einen Nick für ein Mitglied registrieren (Whitelist-Team)" },
    "whitelist add member": { description: "Wem der Nick gehört" },
    "whitelist add nick": { description: "Sein Minecraft-Nick" },
    "whitelist add expires": {
      description: "Ihn nach 30m, 12h, 7d… selbst entfernen (1 Minute bis 366 Tage); Standard: nie",
    },
    "whitelist guest": {
      description:
        "Einen Spieler, der nicht auf diesem Discord-Server ist, auf die Whitelist setzen (Whitelist-Team)",
    },
    "whitelist guest nick": { description: "Sein Minecraft-Nick" },
    "whitelist guest note": {
      description: "Wer er ist, für das Team, das den Nick später sieht (wessen Freund, welches Event)",
    },
    "whitelist guest expires": {
      description: "Ihn nach 30m, 12h, 7d… selbst entfernen (1 Minute bis 366 Tage); Standard: nie",
    },
    "whitelist remove": {
      description: "Einen Nick von einer Whitelist entfernen (sein Besitzer oder das Team)",
    },
    "* nick": { description: "Der Nick, in beliebiger Groß-/Kleinschreibung" },
    "whitelist export": { description: "Eine Whitelist als Server-Datei herunterladen (Whitelist-Team)" },
    "whitelist export format": { description: "Welche Datei" },
    "whitelist export format plain": { name: "plain: whitelist.txt, ein Nick pro Zeile" },
    "whitelist export format easywhitelist": { name: "easywhitelist: config.yml des Plugins EasyWhitelist" },
    "whitelist export format vanilla": { name: "vanilla: die whitelist.json von Minecraft" },
    "whitelist export format bds": { name: "bds: allowlist.json des Bedrock Dedicated Server" },
    "whitelist import": {
      description:
        "Eine whitelist.json, eine Nick-Liste oder eine EasyWhitelist-config.yml importieren (Team)",
    },
    "whitelist import file": { description: "Die Datei, bis 1 MiB und 10.000 Namen" },
    "whitelist import member": { description: "Wem die Nicks gehören (Standard: dir; später übergeben)" },
    "whitelist import dry-run": { description: "Nur berichten, was passieren würde; nichts ändern" },
    "whitelist transfer": { description: "Einen Nick einem anderen Mitglied übergeben (Whitelist-Team)" },
    "whitelist transfer member": { description: "Wem der Nick ab jetzt gehört" },
    "whitelist transfer whitelist": {
      description: "Welche Whitelist (Standard: die dieses Kanals, oder die einzige des Servers)",
    },
    "whitelist log-channel": {
      description: "Wählen, wohin ich Änderungen und Freigabe-Anfragen logge (Server verwalten)",
    },
    "whitelist log-channel channel": { description: "Der Log-Kanal; weglassen, um das Loggen zu beenden" },
    "whitelist ban-sync": {
      description:
        "Ein Bann auf Discord sperrt die Nicks des Gebannten; Entbannen hebt das auf (Server verwalten)",
    },
    "whitelist ban-sync enabled": { description: "True: ein Bann wirkt auf die Whitelists; false: nicht" },
    "whitelist deny": {
      description: "Einen Nick auf einer Whitelist sperren und ihn entfernen, falls er dort steht (Team)",
    },
    "whitelist deny nick": { description: "Der zu sperrende Minecraft-Nick (Bedrock: der Gamertag)" },
    "whitelist deny reason": { description: "Warum: wird jedem gezeigt, der ihn registrieren will" },
    "whitelist undeny": { description: "Einen gesperrten Nick auf einer Whitelist wieder erlauben (Team)" },
    "whitelist undeny nick": { description: "Der gesperrte Nick" },
    "whitelist whois": {
      description:
        "Wem ein Nick gehört: Besitzer, von wem, wann, wie, Ablauf (Team; Mitglieder: eigene Nicks)",
    },
    "whitelist whois nick": {
      description: "Der Nick, beliebige Schreibweise (Bedrock: der Gamertag oder der Name im Spiel)",
    },
    "whitelist whois whitelist": {
      description: "Nur diese Whitelist (Standard: alle Whitelists des Servers)",
    },
    "whitelist member": {
      description: "Die Nicks eines Mitglieds auf allen Whitelists (Team; Mitglieder: sich selbst)",
    },
    "whitelist member user": { description: "Wessen Nicks" },
    "whitelist ranks": { description: "Spielgruppen (Ränge), die Discord-Rollen folgen" },
    "whitelist ranks add": {
      description: "Inhaber einer Rolle auf den Servern in eine Spielgruppe stecken (Server verwalten)",
    },
    "whitelist ranks add group": {
      description: "Die Spielgruppe, wie LuckPerms sie nennt (1-36 Zeichen a-z 0-9 _ - . +)",
    },
    "whitelist ranks add role": {
      description: "Eine Rolle (auch verwaltete; @everyone: alle auf der Whitelist)",
    },
    "whitelist ranks add members": {
      description: "Statt einer Rolle: alle auf der Whitelist oder ihre bestätigten Konten",
    },
    "* members everyone": { name: "alle auf der Whitelist" },
    "* members verified": { name: "bestätigte Konten (vom Besitzer bewiesen)" },
    "whitelist ranks remove": {
      description: "Inhaber einer Rolle nicht mehr in eine Spielgruppe stecken (Server verwalten)",
    },
    "whitelist ranks remove group": { description: "Die Spielgruppe" },
    "whitelist ranks remove role": {
      description: "Nur die Zuordnung dieser Rolle (keine Option: alle der Gruppe)",
    },
    "whitelist ranks remove members": {
      description: "Nur die Zuordnung von allen oder von bestätigten Konten",
    },
    "whitelist ranks list": {
      description: "Welchen Spielgruppen die Rollen einer Whitelist zugeordnet sind",
    },
    "whitelist form": { description: "Die Fragen, die Mitglieder bei der Registrierung beantworten" },
    "whitelist form set": {
      description: "Eine Frage des Formulars einer Whitelist festlegen (Server verwalten)",
    },
    "whitelist form set number": { description: "Welche Frage, 1-5 (nach der letzten: eine neue am Ende)" },
    "whitelist form set question": { description: "Was Mitglieder über dem Eingabefeld lesen" },
    "whitelist form set style": { description: "Eine Zeile (Standard) oder ein Absatz" },
    "whitelist form set style short": { name: "short: eine Zeile" },
    "whitelist form set style paragraph": { name: "paragraph: mehrere Zeilen" },
    "whitelist form set required": { description: "Ob sie beantwortet werden muss (Standard: ja)" },
    "whitelist form set min-length": {
      description: "Wie viele Zeichen eine Antwort mindestens hat (Standard 0)",
    },
    "whitelist form set max-length": {
      description: "Höchstens so viele Zeichen (Standard: 100 für eine Zeile, 1000 für einen Absatz)",
    },
    "whitelist form set hint": { description: "Grauer Text im leeren Feld, z. B. eine Beispielantwort" },
    "whitelist form remove": {
      description: "Eine Frage aus dem Formular einer Whitelist entfernen (Server verwalten)",
    },
    "whitelist form remove number": { description: "Welche Frage, 1-5" },
    "whitelist form clear": {
      description: "Das Formular einer Whitelist entfernen: Registrierung ohne Fragen (Server verwalten)",
    },
    "whitelist form show": { description: "Die Fragen, die eine Whitelist bei der Registrierung stellt" },
    "whitelist form preview": {
      description:
        "Das Formular einer Whitelist so öffnen, wie Mitglieder es sehen; nichts wird gesendet (Team)",
    },
    "whitelist form retention": {
      description:
        "Wie viele Tage Formularantworten nach der Entscheidung aufbewahrt werden (Server verwalten)",
    },
    "whitelist form retention days": {
      description: "0-365 (0: nur solange eine Anfrage wartet; Standard 30)",
    },
    register: {
      name: "registrieren",
      description: "Deinen Minecraft-Nick auf eine Whitelist setzen (oder den Code vom Link-Server)",
    },
    "register nick": { description: "Dein Minecraft-Nick" },
    "register whitelist": {
      description: "Welche Whitelist (Standard: die dieses Kanals, oder die einzige des Servers)",
    },
    "register code": {
      description: "Statt eines Nicks: der Code, den dir der Link-Server zeigte, z. B. K7QX-29MD",
    },
    unregister: { name: "abmelden", description: "Einen Minecraft-Nick von einer Whitelist nehmen" },
    "unregister nick": { description: "Der zu entfernende Nick" },
    "unregister whitelist": {
      description: "Welche Whitelist (Standard: die dieses Kanals, oder die einzige des Servers)",
    },
    link: {
      name: "verknüpfen",
      description: "Nachweisen, dass ein Minecraft-Java-Account dir gehört: der Code vom Link-Server",
    },
    "link code": {
      description: "Der Code, den der Link-Server zeigte, z. B. K7QX-29MD (ohne: wie du einen bekommst)",
    },
    unlink: { name: "trennen", description: "Einen mit dir verknüpften Minecraft-Java-Account vergessen" },
    "unlink account": { description: "Sein Name (Standard: dein einziger verknüpfter Account)" },
    "unlink member": {
      description: "Team (Server verwalten): stattdessen den Account dieses Mitglieds trennen",
    },
    "server-link": {
      description: "Link-Schlüssel und Webhooks für Game-Server und Integrationen (Server verwalten)",
    },
    "server-link create": {
      description: "Einen Schlüssel für einen Game-Server oder eine Integration erstellen (Server verwalten)",
    },
    "server-link create name": { description: "Wofür er ist, z. B. survival-server" },
    "server-link create whitelist": {
      description: "Auf eine Whitelist begrenzen (Standard: der ganze Server)",
    },
    "server-link create may-remove": {
      description: "Darf er Nicks entfernen? False für eine Webseite oder ein Dashboard (Standard: true)",
    },
    "server-link revoke": { description: "Einen Link-Schlüssel sofort widerrufen (Server verwalten)" },
    "* id": { description: "Die ID des Links (beim Erstellen und in /server-link list gezeigt)" },
    "server-link webhook": {
      description: "Die Ereignisse dieses Links an eine URL posten, oder aufhören (Server verwalten)",
    },
    "server-link webhook url": {
      description: "http(s)-URL, an die Ereignisse gepostet werden; weglassen zum Entfernen",
    },
    "server-link list": {
      description: "Die Link-Schlüssel und Webhooks des Servers auflisten (Server verwalten)",
    },
    texts: {
      description: "Formuliere, was Mitglieder lesen, und die Sprache des Bots hier (Server verwalten)",
    },
    "texts list": {
      description:
        "Die Texte, die du selbst formulieren kannst, wie Mitglieder sie jetzt lesen (Server verwalten)",
    },
    "texts set": {
      description:
        "Einen Text, den Mitglieder lesen, selbst formulieren, mit seinen {Platzhaltern} (Server verwalten)",
    },
    "* text": { description: "Welchen Text Mitglieder lesen" },
    "* text public.registered": { name: "registriert: die Antwort auf eine Registrierung" },
    "* text public.refused": { name: "abgelehnt: eine Anfrage, die das Team nicht angenommen hat" },
    "* text public.approved": { name: "angenommen: eine Anfrage, die das Team angenommen hat" },
    "* text public.removed": { name: "entfernt: ein von einer Whitelist genommener Nick" },
    "texts set wording": {
      description: "Der Text; Platzhalter in geschweiften Klammern, z. B. {nick} und {whitelist}",
    },
    "texts preview": {
      description:
        "Einen Text so sehen, wie Mitglieder ihn lesen, oder einen Wortlaut testen (Server verwalten)",
    },
    "texts preview wording": { description: "Ein Wortlaut zum Testen; nichts wird gespeichert" },
    "texts reset": { description: "Den Standard-Wortlaut eines Textes zurückholen (Server verwalten)" },
    "texts language": {
      description: "Die Sprache dessen, was hier alle lesen: Log, Freigabe-Posts (Server verwalten)",
    },
    "texts language language": {
      description: "Eine der Sprachen des Bots, oder die Sprache des Servers in Discord",
    },
    "texts language language discord": { name: "die Sprache des Servers in Discord" },
  },
} satisfies CommandFile;
