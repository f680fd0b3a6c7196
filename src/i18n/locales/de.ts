import type { LanguageFile } from "../messages.ts";

// Deutsch. Minecraft- und Discord-Begriffe so, wie deutsche Communities sie nutzen: Whitelist, Nick, Gamertag,
// Server, Rolle. Befehle: /registrieren, /abmelden, /verknüpfen, /trennen; die Optionen heißen wie im Englischen.

/** German: its messages (its command localizations: ./commands/de.ts). */
export const de = {
  messages: {
    "common.apology":
      "Bei uns ist etwas schiefgelaufen; es wurde protokolliert. Versuch es später noch einmal.",
    "common.dmOnly": "whitelist-sync funktioniert auf einem Server, nicht in Direktnachrichten.",
    "common.unknownCommand":
      "Dieser Befehl ist (nicht mehr) bekannt; versuch es in einer Minute noch einmal.",
    "common.unknownSubcommand":
      "Dieser Unterbefehl ist (nicht mehr) bekannt; versuch es in einer Minute noch einmal.",
    "common.buttonInactive": "Dieser Button ist nicht mehr aktiv.",
    "common.needsManageGuild":
      "Das dürfen nur Mitglieder mit der Berechtigung „Server verwalten“. Bitte einen Server-Admin, es auszuführen.",
    "common.oneOf": "{option} muss eines von {allowed} sein.",
    "common.andMore": "… und {count} weitere.",
    "common.none": "keine",
    "common.verbatim": "{text}",
    "common.dash": "—",

    "error.notManager":
      "Das darf nur das Team von {whitelist} (Server verwalten oder eine seiner Verwalter-Rollen).",
    "error.closed":
      "{whitelist} nimmt gerade keine Registrierungen an. Frag das Team, wann sie wieder öffnet.",
    "error.missingRole.self":
      "Um dich auf {whitelist} zu registrieren, brauchst du eine ihrer erforderlichen Rollen.",
    "error.missingRole.approval": "Dieses Mitglied hat keine der Rollen mehr, die {whitelist} verlangt.",
    "error.missingRole.staff":
      "Dieses Mitglied hat keine der Rollen, die {whitelist} verlangt, und ihre Nicks folgen diesen Rollen (on-role-loss: remove): ein für es eingetragener Nick würde sofort wieder entfernt.",
    "error.denied": "{nick} ist auf {whitelist} gesperrt{as}{reason}.",
    "error.denied.as": " (als {nick})",
    "error.denied.reason": ": {reason}",
    "error.taken.spelled":
      "{nick} steht bereits auf {whitelist}, genau so geschrieben. {spelling} Wenn es nicht deiner ist, registriere einen anderen Nick.",
    "error.taken":
      "{nick} steht bereits auf {whitelist}. Wenn es deiner ist, bitte das Team, es zu prüfen; sonst registriere einen anderen Nick.",
    "error.takenJustNow": "{nick} wurde gerade von jemand anderem auf {whitelist} registriert.",
    "error.takenPlain": "{nick} steht bereits auf {whitelist}.",
    "error.limit.self": "Du hast bereits {held} auf {whitelist}, das Maximum ({max}).",
    "error.limit.other": "Dieses Mitglied hat bereits {held} auf {whitelist}, das Maximum ({max}).",
    "error.limit.nicks": { one: "{count} Nick", other: "{count} Nicks" },
    "error.limit.withWaiting": {
      one: "{count} Nick registriert oder in Prüfung",
      other: "{count} Nicks registriert oder in Prüfung",
    },
    "error.pending":
      "Du hast {nick} auf {whitelist} bereits angefragt; das Team prüft es bald. Du musst nicht erneut fragen.",
    "error.wrongMode.approval": "Registrierungen auf {whitelist} brauchen eine Freigabe durch das Team.",
    "error.wrongMode.direct": "{whitelist} braucht keine Freigabe.",
    "error.linkedElsewhere.self":
      "{nick} gehört einem anderen Mitglied dieses Servers, das nachgewiesen hat, dass es ihm gehört: nur es kann ihn registrieren.",
    "error.linkedElsewhere.other":
      "{nick} gehört einem anderen Mitglied dieses Servers, das nachgewiesen hat, dass es ihm gehört: er kann nur für dieses Mitglied registriert werden.",
    "error.proof.notPremium":
      "{whitelist} nimmt nur nachgewiesene Accounts, und {nick} ist kein Premium-Account: niemand kann ihn nachweisen.",
    "error.proof.self":
      "{whitelist} nimmt nur nachgewiesene Accounts: weise zuerst nach, dass {nick} dir gehört.",
    "error.proof.other":
      "{whitelist} nimmt nur nachgewiesene Accounts, und dieses Mitglied hat nicht nachgewiesen, dass {nick} ihm gehört.",
    "error.notOwner":
      "{nick} auf {whitelist} gehört einem anderen Mitglied; nur es selbst oder das Team kann ihn entfernen.",
    "error.memberLeft.register":
      "Dieses Mitglied ist nicht mehr auf dem Server; es wurde nichts registriert.",
    "error.memberLeft.transfer": "Dieses Mitglied ist nicht mehr auf dem Server; es wurde nichts übergeben.",
    "error.notOn": "{nick} steht nicht auf {whitelist}. Prüf die Schreibweise und versuch es noch einmal.",
    "error.notOnPlain": "{nick} steht nicht auf {whitelist}.",
    "error.thatNick": "Dieser Nick",
    "error.goneMeanwhile":
      "{nick} wurde inzwischen von {whitelist} entfernt oder übergeben; es wurde nichts geändert.",
    "error.nick.empty": "Der Nick ist leer. {rule}",
    "error.nick.invalid": "„{nick}“ ist kein gültiger Nick. {rule}",
    "error.nick.javaRule":
      "Ein Minecraft-Java-Nick hat 3-16 Zeichen: Buchstaben A-Z, Ziffern 0-9 und `_`, ohne Leerzeichen. Prüf die Schreibweise und versuch es noch einmal.",
    "error.nick.bedrockRule":
      "Ein Bedrock-(Xbox-)Gamertag hat 1-16 Buchstaben A-Z, Ziffern und einzelne Leerzeichen und beginnt nicht mit einer Ziffer (gib ihn wie auf Xbox ein, oder wie das Spiel ihn mit Präfix und `_` zeigt). Prüf die Schreibweise und versuch es noch einmal.",
    "error.notPremium":
      "{nick} ist kein Premium-Minecraft-Account (gekauft), und {whitelist} nimmt nur Premium-Accounts. Prüf die Schreibweise oder registriere den Nick deines Premium-Accounts.",
    "error.gamertagUnknown":
      "Kein Xbox-Account hat den Gamertag {gamertag}. Prüf die Schreibweise in deinem Xbox-Profil und versuch es noch einmal.",
    "error.mojangDown": "Mojang ist gerade nicht erreichbar; versuch es in einer Minute noch einmal.",
    "error.geyserDown":
      "Die Gamertag-Abfrage von GeyserMC ist gerade nicht erreichbar; versuch es in einer Minute noch einmal.",
    "error.storeBusy":
      "Die Datenbank ist belegt (ein anderes Programm hält sie); es wurde nichts geändert. Versuch es in ein paar Sekunden noch einmal.",
    "error.storeDown":
      "Die Datenbank ist nicht erreichbar oder belegt; es wurde nichts geändert. Versuch es in ein paar Sekunden noch einmal.",
    "error.storeSlow":
      "Die Datenbank hat nicht innerhalb von {ms} ms geantwortet{detail}. Versuch es in ein paar Sekunden noch einmal.",
    "error.whitelist.unknown": "Auf diesem Server gibt es keine Whitelist „{name}“.",
    "error.whitelist.none": "Dieser Server hat noch keine Whitelist.",
    "error.whitelist.which": "Welche Whitelist? Dieser Server hat {names}.",
    "error.whitelist.gone": "Diese Whitelist gibt es nicht.",
    "error.whitelist.justDeleted": "Diese Whitelist wurde gerade gelöscht.",
    "error.request.gone":
      "Diese Anfrage gibt es nicht mehr (ihre Whitelist wurde vielleicht gelöscht). Das Mitglied kann erneut fragen.",
    "error.request.deciding": "Ein anderes Teammitglied entscheidet gerade über diese Anfrage.",
    "error.request.decided.approved": "Diese Anfrage wurde bereits angenommen; nichts zu tun.",
    "error.request.decided.rejected": "Diese Anfrage wurde bereits abgelehnt; nichts zu tun.",
    "error.request.decided.cancelled": "Diese Anfrage wurde bereits abgebrochen; nichts zu tun.",
    "error.request.notYours":
      "Nur das Mitglied, das gefragt hat, oder das Team kann diese Anfrage zurückziehen.",
    "error.request.noLogChannel":
      "{whitelist} braucht eine Freigabe durch das Team, aber Anfragen können in keinen Log-Kanal gepostet werden.",
    "error.code.malformed":
      "Das ist kein Code: ein Code hat 8 Buchstaben und Ziffern, wie K7QX-29MD, und wird angezeigt, wenn du den Link-Server betrittst (oder den Spielserver, der dich bittet, dein Konto zu beweisen).",
    "error.code.limited":
      "Zu viele Codes, die nicht funktioniert haben: warte, bevor du den nächsten eingibst.",
    "error.code.wrong": "Diesen Code gibt es nicht: prüf ihn und gib ihn noch einmal ein.",
    "error.code.expired":
      "Dieser Code ist abgelaufen (Codes gelten 10 Minuten): betritt den Link-Server erneut für einen neuen.",
    "error.code.reused": "Dieser Code wurde schon benutzt: betritt den Link-Server erneut für einen neuen.",
    "error.code.expired.firstJoin":
      "Dieser Code ist abgelaufen (Codes gelten 10 Minuten): betritt den Spielserver erneut für einen neuen.",
    "error.code.reused.firstJoin":
      "Dieser Code wurde schon benutzt: betritt den Spielserver erneut für einen neuen.",
    "error.code.foreign.server":
      "Dieser Code beweist eine Registrierung auf einem anderen Discord-Server: gib ihn dort ein.",
    "error.code.foreign.member":
      "Dieser Code beweist die Registrierung eines anderen Mitglieds: nur das Mitglied, das dieses Konto registriert hat, kann ihn eingeben.",
    "error.code.held":
      "{account} ist mit einem anderen Mitglied dieses Servers verknüpft, das ihn vor dir nachgewiesen hat. Wenn der Account jetzt dir gehört, bitte es, die Verknüpfung zu lösen, oder frag das Team.",
    "error.code.notJava":
      "{whitelist} nimmt {nickType}-Nicks, und ein Code weist einen Java-Account nach. Verknüpfe ihn stattdessen mit /verknüpfen, oder registriere dich auf einer java- oder premium-Whitelist.",
    "error.unlink.notStaff":
      "Nur das Team mit „Server verwalten“ kann den Account eines anderen Mitglieds trennen.",
    "error.unlink.none.self": "Du hast auf diesem Server keinen verknüpften Account.",
    "error.unlink.none.other": "Dieses Mitglied hat auf diesem Server keinen verknüpften Account.",
    "error.unlink.noneNamed.self": "Du hast auf diesem Server keinen verknüpften Account {account}.",
    "error.unlink.noneNamed.other":
      "Dieses Mitglied hat auf diesem Server keinen verknüpften Account {account}.",
    "error.unlink.several.self": "Du hast {count} verknüpfte Accounts ({accounts}): nenn einen davon.",
    "error.unlink.several.other":
      "Dieses Mitglied hat {count} verknüpfte Accounts ({accounts}): nenn einen davon.",
    "error.unlink.gone": "{account} ist nicht mehr verknüpft.",
    "error.transfer.proven":
      "{nick} wurde vom Mitglied nachgewiesen, dem er gehört. Ein anderes Mitglied bekommt ihn, indem es den Account selbst nachweist; das überträgt ihn.",
    "error.transfer.same": "{nick} auf {whitelist} gehört bereits diesem Mitglied.",
    "error.lookup.others":
      "{nick} auf {whitelists} gehört einem anderen Mitglied; nur das Team dieser Whitelist sieht, wem.",
    "error.lookup.notStaff":
      "Nur das Team kann die Nicks anderer Mitglieder nachschlagen; deine eigenen kannst du nachschlagen.",
    "error.deny.reasonTooLong": "Ein Grund hat höchstens {max} Zeichen.",
    "error.guest.noteTooLong": "Eine Gastnotiz hat höchstens {max} Zeichen.",
    "error.key.notFound": "Keine aktive Verbindung mit der ID {id}.",
    "error.rank.group":
      "Der Name einer Spielgruppe besteht aus 1 bis {max} Zeichen a-z 0-9 _ - . + (Gruppennamen von LuckPerms, kleingeschrieben); „{given}“ ist keiner.",
    "error.rank.holder":
      "Ein Rang nennt eine Rolle, alle auf der Whitelist oder ihre bestätigten Konten; „{given}“ ist nichts davon.",
    "error.rank.tooMany":
      "Eine Whitelist ordnet höchstens {max} Rollen Spielgruppen zu: entferne zuerst eine (`/whitelist ranks remove`).",
    "error.roleLimit.notRole": "Ein Rollenlimit braucht eine Rollen-ID; „{given}“ ist keine.",
    "error.roleLimit.everyone":
      "@everyone kann kein eigenes Nick-Limit haben: jedes Mitglied hat diese Rolle. Setze das Limit für alle mit `{command}`.",
    "error.roleLimit.range":
      "Das Nick-Limit einer Rolle ist eine ganze Zahl von 1 bis {max} (erhalten: {given}).",
    "error.deny.notDenied": "{nick} ist auf {whitelist} nicht gesperrt; es gibt nichts aufzuheben.",
    "error.memberUnknown":
      "<@{userId}> ist (nicht mehr) Mitglied dieses Servers, also kann für es nichts registriert werden.",
    "error.download": "Ich konnte {file} nicht von Discord herunterladen ({reason}); versuch es noch einmal.",
    "error.download.tooSlow": "es hat zu lange gedauert",
    "error.download.status": "Status {status}",

    "failure.missingRole.self":
      "Um dich auf {whitelist} zu registrieren, brauchst du eine dieser Rollen: {roles}. Frag das Team nach einer und versuch es dann noch einmal.",
    "failure.missingRole.approval":
      "Dieses Mitglied hat keine der Rollen mehr, die {whitelist} verlangt ({roles}). Gib ihm eine und nimm erneut an, oder lehne die Anfrage ab.",
    "failure.missingRole.staff":
      "Dieses Mitglied hat keine der Rollen, die {whitelist} verlangt ({roles}), und ihre Nicks folgen diesen Rollen: ein für es eingetragener Nick würde sofort wieder entfernt. Gib ihm zuerst eine der Rollen, oder behalte Nicks bei Rollenverlust mit `/whitelist edit on-role-loss:keep`.",
    "failure.limit.self": "{refusal} Entferne zuerst einen mit /abmelden.",
    "failure.limit.staff":
      "{refusal} Entferne zuerst einen, oder erhöhe das Limit mit /whitelist edit (max-nicks) oder das einer Rolle mit /whitelist roles (limit).",
    "failure.wrongMode.approval":
      "Registrierungen auf {whitelist} brauchen eine Freigabe durch das Team: nutze /registrieren, und das Team prüft es.",
    "failure.wrongMode.direct":
      "{whitelist} braucht keine Freigabe: registriere dich direkt mit /registrieren.",
    "failure.noWhitelist":
      "Dieser Server hat noch keine Whitelist. Bitte das Team, eine mit /whitelist create anzulegen.",
    "failure.unknownWhitelist": "{refusal} Wähl einen der Namen, die der Befehl vorschlägt.",
    "failure.whichWhitelist":
      "Welche Whitelist? Dieser Server hat {names}: nenn eine in der Option `whitelist`, oder führ den Befehl im Kanal einer Whitelist aus.",
    "failure.denied.self":
      "⛔ Das Team hat {nick} auf {whitelist} gesperrt{as}.{reason}\nRegistriere einen anderen Nick, oder frag das Team, wenn du das für einen Fehler hältst.",
    "failure.denied.staff":
      "⛔ {nick} ist auf {whitelist} gesperrt{as}.{reason}\nHeb die Sperre zuerst mit /whitelist undeny auf, wenn er registriert werden soll.",
    "failure.denied.as": " (als {nick})",
    "failure.denied.reason": " Grund: {reason}",
    "failure.noLogChannel":
      "{whitelist} braucht eine Freigabe durch das Team, aber ich kann Anfragen in keinen Log-Kanal posten. Bitte das Team, einen mit /whitelist log-channel festzulegen, und versuch es dann noch einmal.",
    "failure.formRequired":
      "{whitelist} stellt zuerst ein paar Fragen, die eine Nachricht nicht zeigen kann: nutze `/registrieren` in {channel} und beantworte sie dort.",
    "failure.proofRequired": "🔒 {refusal}\n{how}",
    "failure.proofRequired.then": "gib hier `/registrieren code:<code> whitelist:{whitelist}` ein",
    "failure.code.lastTry": " Das war vorerst dein letzter Versuch.",
    "failure.code.triesLeft": {
      one: " Noch {count} Versuch bis zu einer Wartezeit.",
      other: " Noch {count} Versuche bis zu einer Wartezeit.",
    },
    "failure.code.linkServer": " Der Link-Server ist `{address}`.",
    "failure.code.limited": "⏳ {refusal} Versuch es {when} wieder.",

    "proof.off":
      "Das Nachweisen eines Accounts ist auf diesem Dienst noch nicht eingerichtet (sein Link-Server ist aus): frag das Team.",
    "proof.how":
      "Füge in Minecraft: Java Edition den Server `{address}` hinzu und betritt ihn mit diesem Account: du kommst in keine Welt, dir wird ein Code angezeigt. Dann {then}, innerhalb von 10 Minuten.",
    "proof.linkedLine": "**{account}** (UUID `{uuid}`), nachgewiesen {when}",
    "proof.linked":
      "🔗 **{account}** ist auf diesem Server mit dir verknüpft: du hast nachgewiesen, dass er dir gehört.",
    "proof.took":
      "Andere Mitglieder hatten ihn auf {whitelists}; diese Nicks wurden entfernt, da du nachgewiesen hast, dass er dir gehört (das Team sieht den Grund im Log).",
    "proof.within":
      "✅ Du hast auf dem Spielserver, der dir den Code gezeigt hat, nachgewiesen, dass **{account}** dir gehört: der Nachweis gilt nur für dessen Whitelist, daher ist das Konto auf diesem Server nicht mit dir verknüpft.",
    "proof.verified": "Dein **{account}** auf {whitelists} ist jetzt verifiziert.",
    "proof.firstJoin":
      "🔒 Beweise, dass **{nick}** dir gehört: betritt den Spielserver damit vor {until} ({in}). Du wirst mit einem Code getrennt: gib hier `/verknüpfen code:<code>` ein und betritt ihn dann erneut. Ohne Beweis bis dahin wird er entfernt.",
    "proof.firstJoin.staff":
      "🔒 Der Nick kommt sofort auf die Liste, bewiesen wird er beim ersten Betreten des Spielservers: der `sync`-Agent trennt das Mitglied per RCON mit einem Code, den es mit `/verknüpfen code:` eingibt. Nach {window} ohne Beweis wird er entfernt (Einträge des Teams brauchen keinen Beweis).",

    "link.status.title": "Account-Verknüpfung für {community}",
    "link.status.anyCommunity": "diese Discord-Community",
    "link.status.hint": "Tritt bei, um einen Code für Discord zu bekommen (du betrittst keine Welt)",
    "link.proven":
      "{name}, dein Account ist nachgewiesen.\nDein Code: {code}\nGib in Discord innerhalb von 10 Minuten {link} ein\n(oder {register}, um ihn auf eine Whitelist zu setzen).",
    "link.refused.version":
      "Dieser Server verknüpft Accounts von Minecraft Java {oldest} bis {newest}; dein Spiel spricht Protokoll {protocol}.\nTritt mit einer Version von {oldest} bis {newest} bei, um deinen Code zu bekommen.",
    "link.refused.name": "Das ist kein Name von Minecraft Java. Tritt mit deinem Premium-Java-Account bei.",
    "link.refused.rateLimited":
      "Zu viele Beitritte von deiner Adresse. Warte eine Minute, dann tritt erneut bei.",
    "link.refused.encryption":
      "Der Verschlüsselungs-Handshake ist fehlgeschlagen. Starte dein Spiel neu, dann tritt erneut bei.",
    "link.refused.notJoined":
      "Dein Account konnte bei Mojang nicht bestätigt werden.\nStarte Spiel und Launcher neu, dann tritt erneut bei (ein Premium-Java-Account ist nötig).",
    "link.refused.sessionUnavailable":
      "Dein Account konnte bei Mojang nicht bestätigt werden: sein Session-Server hat nicht geantwortet.\nTritt in einer Minute erneut bei.",
    "link.refused.sessionInvalid":
      "Dein Account konnte bei Mojang nicht geprüft werden: Die Antwort des Sitzungsservers war nicht lesbar.\nTritt in einer Minute erneut bei.",
    "link.refused.sessionMismatch":
      "Mojang hat einen anderen Account bestätigt als den, mit dem du beigetreten bist.\nStarte Spiel und Launcher neu und tritt dann mit deinem Premium-Java-Account erneut bei.",
    "link.refused.failed": "Bei uns ist etwas schiefgelaufen. Tritt in einer Minute erneut bei.",
    "link.refused.timeout": "Die Anmeldung hat zu lange gedauert. Tritt erneut bei.",

    "public.registered": "✅ **{nick}** steht auf **{whitelist}**. Du kannst den Server jetzt betreten.",
    "public.approved":
      "{member} ✅ deine Anfrage für **{nick}** auf **{whitelist}** wurde angenommen: du kannst jetzt beitreten.",
    "public.refused":
      "{member} deine Anfrage für **{nick}** auf **{whitelist}** wurde nicht angenommen. Frag das Team, wenn du wissen willst, warum.",
    "public.removed": "🗑️ **{nick}** steht nicht mehr auf **{whitelist}**.",

    "texts.refused.empty": "Der Wortlaut ist leer: schreib den Text, den Mitglieder lesen sollen.",
    "texts.refused.long": "Der Wortlaut ist {length} Zeichen lang; höchstens {max} werden gespeichert.",
    "texts.refused.brace":
      "Eine Klammer öffnet oder schließt keinen Platzhalter. Platzhalter sind ein Name in geschweiften Klammern: {allowed}.",
    "texts.refused.unknown": "Dieser Text hat keinen Platzhalter {unknown}. Er hat {allowed}.",
    "texts.name.public.registered": "registriert: die Antwort auf eine Registrierung",
    "texts.name.public.refused": "abgelehnt: eine Anfrage, die das Team nicht angenommen hat",
    "texts.name.public.approved": "angenommen: eine Anfrage, die das Team angenommen hat",
    "texts.name.public.removed": "entfernt: ein von einer Whitelist genommener Nick",
    "texts.saved":
      "✅ Mitglieder lesen jetzt deinen Wortlaut von **{name}**, egal in welcher Sprache. Mit Beispielwerten:\n{preview}\n`/texts reset` holt den Standard zurück.",
    "texts.preview": "**{name}** ({source}), mit Beispielwerten:\n{preview}\nSeine Platzhalter: {allowed}.",
    "texts.source.custom": "dein Wortlaut",
    "texts.source.default": "der Standard, auf {language}",
    "texts.reset": "↩️ **{name}** lautet wieder wie der Standard, in der Sprache jedes Lesers:\n{preview}",
    "texts.reset.none": "**{name}** war nicht umformuliert: er lautet bereits wie der Standard.",
    "texts.list":
      "Texte, die das Team selbst formulieren kann (`/texts set`), mit dem, was Mitglieder jetzt lesen:\n{texts}",
    "texts.list.item": "• **{name}** ({source}): {preview}",
    "texts.language.set":
      "✅ Was hier alle lesen (der Log-Kanal, Freigabe-Posts, Antworten im Nachrichtenmodus), ist ab jetzt auf {language}. Jedes Mitglied liest seine eigenen Antworten weiter in seiner Discord-Sprache.",
    "texts.language.discord":
      "✅ Was hier alle lesen, folgt der Sprache dieses Servers in Discord: jetzt {language}.",
    "texts.sample.nick": "Steve",
    "language.name": "Deutsch",
    "texts.sample.whitelist": "survival",

    "register.requested":
      "📨 Deine Anfrage für **{nick}** auf **{whitelist}** wurde an das Team geschickt. Du erfährst in {channel}, wie es entschieden hat; sonst musst du nichts tun.",
    "register.awaitingProof":
      "✅ **{nick}** steht auf **{whitelist}** und wartet darauf, dass du beweist, dass er dir gehört.",
    "register.verified": "🔗 Verifiziert: du hast nachgewiesen, dass dieser Account dir gehört.",
    "register.floodgateName": "So nennt Floodgate den Gamertag {gamertag} im Spiel.",
    "register.expires": "⏳ Er läuft {when} ab: {whitelist} behält Registrierungen nur für begrenzte Zeit.",
    "register.rolesWaiting":
      "🕒 Deine Rollen folgen gleich: Discord lässt einen Bot Rollen nur so schnell vergeben.",
    "register.rolesRefused":
      "Ich konnte dir {roles} nicht geben; das Team wurde informiert und kümmert sich darum.",
    "register.undo": "Doch anders überlegt? {command} entfernt ihn.",
    "register.nickOrCode":
      "Gib deinen Minecraft-Nick an (`nick`), oder den Code, den dir der Link-Server gezeigt hat (`code`).",
    "register.notBoth": "Gib entweder deinen Nick oder einen Code an, nicht beides.",
    "register.already": "**{nick}** gehörte dir auf **{whitelist}** schon; er ist jetzt verifiziert.",
    "register.codeRefused": "Er konnte nicht auf **{whitelist}** eingetragen werden: {refusal}",
    "register.exactSpelling":
      "Tritt genau als {nick} bei: ein Offline-Mode-Server unterscheidet Spieler an der Groß- und Kleinschreibung ihres Namens.",
    "register.exactSpellingOther":
      "Tritt genau als {nick} bei: ein Offline-Mode-Server unterscheidet Spieler an der Groß- und Kleinschreibung ihres Namens ({other} wäre ein anderer Spieler und wird nicht hereingelassen).",

    "unregister.owner": " Er gehörte {owner}.",
    "unregister.done":
      "{removed}{owner} Rollen, die dafür vergeben wurden, werden wieder entzogen. Registriere dich jederzeit neu mit `/registrieren`.",

    "link.how": "So verknüpfst du einen Minecraft-Java-Account: {how}",
    "link.how.then": "gib hier `/verknüpfen code:<code>` ein",
    "link.none": "Du hast auf diesem Server noch keinen verknüpften Account.",
    "link.list": "Deine verknüpften Accounts hier:\n{accounts}",
    "link.next":
      "Trag ihn mit {command} auf eine Whitelist ein: du musst nicht erneut beitreten. `/trennen` vergisst ihn.",
    "unlink.you": "dir",
    "unlink.done":
      "🔓 **{account}** ist auf diesem Server nicht mehr mit {whom} verknüpft. Damit registrierte Nicks bleiben auf den Whitelists (`/abmelden` entfernt einen); erneut nachweisen geht mit `/verknüpfen`.",

    "approval.expires": " Er läuft {when} ab.",

    "approval.reason": " Das Team schreibt: {reason}",
    "approval.rolesRefused": "{member} Ich konnte dir {roles} nicht geben; das Team wurde informiert.",
    "approval.cancelled":
      "{member} deine Anfrage für **{nick}** auf **{whitelist}** wurde abgebrochen: das Team hat diese Whitelist gelöscht.",

    "form.title": "Bewerbung: {whitelist}",
    "form.inactive": "Dieses Formular ist nicht mehr aktiv.",
    "form.gone": "Diese Whitelist gibt es nicht mehr; nichts wurde gesendet.",
    "form.preview":
      "👀 Eine Vorschau des Formulars von **{whitelist}**: nichts wurde gesendet. So sieht das Team die Antworten:",
    "form.preview.none": "{whitelist} hat noch kein Formular: füg mit /whitelist form set eine Frage hinzu.",
    "form.answers.title": "Antworten für {whitelist}",
    "form.answer.more": {
      one: "… (noch {count} Zeichen)",
      other: "… (noch {count} Zeichen)",
    },
    "form.member.given": "Abgegeben {when} {about}; {kept}.",
    "form.member.withNick": "mit **{nick}**",
    "form.member.withRequest": "mit der Anfrage `{id}`",
    "form.member.removed": "mit einer inzwischen entfernten Registrierung",
    "form.member.waiting": "aufbewahrt, solange die Anfrage wartet",
    "form.member.deleted": "gelöscht {when}",
    "form.none":
      "**{whitelist}** hat kein Formular: Mitglieder registrieren sich, ohne Fragen zu beantworten.",
    "form.header": {
      one: "**{whitelist}** stellt Mitgliedern bei der Registrierung {count} Frage:",
      other: "**{whitelist}** stellt Mitgliedern bei der Registrierung {count} Fragen:",
    },
    "form.question": "{number}. {label} ({style}, {required}, {length}{hint})",
    "form.style.short": "eine Zeile",
    "form.style.paragraph": "Absatz",
    "form.required": "Pflicht",
    "form.optional": "optional",
    "form.length.between": {
      one: "{min}-{count} Zeichen",
      other: "{min}-{count} Zeichen",
    },
    "form.length.upTo": {
      one: "bis zu {count} Zeichen",
      other: "bis zu {count} Zeichen",
    },
    "form.hint": ", Hinweis „{hint}“",
    "form.where.approval":
      "`/registrieren` öffnet die Fragen als Formular, und die Antworten gehen mit der Anfrage an das Team.",
    "form.where.command":
      "`/registrieren` öffnet die Fragen als Formular; die Antworten werden mit dem Nick aufbewahrt, damit das Team sie sieht.",
    "form.where.message":
      "Eine Nachricht kann kein Formular zeigen: auf einen im Kanal geposteten Nick antworte ich mit einem Hinweis auf `/registrieren`, das es öffnet.",
    "form.cleared":
      "✅ **{whitelist}** hat jetzt kein Formular: Mitglieder registrieren sich, ohne Fragen zu beantworten. Bereits gegebene Antworten bleiben so lange, wie der Server sie aufbewahrt (`/whitelist form retention`).",
    "form.setNote":
      "Sieh es mit `/whitelist form preview` so, wie Mitglieder es sehen. Formulare, die vor dieser Änderung geöffnet wurden, werden beim Absenden abgelehnt: diese Mitglieder führen `/registrieren` erneut aus.",
    "form.retention.now": {
      one: "Formularantworten werden {count} Tag aufbewahrt, nachdem über ihre Anfrage entschieden ist.",
      other: "Formularantworten werden {count} Tage aufbewahrt, nachdem über ihre Anfrage entschieden ist.",
    },
    "form.retention.zero":
      "✅ Formularantworten werden nur aufbewahrt, solange ihre Anfrage auf das Team wartet; entschiedene werden sofort gelöscht.",
    "form.retention.set": {
      one: "✅ Formularantworten werden {count} Tag aufbewahrt, nachdem über ihre Anfrage entschieden (oder die Registrierung gemacht) ist, und dann gelöscht; das gilt auch für schon aufbewahrte Antworten. Sie gehen auch, wenn das Mitglied den Server verlässt oder der Nick entfernt wird.",
      other:
        "✅ Formularantworten werden {count} Tage aufbewahrt, nachdem über ihre Anfrage entschieden (oder die Registrierung gemacht) ist, und dann gelöscht; das gilt auch für schon aufbewahrte Antworten. Sie gehen auch, wenn das Mitglied den Server verlässt oder der Nick entfernt wird.",
    },
    "form.show.kept": {
      one: "Antworten werden nach der Entscheidung {count} Tag für das Team aufbewahrt.",
      other: "Antworten werden nach der Entscheidung {count} Tage für das Team aufbewahrt.",
    },
    "error.form.tooMany": "Ein Formular hat höchstens {max} Fragen (Discords Limit für ein Formular).",
    "error.form.label": "Frage {number} braucht einen Fragetext von 1-{max} Zeichen in einer Zeile.",
    "error.form.style": "Frage {number} wird mit short oder paragraph beantwortet.",
    "error.form.hint": "Frage {number} hat einen Hinweis von höchstens {max} Zeichen in einer Zeile.",
    "error.form.minLength": "Die Mindestlänge von Frage {number} muss zwischen 0 und {max} Zeichen liegen.",
    "error.form.maxLength": "Die Höchstlänge von Frage {number} muss zwischen 1 und {max} Zeichen liegen.",
    "error.form.minOverMax": "Frage {number} verlangt mindestens {min} Zeichen, nimmt aber höchstens {max}.",
    "error.form.numbered": "Fragen sind von 1 bis {max} nummeriert.",
    "error.form.none": "Diese Whitelist hat kein Formular.",
    "error.form.numberedNow": "Das Formular hat die Fragen 1 bis {max}.",
    "error.form.mismatch":
      "Die Antworten passen nicht zu den Fragen des Formulars; bitte fang noch einmal an.",
    "error.form.unanswered": "„{question}“ braucht eine Antwort.",
    "error.form.length": "Die Antwort auf „{question}“ hat {min}-{max} Zeichen.",
    "error.form.changed":
      "Das Team hat die Fragen von {whitelist} geändert, während du sie beantwortet hast; nichts wurde gesendet. Führ /registrieren erneut aus, um die neuen zu sehen.",
    "error.form.needed":
      "{whitelist} stellt zuerst ein paar Fragen: registrier dich mit /registrieren in ihrem Kanal.",
    "error.formRetention":
      "Formularantworten werden 0 bis {max} Tage aufbewahrt (0: nur solange eine Anfrage wartet).",
    "error.guest.noNote":
      "Ein Gast braucht eine Notiz, wer er ist (wessen Freund, welches Event), für das Team, das den Nick später sieht.",
    "banSync.on":
      "✅ Der Bann-Abgleich ist an: wird jemand von diesem Server gebannt, wird jeder seiner Nicks auf der jeweiligen Whitelist gesperrt („{reason}“), sodass kein anderer Account ihn registrieren kann; hebt man den Bann auf, fallen diese Sperren weg (nicht die des Teams). Einen Bann, der erteilt wurde, während ich offline war, sehe ich nicht.",
    "banSync.off":
      "✅ Der Bann-Abgleich ist aus: ein Bann entfernt Nicks nur wie jedes Verlassen des Servers. Sperren, die ein Bann gesetzt hat, bleiben, bis der Bann des Mitglieds aufgehoben wird oder das Team sie mit `/whitelist undeny` aufhebt.",
    "answers.deleted.title": "Die Nachricht eines Mitglieds wurde gelöscht, bevor ich antwortete",
    "answers.deleted":
      "In {channel} wurde eine Nachricht mit einem Nick gelöscht (AutoMod, ein Moderations-Bot oder das Mitglied), bevor ich antworten konnte: Ich habe stattdessen mit einem einfachen Post geantwortet, der das Mitglied erwähnt. Nichts zu beheben, außer solche Löschungen sind nicht gewollt. (Einmal pro Kanal gesagt, bis ich neu starte.)",
    "answers.history.title": "Ich kann Mitgliedern nicht antworten oder auf sie reagieren",
    "answers.history":
      "In {channel} habe ich {lacking} nicht, ohne die ich weder antworten noch reagieren kann: Mitglieder bekommen statt einer Antwort oder eines ✅ einen einfachen Post, der sie erwähnt. Behebung: erlaube es dem Bot (oder seiner Rolle) unter Kanal bearbeiten → Berechtigungen. (Einmal pro Kanal gesagt, bis ich neu starte.)",
    "answers.lacking.history": "die Berechtigung „Nachrichtenverlauf anzeigen“",
    "answers.lacking.reactions": "die Berechtigung „Reaktionen hinzufügen“",
    "answers.lacking.both": "die Berechtigungen „Nachrichtenverlauf anzeigen“ und „Reaktionen hinzufügen“",
    "nickname.scope":
      "Discord lässt keinen Bot den Besitzer des Servers umbenennen{above}: sie behalten ihre eigenen Nicknames.",
    "nickname.scope.above": " und auch keine Mitglieder mit {roles} (auf oder über meiner Rolle)",
    "nickname.blocked": "⚠️ Ich kann den Nickname von {member} nicht setzen: {reason}.",

    "message.expiring": "⏳ **{nick}** ist registriert, bis er {when} abläuft.",
    "message.registered": "{reaction} **{nick}** ist registriert.",
    "message.rolesRefused":
      "Du bist registriert, aber ich konnte dir {roles} nicht geben; das Team wurde informiert.",
    "message.paused":
      "Registrierungen auf {whitelist} sind pausiert: Discord lässt mich gerade keine Nachrichten lesen (der Message Content Intent des Bots ist aus). Das Team wurde informiert; versuch es später noch einmal.",

    "time.in": "in {duration} ({when})",
    "time.days": { one: "{count} Tag", other: "{count} Tagen" },
    "time.hours": { one: "{count} Stunde", other: "{count} Stunden" },
    "time.minutes": { one: "{count} Minute", other: "{count} Minuten" },
    "time.seconds": { one: "{count} Sekunde", other: "{count} Sekunden" },
    "time.forGood": "dauerhaft",
    "time.lifetime": "{duration} für eigene Registrierungen der Mitglieder (das Team wählt mit `expires`)",

    "staff.list.none":
      "Dieser Server hat noch keine Whitelist. Das Team legt eine mit `/whitelist create` an.",
    "staff.list.header": { one: "{count} Whitelist:", other: "{count} Whitelists:" },
    "staff.list.item": "• **{name}** (`{id}`) in {channel}: {nickType}, Modus {mode}, {nicks}{closed}",
    "staff.list.closed": ", geschlossen",
    "staff.list.footer": "Details mit `/whitelist show`; registrieren mit `/registrieren`.",
    "staff.remove.done":
      "{removed} Er gehörte {owner}. Dafür vergebene Rollen werden entzogen; Game-Server erfahren es sofort.",
    "staff.undeny.done":
      "✅ **{nick}** darf auf **{whitelist}** wieder registriert werden. Nichts wurde wieder eingetragen: sein Besitzer registriert ihn erneut mit `/registrieren`, oder das Team mit `/whitelist add`.",
    "staff.transfer.done":
      "🔀 **{nick}** auf **{whitelist}** gehört jetzt {to} (vorher {from}). Game-Server merken keinen Unterschied.",
    "staff.transfer.doneGuest":
      "🔀 **{nick}** auf **{whitelist}** gehört jetzt {to} (es war ein Gast von {from}). Spielserver merken keine Änderung.",
    "staff.transfer.grantFailed": "Ich konnte {roles} nicht vergeben; der Nick gehört trotzdem ihm.",
    "staff.transfer.revertFailed":
      "Ich konnte {from} {roles} nicht entziehen; entferne es von Hand, wenn es sie nicht behalten soll.",
    "staff.whois.found": "🔎 **{nick}** steht auf {whitelists}.",
    "staff.whois.none": "🔎 **{nick}** steht auf keiner Whitelist, die du sehen kannst.",
    "staff.whois.hidden": {
      one: "Er steht außerdem auf {count} Whitelist, die du nicht verwaltest, für ein anderes Mitglied.",
      other: "Er steht außerdem auf {count} Whitelists, die du nicht verwaltest, für ein anderes Mitglied.",
    },
    "staff.whois.more": "… und {count} weitere: nenn eine Whitelist.",
    "staff.member.partial": "den Whitelists, die du verwaltest",
    "staff.member.all": "den Whitelists dieses Servers",
    "staff.member.linked": "Verknüpfte Accounts (nachgewiesen):",
    "staff.member.none": "{member} hat keine Nicks auf {where}.",
    "staff.member.header": {
      one: "{member} hat {count} Nick auf {where}:",
      other: "{member} hat {count} Nicks auf {where}:",
    },
    "staff.member.item": "• **{nick}** auf **{whitelist}**: {how} {when}{expires}{verified}{ranks}",
    "staff.member.registered": "registriert",
    "staff.member.addedBy": "hinzugefügt von {member}",
    "staff.member.expires": ", läuft {when} ab",
    "staff.member.ranks": ", Ränge: {groups}",
    "staff.member.verified": ", verifiziert",
    "staff.member.awaiting": ", wartet auf den Beweis beim ersten Betreten",
    "staff.member.guests": "Gäste, die das Mitglied hinzugefügt hat (Spieler ohne Discord):",
    "staff.member.guest": "• **{nick}** auf **{whitelist}**: {note}, {when}{expires}",
    "staff.member.answers": "Formularantworten (unten{files}{more}):",
    "staff.member.answers.files": "; die langen vollständig in der Datei",
    "staff.member.answers.more": {
      one: "; {count} ältere nicht gezeigt",
      other: "; {count} ältere nicht gezeigt",
    },
    "staff.logChannel.off":
      "Das Loggen ist aus. Freigabe-Anfragen brauchen einen Log-Kanal: leg wieder einen mit `/whitelist log-channel` fest.",
    "staff.logChannel.set":
      "✅ Ich logge ab jetzt in {channel}. Lass ihn nur für das Team sichtbar: dort liegen die Freigabe-Buttons.",
    "staff.logChannel.failed": "⚠️ {channel} ist gesetzt, aber ich konnte dort nicht posten.",
    "staff.export.done":
      "📄 **{whitelist}** als `{file}` ({nicks}). Leg sie in den Ordner deines Servers, oder lass den Server sie abrufen: `{url}` mit einem Schlüssel von `/server-link create`.",
    "lookup.how.member": "das Mitglied hat ihn registriert",
    "lookup.how.staff": "Team: `/whitelist add`, oder eine angenommene Anfrage",
    "lookup.how.guest": "Team: `/whitelist guest`, ein Spieler ohne Discord",
    "lookup.never": "nie",
    "lookup.verified.yes": "ja: der Besitzer hat den Account nachgewiesen",
    "lookup.verified.awaiting": "nein: wartet auf den Beweis beim ersten Betreten, entfernt {when}",
    "lookup.entry.title": "{nick} auf {whitelist}",
    "lookup.denial.title": "{nick} ist auf {whitelist} gesperrt",
    "lookup.field.owner": "Besitzer",
    "lookup.field.addedBy": "Hinzugefügt von",
    "lookup.field.how": "Wie",
    "lookup.field.when": "Wann",
    "lookup.field.deniedBy": "Gesperrt von",

    "staff.link.created":
      "🔑 Link **{name}** für {scope}, {access}. Kopier den Schlüssel jetzt: er wird einmal gezeigt und nie wieder.",
    "staff.link.howToUse": 'So nutzt du ihn: `curl -H "Authorization: Bearer {key}" {url}/whitelists`',
    "staff.link.next.remove": "Als Nächstes: trag den Schlüssel in die Konfiguration deines Plugins ein",
    "staff.link.next.read":
      "Als Nächstes: behalte den Schlüssel auf deinem eigenen Server (nie in einer Webseite oder ihren Skripten)",
    "staff.link.next":
      "{next}, oder lass dir Ereignisse mit `/server-link webhook id:{id}` schicken. Verloren? `/server-link revoke id:{id}` und einen neuen erstellen.",
    "staff.link.none": "Noch keine Links. Erstelle einen für deinen Game-Server mit `/server-link create`.",
    "staff.link.header": { one: "{count} Link:", other: "{count} Links:" },
    "staff.link.footer":
      "Schlüssel werden nie wieder gezeigt: widerrufe einen verlorenen mit `/server-link revoke` und erstelle einen neuen.",
    "staff.link.item":
      "• **{name}** `{id}`{state}: {scope}; {access}; erstellt {created} von {by}, {used}; {hook}",
    "staff.link.revoked": " — **widerrufen** {when}",
    "staff.link.neverUsed": "nie benutzt",
    "staff.link.lastUsed": "zuletzt benutzt {when}",
    "staff.link.webhook": "Webhook → {host} ({delivery})",
    "staff.link.noWebhook": "kein Webhook",
    "staff.link.delivery.none": "noch keine Zustellung",
    "staff.link.delivery.last": "zuletzt {result} in {ms} ms {when}",
    "staff.link.delivery.failed": "fehlgeschlagen: {error}",
    "staff.link.revokedDone":
      "🚫 Link **{name}** (`{id}`) ist widerrufen: sein Schlüssel wird ab jetzt abgelehnt, und seine offenen Verbindungen sind geschlossen. Gib dem Game-Server einen neuen mit `/server-link create`.",
    "staff.webhook.removed":
      "Webhook des Links `{id}` entfernt: keine Zustellungen mehr. Setz wieder einen mit einer `url`.",
    "staff.webhook.set":
      "🪝 Link `{id}` sendet jetzt jede Änderung per POST an **{host}**, signiert nach Standard Webhooks.",
    "staff.webhook.verify":
      "Prüfe den Header `webhook-signature` mit diesem Secret (es wird einmal gezeigt). Das Ergebnis jeder Zustellung steht in `/server-link list`; führ dies erneut aus, um das Secret zu wechseln.",

    "staff.deny.premium":
      "Sein Premium-Account ist ebenfalls gesperrt (UUID `{uuid}`), egal wie er umbenannt wird.",
    "staff.deny.bedrock":
      "Sein Xbox-Account ist ebenfalls gesperrt (Floodgate-UUID `{uuid}`), egal welchen Gamertag er annimmt.",
    "staff.deny.unavailable":
      "⚠️ {service} war nicht erreichbar, also ist {nick} nur nach Name gesperrt{before}: führ dies später erneut aus, um auch seinen Account zu sperren, egal wie er umbenannt wird.",
    "staff.deny.before": " (und nach der früher gefundenen UUID)",
    "staff.deny.now":
      "⛔ **{nick}** ist jetzt auf **{whitelist}** gesperrt{reason}. Registrieren wird abgelehnt, für Mitglieder wie für das Team.",
    "staff.deny.still":
      "⛔ **{nick}** ist weiterhin auf **{whitelist}** gesperrt{reason}. Registrieren wird abgelehnt, für Mitglieder wie für das Team.",
    "staff.deny.reason": ": {reason}",
    "staff.deny.noReason": " (ohne Grund)",
    "staff.deny.removed":
      "Er stand auf der Whitelist ({nicks}, für {owners}) und wurde entfernt; dafür vergebene Rollen werden entzogen.",
    "staff.deny.undo": "Rückgängig mit {command}.",
    "staff.add.done": "✅ **{nick}** steht auf **{whitelist}** für {member}.",
    "staff.add.expires": "⏳ Er läuft {when} ab und wird dann samt Rollen entfernt.",
    "staff.add.rolesRefused": "Ich konnte {roles} nicht vergeben (Details im Log-Kanal); der Nick bleibt.",
    "staff.add.undo": "Rückgängig mit {command}.",
    "staff.guest.done": "✅ **{nick}** steht als dein Gast auf **{whitelist}**: {note}.",
    "staff.guest.noRoles":
      "Es wird keine Rolle vergeben und kein Mitgliederlimit zählt sie; sie bleiben, wenn du den Server verlässt.",
    "staff.guest.expires": "⏳ Sie werden {when} von selbst entfernt.",
    "staff.guest.undo":
      "Rückgängig mit {remove}; sobald sie dem Server beitreten, macht {transfer} den Nick zu ihrem.",
    "whitelist.floodgate": "Floodgate: {prefix}, {spaces} (der Gamertag {gamertag} spielt als {example})",
    "whitelist.floodgate.noPrefix": "kein Präfix",
    "whitelist.floodgate.prefix": "Präfix {prefix}",
    "whitelist.floodgate.spacesReplaced": "Leerzeichen als `_`",
    "whitelist.floodgate.spacesKept": "Leerzeichen bleiben",
    "whitelist.floodgate.gamertag": "Alex Pocket",
    "whitelist.created":
      "✅ **{name}** angelegt (ID `{id}`): {nickType}-Nicks, {max} pro Mitglied.{floodgate}",
    "whitelist.created.floodgate": " {floodgate}.",
    "whitelist.how.command": "Mitglieder registrieren sich mit `/registrieren` in {channel}.",
    "whitelist.how.message":
      "Mitglieder posten ihren Nick als Nachricht in {channel}; ich reagiere mit ✅ oder erkläre, warum nicht.",
    "whitelist.how.message.paused":
      "⚠️ Mitglieder posten ihren Nick als Nachricht in {channel}, aber das ist pausiert: {paused}",
    "whitelist.how.approval":
      "Mitglieder nutzen `/registrieren` in {channel}; ihre Anfragen erscheinen im Log-Kanal mit den Buttons „Annehmen“ und „Ablehnen“.{logChannel}",
    "whitelist.how.approval.noLogChannel": " Leg diesen Kanal zuerst mit `/whitelist log-channel` fest.",
    "whitelist.how.proof":
      "🔒 Mitglieder weisen zuerst ihren Account nach, indem sie `{address}` in Minecraft Java betreten und den angezeigten Code mit `/registrieren code:` eingeben (Einträge des Teams brauchen keinen Nachweis und gelten als nicht verifiziert).",
    "whitelist.how.proof.off":
      "⚠️ Ein Nachweis ist verlangt, aber der Link-Server dieses Dienstes ist aus (LINK_PORT ist nicht gesetzt): Mitglieder können keinen Account nachweisen und sich daher nicht registrieren, bis er läuft. Einträge des Teams funktionieren weiter.",
    "whitelist.created.next":
      "Als Nächstes: erforderliche, vergebene und Verwalter-Rollen mit `/whitelist roles` festlegen und deinem Game-Server mit `/server-link create` Zugang geben.",
    "whitelist.edited.nothing":
      "Nichts zu ändern: gib mindestens eine dieser Optionen an: name, channel, mode, max-nicks, enabled, remove-on-leave, floodgate-prefix, replace-spaces, entry-lifetime, on-role-loss, proof, proof-window, nickname.",
    "whitelist.edited": "✅ **{name}** jetzt: {settings}.",
    "whitelist.edited.name": "Name **{name}**",
    "whitelist.edited.channel": "Kanal {channel}",
    "whitelist.edited.mode": "Modus {mode}",
    "whitelist.edited.maxNicks": {
      one: "{count} Nick pro Mitglied",
      other: "{count} Nicks pro Mitglied",
    },
    "whitelist.state.open": "offen",
    "whitelist.state.closed": "für Registrierungen geschlossen",
    "whitelist.state.paused": "pausiert (siehe unten)",
    "whitelist.edited.removeOnLeave": "Nicks werden entfernt, wenn Mitglieder gehen",
    "whitelist.edited.keepOnLeave": "Nicks bleiben, wenn Mitglieder gehen",
    "whitelist.edited.lifetime": "Lebensdauer der Einträge: {lifetime}",
    "whitelist.edited.removeOnRoleLoss":
      "Nicks werden entfernt, wenn Mitglieder alle erforderlichen Rollen verlieren",
    "whitelist.edited.keepOnRoleLoss": "Nicks bleiben, wenn Mitglieder alle erforderlichen Rollen verlieren",
    "whitelist.edited.nicknamesAlone": "Server-Nicknames der Mitglieder bleiben unangetastet",
    "whitelist.edited.nicknames": "Server-Nicknames der Mitglieder folgen **{template}**",
    "whitelist.edited.proof.required": "Nachweis des Besitzes verlangt",
    "whitelist.edited.proof.firstJoin": "Nachweis des Besitzes beim ersten Betreten",
    "whitelist.edited.proof.off": "kein Nachweis des Besitzes verlangt",
    "whitelist.edited.proofWindow": "{window}, um einen Nick beim ersten Betreten nachzuweisen",
    "whitelist.respelled": {
      one: "{count} Bedrock-Nick passend umgeschrieben (gesendet als Entfernen und Hinzufügen).",
      other: "{count} Bedrock-Nicks passend umgeschrieben (jeder gesendet als Entfernen und Hinzufügen).",
    },
    "whitelist.respelled.clashes": {
      one: "{count} behielt die alte Schreibweise: ein anderer Nick hat schon die neue (siehe das Log des Dienstes).",
      other:
        "{count} behielten die alte Schreibweise: ein anderer Nick hat schon die neue (siehe das Log des Dienstes).",
    },
    "whitelist.respelled.pending": {
      one: "{count} wartet noch darauf, dass GeyserMC seine XUID liefert; das wird alle 10 Minuten erneut versucht.",
      other:
        "{count} warten noch darauf, dass GeyserMC ihre XUID liefert; das wird alle 10 Minuten erneut versucht.",
    },
    "whitelist.edited.lifetimeNote":
      "Schon registrierte Nicks behalten ihren Ablauf; die neue Lebensdauer gilt ab jetzt.",
    "whitelist.edited.proofNote":
      "Schon registrierte Nicks bleiben; nur neue Registrierungen brauchen einen nachgewiesenen Account.",
    "whitelist.edited.settled": {
      one: "{count} Nick, der auf den Nachweis beim ersten Betreten wartete, bleibt, nicht verifiziert, und wartet nicht mehr.",
      other:
        "{count} Nicks, die auf den Nachweis beim ersten Betreten warteten, bleiben, nicht verifiziert, und warten nicht mehr.",
    },
    "whitelist.edited.windowNote":
      "Nicks, die auf den Nachweis warten, behalten ihre Frist; die neue gilt ab jetzt.",
    "whitelist.edited.nicknamesStop":
      "Vom Bot gesetzte Server-Nicknames bleiben bis zur nächsten Änderung des jeweiligen Mitglieds, die den vorherigen zurückgibt.",
    "whitelist.edited.nicknamesFollow":
      "Der Server-Nickname jedes Mitglieds folgt ab seiner nächsten Registrierung, Umbenennung, Übergabe oder Entfernung (jetzt wird nichts umbenannt); der vorherige kommt zurück, wenn sein letzter Nick geht.",
    "whitelist.edited.closedHow": "Registrierungen sind geschlossen; öffne sie wieder mit `enabled:True`.",
    "whitelist.edited.seeAll": "Alle Einstellungen siehst du mit `/whitelist show`.",
    "whitelist.show.staffHint":
      "Das Team ändert Einstellungen mit `/whitelist edit` und Rollen mit `/whitelist roles`.",
    "whitelist.show.description": "ID `{id}` · {status}",
    "whitelist.show.field.channel": "Kanal",
    "whitelist.show.field.nickType": "Nick-Typ",
    "whitelist.show.field.mode": "Modus",
    "whitelist.show.field.perMember": "Nicks pro Mitglied",
    "whitelist.show.field.nicks": "Nicks",
    "whitelist.show.field.pending": "Offene Anfragen",
    "whitelist.show.field.onLeave": "Beim Verlassen",
    "whitelist.show.field.lifetime": "Lebensdauer der Einträge",
    "whitelist.show.field.proof": "Nachweis des Besitzes",
    "whitelist.show.field.form": "Formular",
    "whitelist.show.field.nicknames": "Server-Nicknames",
    "whitelist.show.field.banSync": "Bann-Abgleich (Server)",
    "whitelist.show.field.onRoleLoss": "Bei Rollenverlust",
    "whitelist.show.field.required": "Erforderliche Rollen",
    "whitelist.show.field.granted": "Vergebene Rollen",
    "whitelist.show.field.manager": "Verwalter-Rollen",
    "whitelist.show.field.ranks": "Ränge (Spielgruppe ← wer drin ist)",
    "whitelist.show.field.roleLimits": "Nick-Limits nach Rolle",
    "whitelist.show.field.denied": "Gesperrte Nicks",
    "whitelist.show.field.bedrock": "Bedrock",
    "whitelist.show.field.uuidsPending": "⚠️ Bedrock-UUIDs ausstehend",
    "whitelist.show.field.problems": "⚠️ Probleme",
    "whitelist.show.field.paused": "⚠️ Registrierungen per Nachricht sind pausiert",
    "whitelist.show.field.departures": "⚠️ Abgänge werden nicht gesehen",
    "whitelist.show.field.roleLoss": "⚠️ Rollenverluste werden nicht gesehen",
    "whitelist.show.nicks": "{nicks} ({verified}{awaiting})",
    "whitelist.show.verified": {
      one: "{count} verifiziert",
      other: "{count} verifiziert",
    },
    "whitelist.show.awaiting": {
      one: ", {count} wartet auf Nachweis",
      other: ", {count} warten auf Nachweis",
    },
    "whitelist.show.nicksRemoved": "Nicks werden entfernt",
    "whitelist.show.nicksKept": "Nicks bleiben",
    "whitelist.show.proof.off": "off: jeder Nick kann registriert werden",
    "whitelist.show.proof.firstJoin":
      "first-join: Mitglieder weisen ihren Account beim ersten Betreten des Game-Servers nach, innerhalb von {window}",
    "whitelist.show.proof.required": "required: Mitglieder weisen ihren Java-Account unter `{address}` nach",
    "whitelist.show.proof.linkOff":
      "required, aber der Link-Server ist aus (LINK_PORT nicht gesetzt): Mitglieder können keinen Account nachweisen",
    "whitelist.show.form": {
      one: "{count} Frage: `/whitelist form show`",
      other: "{count} Fragen: `/whitelist form show`",
    },
    "whitelist.show.nicknames.alone": "bleiben unangetastet",
    "whitelist.show.nicknames": "folgen dem Nick: **{template}**",
    "whitelist.show.banSync.on": "an: ein Bann auf Discord sperrt die Nicks des Mitglieds",
    "whitelist.show.banSync.off": "aus",
    "whitelist.show.required.none": "keine: jeder darf sich registrieren",
    "whitelist.show.manager.none": "keine: nur „Server verwalten“",
    "whitelist.show.bedrock": "{floodgate}.",
    "whitelist.show.uuidsPending": {
      one: "{count} Nick wartet darauf, dass GeyserMC seine XUID liefert, also kann `whitelist.json` ihn noch nicht hereinlassen. Sie wird alle 10 Minuten abgefragt.",
      other:
        "{count} Nicks warten darauf, dass GeyserMC ihre XUID liefert, also kann `whitelist.json` sie noch nicht hereinlassen. Sie werden alle 10 Minuten abgefragt.",
    },
    "whitelist.show.denials.count": {
      one: "{count} Nick; das Team sieht, welcher.",
      other: "{count} Nicks; das Team sieht, welche.",
    },
    "whitelist.show.denials.header": {
      one: "{count} Nick:",
      other: "{count} Nicks:",
    },
    "whitelist.show.denials.reason": ": {reason}",
    "whitelist.show.denials.more": "… und {count} weitere (einzeln: `/whitelist whois`)",
    "error.whitelist.name": "Ein Whitelist-Name hat 1-32 Buchstaben, Ziffern, `-` oder `_`.",
    "error.whitelist.maxNicks": "Die maximale Zahl an Nicks pro Mitglied muss eine ganze Zahl ab 1 sein.",
    "error.whitelist.floodgatePrefix":
      "Ein Floodgate-Präfix hat bis zu 15 druckbare Zeichen ohne Leerzeichen, wie `username-prefix` in der config.yml von Floodgate (Standard `.`). Floodgate nimmt stillschweigend `.` statt eines Präfixes ab 16 Zeichen; ist deines so lang, heißen deine Bedrock-Spieler mit `.`: setz hier `.`.",
    "error.whitelist.onRoleLoss": "on-role-loss ist eines von {allowed}.",
    "error.whitelist.proof": "proof ist eines von {allowed}.",
    "error.whitelist.types": "{list} und {last}",
    "error.whitelist.proof.required":
      "Einen Nachweis des Besitzes vor der Registrierung gibt es nur für {types}-Whitelists: {nickType}-Nicks lassen sich nicht mit einem Java-Login nachweisen.",
    "error.whitelist.proof.firstJoin":
      "Den Nachweis beim ersten Betreten gibt es nur für {types}-Whitelists: {nickType}-Nicks haben keinen Account, den man nachweisen könnte.",
    "error.whitelist.nameTaken": "Eine Whitelist namens „{name}“ gibt es schon.",
    "error.whitelist.nameLookalike":
      "Eine Whitelist namens „{name}“ würde mit „{existing}“ verwechselt, die es schon gibt.",
    "error.whitelist.messageChannel":
      "Dieser Kanal nimmt schon Registrierungen im Nachrichtenmodus für {whitelist} an, und eine Nachricht kann nur auf einer Whitelist registrieren: wähl einen anderen Kanal oder einen anderen Modus.",
    "error.duration.format":
      "eine ganze Zahl und eine Einheit: `30m` (Minuten), `12h` (Stunden) oder `7d` (Tage), von 1 Minute bis 366 Tage",
    "error.duration.empty": "Keine Dauer angegeben. Gib {format} an.",
    "error.duration.invalid": "„{typed}“ ist keine Dauer. Gib {format} an.",
    "error.duration.typed": "`{typed}`",
    "error.lifetime.tooShort":
      "{duration} ist zu kurz: ein Eintrag kann 1 Minute bis 366 Tage dauern (`1m` bis `366d`).",
    "error.lifetime.tooLong":
      "{duration} ist zu lang: ein Eintrag kann 1 Minute bis 366 Tage dauern (`1m` bis `366d`).",
    "error.lifetime.whole":
      "Die Lebensdauer eines Eintrags ist eine ganze Zahl an Sekunden; erhalten: {seconds}.",
    "error.proofWindow":
      "Eine Frist für den Nachweis liegt zwischen 10 Minuten und 30 Tagen (10m bis 30d); erhalten: {window}.",
    "error.nicknameTemplate.example":
      "Schreib sie mit `{mc}` für den Minecraft-Namen, z. B. `{discord} ({mc})` oder `{mc}`.",
    "error.nicknameTemplate.mcOnce":
      "Eine Nickname-Vorlage nennt den Minecraft-Namen genau einmal. {example}",
    "error.nicknameTemplate.discordOnce":
      "Eine Nickname-Vorlage nennt den Discord-Namen höchstens einmal. {example}",
    "error.nicknameTemplate.invalid":
      "„{template}“ ist keine Nickname-Vorlage: die einzigen Platzhalter sind `{mc}` und `{discord}`, in einer Zeile. {example}",
    "error.nicknameTemplate.long":
      "Eine Nickname-Vorlage hat neben ihren Platzhaltern höchstens {own} Zeichen, damit jeder Minecraft-Name (bis {mcMax}) in die {max} von Discord passt.",
    "staff.delete.preview":
      "Das Löschen von **{whitelist}** entfernt ihre {nicks} (dafür vergebene Rollen werden entzogen), verwirft offene Anfragen und widerruft {keys}, die auf sie begrenzt sind. Noch ist nichts geändert: führ {command} aus, um fortzufahren.",
    "staff.delete.done":
      "🗑️ **{whitelist}** gelöscht: {nicks} entfernt, {keys} widerrufen. Game-Server mit einem serverweiten Schlüssel bekommen dafür ab jetzt 404; leg mit `/whitelist create` eine neue an.",

    "account.premium": "premium, UUID {uuid}",
    "account.notPremium": "nicht premium",
    "account.offline": "Offline-Nick, nicht geprüft",
    "account.bedrock": "Bedrock-Gamertag {gamertag}, {uuid}",
    "account.bedrock.uuid": "Floodgate-UUID {uuid}",
    "account.bedrock.waiting": "seine UUID wartet auf GeyserMC",

    "log.origin.discord": "Discord",
    "log.origin.api": "API/Plugin",
    "log.origin.memberLeft": "Mitglied gegangen",
    "log.origin.staff": "Team",
    "log.origin.system": "whitelist-sync",
    "log.origin.roleLost": "Rolle verloren",
    "log.origin.expired": "abgelaufen",
    "log.origin.renamed": "umbenannt (Mojang)",
    "log.origin.roles": "Rollen",
    "log.groups.title": "Ränge geändert",
    "log.groups": "**{nick}** auf **{whitelist}**",
    "log.groups.field.joined": "Neu in",
    "log.groups.field.left": "Raus aus",
    "log.groups.field.now": "Jetzt in",
    "log.ranks.mapped.title": "Rang zugeordnet",
    "log.ranks.unmapped.title": "Rangzuordnung entfernt",
    "log.ranks": "`{group}` ← {holders} auf **{whitelist}**",
    "log.ranks.field.changed": "Nicks neu gruppiert",
    "log.field.member": "Mitglied",
    "log.field.by": "Von",
    "log.field.origin": "Herkunft",
    "log.field.account": "Account",
    "log.field.verified": "Verifiziert",
    "log.field.expires": "Läuft ab",
    "log.field.why": "Warum",
    "log.field.reason": "Grund",
    "log.field.request": "Anfrage",
    "log.field.access": "Zugriff",
    "log.field.nicks": "Nicks",
    "log.field.approvedBy": "Angenommen von",
    "log.field.rejectedBy": "Abgelehnt von",
    "log.field.guest": "Gast",
    "log.byKey": "Link-Schlüssel „{key}“",
    "log.guestOf": "von {member}: {note}",
    "log.added.title": "Nick hinzugefügt",
    "log.removed.title": "Nick entfernt",
    "log.added": "**{nick}** zu **{whitelist}** hinzugefügt",
    "log.removed": "**{nick}** von **{whitelist}** entfernt",
    "log.verified.yes": "ja: vom Mitglied nachgewiesen",
    "log.verified.no": "nein",
    "log.verified.awaiting": "noch nicht: wartet auf den Beweis beim ersten Betreten, bis {until}",
    "log.provenBy":
      "{member} hat nachgewiesen, dass dieser Account ihm gehört (ein Besitzer pro Account und Server).",
    "log.event": "Ereignis {id}",
    "log.events": "Ereignisse {first}–{last}",
    "log.renamed.title": "Nick umbenannt",
    "log.renamed": "**{old}** heißt jetzt **{nick}** auf **{whitelist}**",
    "log.roles.grant.title": "Rollen konnten nicht vergeben werden",
    "log.roles.revoke.title": "Rollen konnten nicht entzogen werden",
    "log.roles.for": "Für {member} (**{nick}**):",
    "log.roles.imported": { one: "{count} importierter Nick", other: "{count} importierte Nicks" },
    "log.roleReason.permission":
      "fehlende Berechtigung: gib dem Bot „Rollen verwalten“ und schieb seine Rolle über diese",
    "log.roleReason.unknownRole": "die Rolle gibt es nicht mehr",
    "log.roleReason.unknownMember": "das Mitglied ist nicht mehr auf dem Server",
    "log.roleReason.managed":
      "eine Integration (ein Bot oder Server-Boosting) verwaltet diese Rolle, daher kann niemand sie vergeben oder entziehen: wähle mit /whitelist roles eine andere Rolle",
    "log.roleReason.refused": "Discord hat abgelehnt ({code}: {message})",
    "log.roleReason.unreachable": "Discord war nicht erreichbar ({message})",
    "log.roleReason.botUnreachable": "Der Bot konnte Discord nicht erreichen ({message}).",
    "log.roleReason.offline": "Der Discord-Bot ist nicht verbunden (kein DISCORD_TOKEN).",
    "log.roleReason.unconfirmedGrant": "Discord hat nicht bestätigt, dass die Rolle vergeben wurde.",
    "log.roleReason.unconfirmedRevoke": "Discord hat nicht bestätigt, dass die Rolle entzogen wurde.",
    "log.request.title": "Registrierungsanfrage",
    "log.request": "{member} fragt **{nick}** auf **{whitelist}** an",
    "log.request.footer": "Team dieser Whitelist: unten annehmen oder ablehnen.",
    "log.request.cut": "Lange Antworten sind hier gekürzt: /whitelist member zeigt sie ganz.",
    "log.request.approve": "Annehmen",
    "log.request.reject": "Ablehnen",
    "log.request.cancelled.title": "Anfrage abgebrochen",
    "log.request.cancelled": "Die Anfrage von {member} für **{nick}** ist abgebrochen: {because}.",
    "log.request.cancelled.deleted": "das Team hat **{whitelist}** gelöscht",
    "log.request.cancelled.left": "es hat den Server verlassen",
    "log.request.approved.title": "Anfrage angenommen",
    "log.request.rejected.title": "Anfrage abgelehnt",
    "log.request.decided": "**{nick}** auf **{whitelist}** für {member}",
    "log.access.remove": "liest und entfernt",
    "log.access.read": "nur lesen",
    "log.key.created.title": "Link-Schlüssel erstellt",
    "log.key.revoked.title": "Link-Schlüssel widerrufen",
    "log.key": "**{name}** (`{id}`) für {scope}",
    "log.scope.server": "den ganzen Server",
    "log.scope.whitelist": "Whitelist **{whitelist}**",
    "log.scope.deleted": "eine gelöschte Whitelist",
    "log.webhook.set.title": "Webhook gesetzt",
    "log.webhook.cleared.title": "Webhook entfernt",
    "log.webhook.set": "Link **{name}** (`{id}`) postet seine Ereignisse jetzt an **{host}**",
    "log.webhook.cleared": "Link **{name}** (`{id}`) postet keine Ereignisse mehr",
    "log.denied.title": "Nick gesperrt",
    "log.allowed.title": "Nick wieder erlaubt",
    "log.denial": "**{nick}** auf **{whitelist}**",
    "log.denial.uuid": "UUID {uuid}",
    "log.denial.byName": "nur nach Name",
    "log.deleted.title": "Whitelist gelöscht",
    "log.deleted": "**{whitelist}** (`{id}`) ist weg: {nicks} entfernt, {keys} widerrufen.",
    "log.count.nicks": { one: "{count} Nick", other: "{count} Nicks" },
    "log.count.keys": { one: "{count} Link-Schlüssel", other: "{count} Link-Schlüssel" },
    "log.imported.title": "Nicks importiert",
    "log.imported": "{added} aus **{file}** ({lines}) zu **{whitelist}** hinzugefügt, Besitzer {member}",
    "log.count.names": { one: "{count} Name", other: "{count} Namen" },
    "log.transfer.title": "Nick übergeben",
    "log.transfer": "**{nick}** auf **{whitelist}**: {from} → {to}",
    "log.transfer.guestOf": "ein Gast von {member}",
    "log.list.item": "• **{nick}** von **{whitelist}**",
    "log.list.deleted": "• **{nick}** ({member})",
    "log.list.more": "… und {count} weitere: die vollständige Liste hängt an.",
    "log.left.title": "Mitglied gegangen",
    "log.roleLost.title": "Erforderliche Rolle verloren",
    "log.left": {
      one: "{member} hat den Server verlassen: {count} Nick entfernt.",
      other: "{member} hat den Server verlassen: {count} Nicks entfernt.",
    },
    "log.roleLost": {
      one: "{member} hat keine Rolle mehr, die seine Whitelists verlangen: {count} Nick entfernt.",
      other: "{member} hat keine Rolle mehr, die seine Whitelists verlangen: {count} Nicks entfernt.",
    },
    "log.channel.title": "Log-Kanal",
    "log.channel":
      "{member} hat diesen Kanal für das Log von whitelist-sync gewählt: Hinzufügungen, Entfernungen, Freigabe-Anfragen und Rollenprobleme.",
    "log.intent.title": "Discord verweigert den {intent}",
    "log.intent":
      "Solange er aus ist, {without}.{paused}\nBehebung: schalte **{intent}** unter {portal} ein und starte whitelist-sync neu.",
    "log.intent.paused": " Pausiert: {whitelists}.",
    "log.file.departed": "entfernte-nicks-{member}.txt",
    "log.file.deleted": "{whitelist}-entfernt.txt",
    "log.file.item": "{nick} von {whitelist}",
    "log.file.deletedItem": "{nick} ({member})",
    "log.ban.title": "Mitglied gebannt: Nicks gesperrt",
    "log.ban":
      "{member} wurde auf Discord gebannt. Die Nicks sind gesperrt („{reason}“), bis der Bann aufgehoben wird.",
    "log.ban.removed":
      "{member} wurde auf Discord gebannt. Die Nicks sind gesperrt („{reason}“), bis der Bann aufgehoben wird; {nicks} von den Whitelists entfernt.",
    "log.ban.denied": "• **{whitelist}**: {nicks}",
    "log.ban.kept": "• **{whitelist}**, schon gesperrt: {nicks}",
    "log.ban.none": "Das Mitglied hatte keinen Nick.",
    "log.unban.title": "Bann aufgehoben: Sperren gelöst",
    "log.unban":
      "Der Bann von {member} auf Discord wurde aufgehoben. Was der Bann gesperrt hat, kann wieder registriert werden (nichts wird wieder hinzugefügt; Sperren des Teams bleiben):",
    "log.unban.lifted": "• **{whitelist}**: {nicks}",

    "intent.portal":
      "Bot → Privileged Gateway Intents im Discord Developer Portal (https://discord.com/developers/applications)",
    "intent.serverMembers.without":
      "behalten Mitglieder, die gehen, ihre Nicks, ebenso Mitglieder, die die erforderlichen Rollen einer Whitelist verlieren (beides wird nicht gesehen, und die Prüfung auf Verpasstes beim Start und nach Reconnects ist aus); entferne ihre Nicks mit /whitelist remove",
    "intent.messageContent.without":
      "sind Whitelists im Nachrichtenmodus pausiert, da der Bot die dort geposteten Nicks nicht lesen kann; Mitglieder, die dort posten oder /registrieren nutzen, erfahren das",
    "intent.pausedForStaff":
      "Discord lässt den Bot keine Nachrichten lesen. Schalte **Message Content Intent** unter {portal} ein und starte whitelist-sync neu.",
    "intent.departuresUnseen":
      "Discord sagt dem Bot nicht, wer geht, also bleiben Nicks, bis sie von Hand entfernt werden. Schalte **Server Members Intent** unter {portal} ein und starte whitelist-sync neu.",
    "intent.roleLossUnseen":
      "Discord sagt dem Bot nicht, wenn Mitglieder Rollen verlieren, also bleiben Nicks von Mitgliedern ohne erforderliche Rolle, bis sie von Hand entfernt werden. Schalte **Server Members Intent** unter {portal} ein und starte whitelist-sync neu.",
    "permission.AddReactions": "„Reaktionen hinzufügen“",
    "permission.Administrator": "„Administrator“",
    "permission.BanMembers": "„Mitglieder bannen“",
    "permission.ViewAuditLog": "„Audit-Log anzeigen“",
    "permission.ManageNicknames": "„Nicknamen verwalten“",
    "permission.ViewChannel": "„Kanäle ansehen“",
    "permission.SendMessages": "„Nachrichten senden“",
    "permission.EmbedLinks": "„Links einbetten“",
    "permission.AttachFiles": "„Dateien anhängen“",
    "permission.ReadMessageHistory": "„Nachrichtenverlauf anzeigen“",
    "permission.ManageRoles": "„Rollen verwalten“",
    "setup.list": "{first}, {rest}",
    "setup.rolesPlace": "Servereinstellungen → Rollen",
    "setup.turnOn.fix": "schalte {permission} für die Rolle des Bots unter {place} ein",
    "setup.server.ok": "der Bot hat in {server} jede Berechtigung, die er nutzt",
    "setup.server.lacks": "dem Bot fehlt in {server}: {permissions}",
    "setup.server.lacks.fix":
      "schalte {permissions} für die Rolle des Bots unter {place} ein (oder lade ihn neu ein, mit dem Link von `whitelist-sync invite`, der sie anfragt)",
    "setup.banSync":
      "der Bann-Abgleich ist in {server} an, aber Discord meldet dem Bot keinen Bann: ihm fehlt {permission}",
    "setup.nickname.owner":
      "das Mitglied besitzt den Server, und Discord lässt keinen Bot den Nickname des Besitzers ändern",
    "setup.nickname.above":
      "die höchste Rolle des Mitglieds steht auf Höhe meiner ({role}) oder darüber: zieh {role} unter {place} darüber",
    "setup.nickname.permission": "mir fehlt {permission}: schalte es für {role} unter {place} ein",
    "setup.logChannel.gone": "den Log-Kanal ({id}) gibt es in {server} nicht mehr",
    "setup.chooseAnother.fix": "wähle einen anderen mit {command}",
    "setup.channel.log": "der Log-Kanal {channel}",
    "setup.channel.whitelist": "der Kanal {channel} von {whitelist}",
    "setup.channel.post": "{where}: ich kann dort lesen und posten",
    "setup.channel.react": "{where}: ich kann dort lesen, antworten und reagieren",
    "setup.channel.lacks": "{where}: mir fehlt dort {permissions}",
    "setup.channel.lacks.fix":
      "erlaube {permissions} für den Bot (oder seine Rolle) unter Kanal bearbeiten → Berechtigungen von {channel}",
    "setup.whitelist.channelGone": "{whitelist}: ihren Kanal ({id}) gibt es nicht mehr",
    "setup.whitelist.roleGone.required": "{whitelist}: eine erforderliche Rolle ({id}) gibt es nicht mehr",
    "setup.whitelist.roleGone.manager": "{whitelist}: eine Verwalter-Rolle ({id}) gibt es nicht mehr",
    "setup.whitelist.roleGone.granted": "{whitelist}: eine vergebene Rolle ({id}) gibt es nicht mehr",
    "setup.whitelist.setRoles.fix": "leg ihre Rollen neu fest mit {command}",
    "setup.whitelist.managed":
      "{whitelist}: ich kann {role} nicht vergeben: eine Integration verwaltet die Rolle",
    "setup.whitelist.managed.fix": "vergib stattdessen eine eigene Rolle mit {command}",
    "setup.whitelist.cannotGrant": "{whitelist}: ich kann {role} nicht vergeben: mir fehlt {permission}",
    "setup.whitelist.below": "{whitelist}: ich kann {role} nicht vergeben: meine Rolle steht darunter",
    "setup.whitelist.below.fix": "zieh die Rolle des Bots ({bot}) unter {place} über {role}",
    "setup.whitelist.canGrant": "{whitelist}: ich kann {role} vergeben",
    "setup.whitelist.nicknames.ok": "{whitelist}: ich kann die Nicknames der Mitglieder setzen",
    "setup.whitelist.nicknames.lacks":
      "{whitelist}: die Nicknames der Mitglieder sollen ihren Minecraft-Namen folgen, aber mir fehlt {permission}",
    "setup.whitelist.messageContent":
      "{whitelist} registriert per Nachricht, aber der Message Content Intent ist aus: die Nicks der Mitglieder können nicht gelesen werden",
    "setup.whitelist.messageContent.fix":
      "schalte den Message Content Intent unter {portal} ein, oder {command}",
    "setup.whitelist.noLogChannel":
      "{whitelist} braucht die Freigabe des Teams, aber es ist kein Log-Kanal gesetzt, in dem Anfragen landen",
    "setup.whitelist.noLogChannel.fix": "leg einen fest mit {command}",
    "setup.warning": "⚠️ {title}. Behebung: {fix}.",
    "access.rolesUnseen":
      "⚠️ Discord lässt mich die Rollen der Mitglieder nicht sehen (der Server Members Intent ist aus), also behalten Mitglieder ohne erforderliche Rolle ihre Nicks, bis sie von Hand entfernt werden.",
    "access.allHold": "Jedes Mitglied mit einem Nick darauf hat eine ihrer erforderlichen Rollen.",
    "access.removed": {
      one: "{count} Nick eines Mitglieds ohne eine ihrer erforderlichen Rollen wurde entfernt (Herkunft: Rolle verloren).",
      other:
        "{count} Nicks von Mitgliedern ohne eine ihrer erforderlichen Rollen wurden entfernt (Herkunft: Rolle verloren).",
    },
    "ranks.oneHolder":
      "Nenne mit genau einer Option, wer in der Gruppe ist: `role` oder `members` (alle auf der Whitelist oder ihre bestätigten Konten).",
    "ranks.holder.everyone": "alle auf der Whitelist",
    "ranks.holder.verified": "bestätigte Konten",
    "ranks.line": "`{group}` ← {holders}",
    "ranks.added":
      "{holder} → `{group}` auf **{whitelist}**: die Agenten der Spielserver geben jedem Spieler seine Gruppe.",
    "ranks.addedAgain": "{holder} ist auf **{whitelist}** schon in `{group}`: nichts geändert.",
    "ranks.changed": "Nicks mit geänderten Gruppen: {count}.",
    "ranks.removed": "`{group}` auf **{whitelist}** folgt {holders} nicht mehr.",
    "ranks.noneRemoved": "**{whitelist}** ordnet `{group}` nichts zu: nichts geändert.",
    "ranks.noneRemoved.holder": "**{whitelist}** steckt {holder} nicht in `{group}`: nichts geändert.",
    "ranks.rolesUnseen":
      "⚠️ Discord gibt dem Bot den Server-Members-Intent nicht: er sieht keine Rollenänderung, daher folgen die Gruppen den Rollen, die Mitglieder bei der Registrierung hatten, bis er aktiviert ist.",
    "ranks.list.none":
      "**{whitelist}** ordnet keiner Spielgruppe eine Rolle zu. Füge eine mit `/whitelist ranks add` hinzu.",
    "ranks.list.header": "Ränge von **{whitelist}** (Spielgruppe ← wer drin ist):",
    "ranks.list.how":
      "Spielserver setzen sie über den `sync`-Agenten um (`--groups luckperms`, `--on-group-add` oder die permissions.json eines Bedrock-Servers).",
    "roleLimit.usage":
      "Schreib das Nick-Limit einer Rolle als `<Rolle>=<Zahl>` (1-{max}), z. B. `@Spender=3`, oder `@Spender=none` zum Aufheben; die Rolle per Erwähnung, ID oder genauem Namen.",
    "roleLimit.ambiguous":
      "Mehrere Rollen heißen „{name}“: gib stattdessen die Erwähnung oder ID der Rolle an.",
    "roleLimit.unknownName":
      "Auf diesem Server gibt es keine Rolle „{name}“, also wurde kein Limit gesetzt. Wähle sie per Erwähnung (tippe @ und ihren Namen), ID oder genauem Namen.",
    "roleLimit.unknownId":
      "Auf diesem Server gibt es keine Rolle mit der ID {id}, also wurde kein Limit gesetzt. Wähle sie per Erwähnung (tippe @ und ihren Namen), ID oder genauem Namen.",
    "roleLimit.notNumber":
      "Das Nick-Limit einer Rolle ist eine ganze Zahl von 1 bis {max}, oder none zum Aufheben; „{value}“ ist keins von beidem.",
    "roleLimit.none": "keine (jedes Mitglied: {max}, max-nicks)",
    "roleLimit.others": " (ein Mitglied bekommt das höchste seiner Rollen; {max} ohne eine davon, max-nicks)",
    "roleLimit.more": " … und {count} weitere",
    "roles.list.required": "Erforderlich (eine davon erlaubt die Registrierung)",
    "roles.list.granted": "Bei Registrierung vergeben",
    "roles.list.manager": "Verwalter (Nicks aller hinzufügen und entfernen)",
    "roles.everyone": "@everyone geht hier nicht; wähle eine echte Rolle.",
    "roles.header": "Rollen von **{whitelist}**:",
    "roles.header.changed": "✅ Rollen von **{whitelist}**:",
    "roles.line": "• {label}: {roles}",
    "roles.limits": "• Nick-Limits nach Rolle: {limits}",
    "roles.how":
      "Ändere eine Liste mit `add-…`/`remove-…` (je eine Rolle), oder leere sie mit `clear`; setz das Nick-Limit einer Rolle mit `limit:@Rolle=3` (`@Rolle=none` hebt es auf).",
    "import.outcome.added": "hinzugefügt",
    "import.outcome.wouldBeAdded": "würde hinzugefügt",
    "import.outcome.already": "schon da",
    "import.outcome.invalid": "ungültig",
    "import.outcome.denied": "gesperrt",
    "import.outcome.unchecked": "nicht geprüft",
    "import.outcome.refused": "abgelehnt",
    "import.format.plain": "eine einfache Liste",
    "import.format.easywhitelist": "eine EasyWhitelist-config.yml",
    "import.format.vanilla": "eine whitelist.json von Minecraft",
    "import.file": "**{file}** ({format}, {names})",
    "import.tally": "{label}: {count}",
    "import.dryRun": "🔎 Probelauf von {file} auf **{whitelist}** für {member}: nichts wurde geändert.",
    "import.done": "📥 {file} in **{whitelist}** für {member} importiert.",
    "import.unchecked": {
      one: "⏳ {count} Name konnte nicht nachgeschlagen werden, also wurde dafür nichts gespeichert: importiere dieselbe Datei später noch einmal (was dann schon auf der Whitelist steht, heißt „{already}“).",
      other:
        "⏳ {count} Namen konnten nicht nachgeschlagen werden, also wurde dafür nichts gespeichert: importiere dieselbe Datei später noch einmal (was dann schon auf der Whitelist steht, heißt „{already}“).",
    },
    "import.rolesRefused":
      "Ich konnte {member} {roles} nicht vergeben (Details im Log-Kanal); die Nicks bleiben.",
    "import.next":
      "Jeder Name und was aus ihm wurde steht in der angehängten `{file}`. Übergib Nicks ihren Spielern mit `/whitelist transfer`.",
    "import.next.dryRun":
      "Jeder Name und was aus ihm wurde steht in der angehängten `{file}`. Führe den Befehl ohne `dry-run` noch einmal aus, um zu importieren.",
    "import.detail.taken": "schon auf {whitelist}",
    "import.detail.held": "schon auf {whitelist} ({nick})",
    "import.detail.notPremium": "kein Premium-Account; {whitelist} nimmt nur Premium-Accounts",
    "import.detail.unreachable":
      "{service} war nicht erreichbar: nicht geprüft, importiere die Datei noch einmal",
    "import.detail.earlier": "schon früher aufgeführt, in Zeile {line}",
    "import.detail.meanwhile": "inzwischen auf {whitelist} registriert",
    "import.detail.notStored": "nicht gespeichert: {reason}",
    "import.detail.unexpected": "ein unerwarteter Fehler hat den Import gestoppt (er ist geloggt)",
    "import.refused.noNick": {
      one: "Die {count} Zeile von {file} ist kein Nick, den {whitelist} annimmt, also ist es keine Nick-Liste. {attach}",
      other:
        "Keine der {count} Zeilen von {file} ist ein Nick, den {whitelist} annimmt, also ist es keine Nick-Liste. {attach}",
    },

    "dashboard.skip": "Zum Inhalt springen",
    "dashboard.signedInAs": "Angemeldet als {name}",
    "dashboard.signOut": "Überall abmelden",
    "dashboard.nav.server": "Seiten von {server}",
    "dashboard.yes": "ja",
    "dashboard.no": "nein",
    "dashboard.signIn.title": "Anmelden",
    "dashboard.signIn.intro":
      "Das Dashboard von whitelist-sync zeigt die Server, auf denen du bist, mit dem, was Discord dich dort sehen lässt: dem Team seine Whitelists, Anfragen und das Protokoll, Mitgliedern ihre eigenen Nicks.",
    "dashboard.signIn.button": "Mit Discord anmelden",
    "dashboard.signIn.signedOut":
      "Du bist abgemeldet, auf allen Geräten, und der Zugriff über Discord ist widerrufen.",
    "dashboard.error.title": "Nicht möglich",
    "dashboard.error.back": "Zurück zu deinen Servern",
    "dashboard.error.notFound": "Hier gibt es nichts, oder nichts, was du sehen darfst.",
    "dashboard.error.forbidden":
      "Abgelehnt: Das kam nicht von deiner eigenen Dashboard-Seite, oder du bist nicht angemeldet. Öffne die Seite neu und versuch es noch einmal.",
    "dashboard.error.internal":
      "Bei uns ist etwas schiefgelaufen; es wurde protokolliert. Versuch es später noch einmal.",
    "dashboard.error.discord": "Discord ist nicht erreichbar. Versuch es in einer Minute noch einmal.",
    "dashboard.error.badForm":
      "Das Formular war nicht wie erwartet ausgefüllt. Öffne die Seite neu und versuch es noch einmal.",
    "dashboard.error.memberLeft":
      "Dieses Mitglied ist nicht mehr auf dem Server, daher kann seine Anfrage nicht angenommen werden.",
    "dashboard.error.signInExpired":
      "Diese Anmeldung ist abgelaufen oder wurde in einem anderen Browser begonnen. Melde dich erneut an.",
    "dashboard.error.signInCancelled": "Die Anmeldung wurde bei Discord abgebrochen.",
    "dashboard.error.signInRefused": "Discord hat die Anmeldung abgelehnt. Melde dich erneut an.",
    "dashboard.servers.title": "Deine Server",
    "dashboard.servers.none":
      "Keiner deiner Server nutzt whitelist-sync, oder es gibt dort nichts, was du sehen darfst.",
    "dashboard.access.server": "du verwaltest diesen Server",
    "dashboard.access.manager": "du verwaltest {whitelists}",
    "dashboard.access.member": "deine eigenen Nicks",
    "dashboard.tab.overview": "Whitelists",
    "dashboard.tab.requests": "Anfragen",
    "dashboard.tab.log": "Protokoll",
    "dashboard.tab.keys": "Link-Schlüssel",
    "dashboard.tab.me": "Meine Seite",
    "dashboard.overview.title": "Whitelists",
    "dashboard.overview.member":
      "Du bist hier Mitglied: Deine Seite zeigt deine Nicks, verknüpften Accounts und Anfragen.",
    "dashboard.overview.yours": "Deine Seite",
    "dashboard.overview.whitelists": "Whitelists, die du siehst",
    "dashboard.overview.noWhitelists": "Hier gibt es keine Whitelist, die du sehen darfst.",
    "dashboard.overview.settings": "Einstellungen",
    "dashboard.overview.requests": "Anfragen",
    "dashboard.overview.pending": { one: "{count} Anfrage wartet", other: "{count} Anfragen warten" },
    "dashboard.overview.activity": "Registrierungen und Entfernungen",
    "dashboard.whitelist.open": "offen",
    "dashboard.whitelist.closed": "geschlossen",
    "dashboard.column.name": "Name",
    "dashboard.column.nickType": "Nick-Typ",
    "dashboard.column.mode": "Registrierung",
    "dashboard.column.state": "Status",
    "dashboard.column.nick": "Nick",
    "dashboard.column.owner": "Mitglied",
    "dashboard.column.details": "Details",
    "dashboard.column.added": "Hinzugefügt",
    "dashboard.column.remove": "Entfernen",
    "dashboard.column.when": "Wann",
    "dashboard.column.change": "Änderung",
    "dashboard.column.whitelist": "Whitelist",
    "dashboard.column.by": "Von",
    "dashboard.column.origin": "Herkunft",
    "dashboard.column.reason": "Grund",
    "dashboard.chart.caption": "Registrierungen und Entfernungen pro Tag, die letzten {days} Tage (UTC).",
    "dashboard.chart.day": "{day}: {added} hinzugefügt, {removed} entfernt",
    "dashboard.chart.added": "hinzugefügt",
    "dashboard.chart.removed": "entfernt",
    "dashboard.chart.asTable": "Dasselbe als Tabelle",
    "dashboard.chart.dayColumn": "Tag",
    "dashboard.entries.title": "Einträge von {whitelist}",
    "dashboard.entries.caption": "Die Nicks auf {whitelist}",
    "dashboard.entries.search": "Nick beginnt mit",
    "dashboard.entries.filter": "Status",
    "dashboard.entries.kind": "Art",
    "dashboard.entries.apply": "Anzeigen",
    "dashboard.entries.none": "Kein Eintrag passt.",
    "dashboard.entries.pages": "Seiten",
    "dashboard.entries.first": "Erste Seite",
    "dashboard.entries.next": "Nächste Seite",
    "dashboard.entries.export": "Herunterladen",
    "dashboard.entries.reason": "Grund (optional)",
    "dashboard.entries.reasonFor": "Grund für das Entfernen von {nick}",
    "dashboard.entries.remove": "Entfernen",
    "dashboard.entries.confirm": "{nick} von der Whitelist entfernen?",
    "dashboard.entries.removed": "{nick} wurde entfernt.",
    "dashboard.filter.all": "alle",
    "dashboard.filter.verified": "verifiziert",
    "dashboard.filter.awaiting-proof": "Nachweis ausstehend",
    "dashboard.filter.expiring": "laufen ab",
    "dashboard.kind.any": "jede",
    "dashboard.kind.premium": "Java, Premium",
    "dashboard.kind.offline": "Java, offline",
    "dashboard.kind.bedrock": "Bedrock",
    "dashboard.kind.guest": "Gast (ohne Discord)",
    "dashboard.entry.guest": "Gast",
    "dashboard.entry.bedrock": "Bedrock",
    "dashboard.entry.premium": "Premium",
    "dashboard.entry.offline": "offline",
    "dashboard.entry.verified": "verifiziert",
    "dashboard.entry.awaiting": "Nachweis ausstehend bis {when}",
    "dashboard.entry.expires": "läuft ab {when}",
    "dashboard.requests.title": "Wartende Anfragen",
    "dashboard.requests.none": "Keine Anfrage wartet.",
    "dashboard.requests.heading": "{nick} auf {whitelist}",
    "dashboard.requests.by": "Angefragt von {member}, {when}.",
    "dashboard.requests.member": "Seine Seite",
    "dashboard.requests.noAnswers": "Keine Antworten auf ein Formular.",
    "dashboard.requests.reason": "Grund (optional; das Mitglied liest ihn)",
    "dashboard.requests.approve": "Annehmen",
    "dashboard.requests.reject": "Ablehnen",
    "dashboard.requests.approved": "{nick} wurde angenommen.",
    "dashboard.requests.rejected": "{nick} wurde abgelehnt.",
    "dashboard.settings.title": "Einstellungen von {whitelist}",
    "dashboard.settings.channel": "Kanal",
    "dashboard.settings.requiredRoles": "Erforderliche Rollen",
    "dashboard.settings.grantedRoles": "Vergebene Rollen",
    "dashboard.settings.managerRoles": "Verwalter-Rollen",
    "dashboard.settings.maxNicks": "Nicks pro Mitglied",
    "dashboard.settings.lifetime": "Einträge laufen ab nach",
    "dashboard.settings.lifetimeHelp": "Eine Dauer wie 30d oder 12h; leer: für immer.",
    "dashboard.settings.forGood": "für immer",
    "dashboard.settings.proof": "Eigentumsnachweis",
    "dashboard.settings.inDiscord": "Kanal und Rollen werden in Discord mit /whitelist edit geändert.",
    "dashboard.settings.change": "Ändern",
    "dashboard.settings.removeOnLeave": "Nicks von Mitgliedern entfernen, die gehen",
    "dashboard.settings.onRoleLoss": "Wenn ein Mitglied die erforderlichen Rollen verliert",
    "dashboard.settings.save": "Speichern",
    "dashboard.settings.saved": "Gespeichert.",
    "dashboard.member.title": "{member}",
    "dashboard.member.yours": "Deine Seite",
    "dashboard.member.partial": "Nur die Whitelists, die du verwaltest, werden gezeigt.",
    "dashboard.member.nicks": "Nicks",
    "dashboard.member.registered": "selbst registriert",
    "dashboard.member.addedBy": "hinzugefügt von {member}",
    "dashboard.member.guests": "Von ihm hinzugefügte Spieler ohne Discord",
    "dashboard.member.linked": "Verknüpfte Java-Accounts",
    "dashboard.member.waiting": "Wartende Anfragen",
    "dashboard.member.answers": "Formularantworten",
    "dashboard.member.history": "Verlauf",
    "dashboard.log.title": "Protokoll",
    "dashboard.log.every": "alle",
    "dashboard.log.added": "hinzugefügt",
    "dashboard.log.removed": "entfernt",
    "dashboard.log.member": "Mitglied (Discord-ID)",
    "dashboard.log.live": "Neue Änderungen erscheinen oben, sobald sie geschehen.",
    "dashboard.log.arrived": "Eine neue Änderung ist da.",
    "dashboard.log.none": "Noch keine Änderung.",
    "dashboard.log.newest": "Neueste",
    "dashboard.log.older": "Ältere",
    "dashboard.log.key": "Schlüssel {name}",
    "dashboard.keys.title": "Link-Schlüssel",
    "dashboard.keys.id": "ID",
    "dashboard.keys.scope": "Reicht bis",
    "dashboard.keys.access": "Darf",
    "dashboard.keys.lastUsed": "Zuletzt benutzt",
    "dashboard.keys.webhookColumn": "Webhook",
    "dashboard.keys.wholeServer": "jede Whitelist des Servers",
    "dashboard.keys.noWebhook": "keiner",
    "dashboard.keys.webhookUnused": "{host}, noch nichts gesendet",
    "dashboard.keys.webhook": "{host}: {outcome}, {when} ({ms} ms)",
    "dashboard.keys.created": "{member}, {when}",
    "dashboard.keys.revoke": "Widerrufen",
    "dashboard.keys.confirm":
      "Den Schlüssel {name} widerrufen? Game-Server, die ihn nutzen, verlieren sofort den Zugang.",
    "dashboard.keys.revoked": "widerrufen {when}",
    "dashboard.keys.revokedDone": "Der Schlüssel {name} wurde widerrufen.",
    "dashboard.keys.none": "Noch kein Link-Schlüssel.",
    "dashboard.keys.new": "Neuer Schlüssel",
    "dashboard.keys.create": "Schlüssel erstellen",
    "dashboard.keys.createdOnce":
      "Der Schlüssel {name} wurde erstellt. Kopiere ihn jetzt: Er wird nur dieses eine Mal gezeigt.",
    "dashboard.keys.agentColumn": "Agent",
    "dashboard.keys.agentNone": "keine Meldung",
    "dashboard.keys.agentConnected": "verbunden, letzte Meldung {when}",
    "dashboard.keys.agentDisconnected": "getrennt, zuletzt gesehen {when}",
    "dashboard.keys.agentFile": "{agent}, schreibt eine {format}-Datei",
    "dashboard.keys.agentManagement": "{agent}, über die Management-API des Servers",
    "dashboard.keys.agentApplied": "zuletzt angewendete Änderung: {id}",
    "dashboard.keys.agentNoneApplied": "keine Änderung angewendet seit dem letzten vollständigen Lesen",
    "dashboard.keys.agentDrift": "Spieler, die jemand anderes in seiner Liste geändert hat: {count}",
    "dashboard.keys.agentError": "letzter Fehler ({when}): {error}",
    "dashboard.keys.agents":
      "Der Agent eines Game-Servers (whitelist-sync sync) meldet seinen Zustand über seinen Socket; bei einem Schlüssel, den ein anderer Client nutzt, weiß der Dienst nur die letzte Nutzung und die letzte Zustellung seines Webhooks.",
  },
} satisfies LanguageFile<"de">;
