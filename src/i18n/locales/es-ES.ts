import type { LanguageFile } from "../messages.ts";

// Español (España; también el de Latinoamérica, es-419, hasta que tenga su archivo). Términos de Minecraft y
// Discord como los usa la comunidad: whitelist, nick, gamertag, servidor, rol, staff. Comandos: /registrar,
// /desregistrar, /vincular, /desvincular; las opciones conservan su nombre en inglés.

/** Spanish: its messages (its command localizations: ./commands/es-ES.ts). */
export const esES = {
  messages: {
    "common.apology": "Algo ha fallado por nuestra parte; ha quedado registrado. Inténtalo más tarde.",
    "common.dmOnly": "whitelist-sync funciona dentro de un servidor, no en mensajes directos.",
    "common.unknownCommand": "Este comando no se conoce (ya); inténtalo de nuevo en un minuto.",
    "common.unknownSubcommand": "Este subcomando no se conoce (ya); inténtalo de nuevo en un minuto.",
    "common.buttonInactive": "Este botón ya no está activo.",
    "common.needsManageGuild":
      "Solo los miembros con el permiso «Gestionar servidor» pueden hacer eso. Pide a un admin del servidor que lo haga.",
    "common.oneOf": "{option} debe ser uno de estos: {allowed}.",
    "common.andMore": "… y {count} más.",
    "common.none": "ninguno",
    "common.verbatim": "{text}",
    "common.dash": "—",

    "error.notManager":
      "Solo el staff de {whitelist} (Gestionar servidor o uno de sus roles de gestión) puede hacer eso.",
    "error.closed":
      "{whitelist} está cerrada a registros ahora mismo. Pregunta al staff cuándo vuelve a abrir.",
    "error.missingRole.self": "Para registrarte en {whitelist} necesitas uno de sus roles requeridos.",
    "error.missingRole.approval": "Ese miembro ya no tiene ninguno de los roles que exige {whitelist}.",
    "error.missingRole.staff":
      "Ese miembro no tiene ninguno de los roles que exige {whitelist}, y sus nicks siguen esos roles (on-role-loss: remove): un nick añadido para él se quitaría al instante.",
    "error.denied": "{nick} está vetado en {whitelist}{as}{reason}.",
    "error.denied.as": " (como {nick})",
    "error.denied.reason": ": {reason}",
    "error.taken.spelled":
      "{nick} ya está en {whitelist}, escrito así. {spelling} Si no es tuyo, registra otro nick.",
    "error.taken":
      "{nick} ya está en {whitelist}. Si es tuyo, pide al staff que lo revise; si no, registra otro nick.",
    "error.takenJustNow": "Alguien acaba de registrar {nick} en {whitelist}.",
    "error.takenPlain": "{nick} ya está en {whitelist}.",
    "error.limit.self": "Ya tienes {held} en {whitelist}, el máximo permitido ({max}).",
    "error.limit.other": "Ese miembro ya tiene {held} en {whitelist}, el máximo permitido ({max}).",
    "error.limit.nicks": { one: "{count} nick", many: "{count} de nicks", other: "{count} nicks" },
    "error.limit.withWaiting": {
      one: "{count} nick registrado o pendiente de aprobación",
      many: "{count} de nicks registrados o pendientes de aprobación",
      other: "{count} nicks registrados o pendientes de aprobación",
    },
    "error.pending":
      "Ya pediste {nick} en {whitelist}; el staff lo revisará pronto. No hace falta volver a pedirlo.",
    "error.wrongMode.approval": "Los registros en {whitelist} necesitan la aprobación del staff.",
    "error.wrongMode.direct": "{whitelist} no necesita aprobación.",
    "error.linkedElsewhere.self":
      "{nick} pertenece a otro miembro de este servidor, que demostró ser su dueño: solo él puede registrarlo.",
    "error.linkedElsewhere.other":
      "{nick} pertenece a otro miembro de este servidor, que demostró ser su dueño: solo puede registrarse para él.",
    "error.proof.notPremium":
      "{whitelist} solo acepta cuentas verificadas, y {nick} no es una cuenta premium: nadie puede verificarla.",
    "error.proof.self": "{whitelist} solo acepta cuentas verificadas: demuestra primero que {nick} es tuya.",
    "error.proof.other":
      "{whitelist} solo acepta cuentas verificadas, y ese miembro no ha demostrado que {nick} sea suya.",
    "error.notOwner": "{nick} en {whitelist} pertenece a otro miembro; solo él o el staff pueden quitarlo.",
    "error.memberLeft.register": "Ese miembro ya no está en el servidor; no se ha registrado nada.",
    "error.memberLeft.transfer": "Ese miembro ya no está en el servidor; no se ha traspasado nada.",
    "error.notOn": "{nick} no está en {whitelist}. Revisa cómo se escribe e inténtalo de nuevo.",
    "error.notOnPlain": "{nick} no está en {whitelist}.",
    "error.thatNick": "Ese nick",
    "error.goneMeanwhile":
      "{nick} se quitó de {whitelist} o se traspasó mientras tanto; no se ha cambiado nada.",
    "error.nick.empty": "El nick está vacío. {rule}",
    "error.nick.invalid": "«{nick}» no es un nick válido. {rule}",
    "error.nick.javaRule":
      "Un nick de Minecraft Java tiene de 3 a 16 caracteres: letras A-Z, dígitos 0-9 y `_`, sin espacios. Revisa cómo se escribe e inténtalo de nuevo.",
    "error.nick.bedrockRule":
      "Un gamertag de Bedrock (Xbox) tiene de 1 a 16 letras A-Z, dígitos y espacios sueltos, y no empieza por un dígito (escríbelo como en Xbox, o como lo muestra el juego con el prefijo y `_`). Revisa cómo se escribe e inténtalo de nuevo.",
    "error.notPremium":
      "{nick} no es una cuenta premium (de pago) de Minecraft, y {whitelist} solo acepta cuentas premium. Revisa cómo se escribe, o registra el nick de tu cuenta premium.",
    "error.gamertagUnknown":
      "Ninguna cuenta de Xbox tiene el gamertag {gamertag}. Revisa cómo se escribe en tu perfil de Xbox e inténtalo de nuevo.",
    "error.mojangDown": "No se puede contactar con Mojang ahora mismo; inténtalo en un minuto.",
    "error.geyserDown":
      "No se puede contactar con la búsqueda de gamertags de GeyserMC ahora mismo; inténtalo en un minuto.",
    "error.storeBusy":
      "La base de datos está ocupada (otro programa la tiene); no se ha cambiado nada. Inténtalo en unos segundos.",
    "error.storeDown":
      "No se puede contactar con la base de datos o está ocupada; no se ha cambiado nada. Inténtalo en unos segundos.",
    "error.storeSlow": "La base de datos no respondió en {ms} ms{detail}. Inténtalo en unos segundos.",
    "error.whitelist.unknown": "No hay ninguna whitelist «{name}» en este servidor.",
    "error.whitelist.none": "Este servidor aún no tiene ninguna whitelist.",
    "error.whitelist.which": "¿Qué whitelist? Este servidor tiene {names}.",
    "error.whitelist.gone": "Esa whitelist no existe.",
    "error.whitelist.justDeleted": "Esa whitelist se acaba de borrar.",
    "error.request.gone":
      "Esa solicitud ya no existe (puede que se borrara su whitelist). El miembro puede volver a pedirlo.",
    "error.request.deciding": "Otro miembro del staff está decidiendo esta solicitud ahora mismo.",
    "error.request.decided.approved": "Esta solicitud ya se aprobó; no hay nada que hacer.",
    "error.request.decided.rejected": "Esta solicitud ya se rechazó; no hay nada que hacer.",
    "error.request.decided.cancelled": "Esta solicitud ya se canceló; no hay nada que hacer.",
    "error.request.notYours": "Solo el miembro que la pidió, o el staff, puede retirar esta solicitud.",
    "error.request.noLogChannel":
      "{whitelist} necesita la aprobación del staff, pero las solicitudes no se pueden publicar en ningún canal de registro.",
    "error.code.malformed":
      "Eso no es un código: un código tiene 8 letras y dígitos, como K7QX-29MD, y se muestra al entrar en el servidor de vinculación (o en el servidor de juego, que te pide demostrar tu cuenta).",
    "error.code.limited": "Demasiados códigos que no funcionaron: espera antes de escribir otro.",
    "error.code.wrong": "Ese código no existe: revísalo y escríbelo de nuevo.",
    "error.code.expired":
      "Ese código ha caducado (los códigos duran 10 minutos): vuelve a entrar en el servidor de vinculación para obtener otro.",
    "error.code.reused":
      "Ese código ya se usó: vuelve a entrar en el servidor de vinculación para obtener otro.",
    "error.code.expired.firstJoin":
      "Ese código ha caducado (los códigos duran 10 minutos): vuelve a entrar en el servidor de juego para obtener otro.",
    "error.code.reused.firstJoin":
      "Ese código ya se usó: vuelve a entrar en el servidor de juego para obtener otro.",
    "error.code.foreign.server":
      "Ese código demuestra un registro en otro servidor de Discord: escríbelo allí.",
    "error.code.foreign.member":
      "Ese código demuestra el registro de otro miembro: solo el miembro que registró esa cuenta puede escribirlo.",
    "error.code.held":
      "{account} está vinculada a otro miembro de este servidor, que la verificó antes que tú. Si ahora la cuenta es tuya, pídele que la desvincule, o pregunta al staff.",
    "error.code.notJava":
      "{whitelist} admite nicks {nickType}, y un código verifica una cuenta de Java. Vincúlala con /vincular, o regístrate en una whitelist java o premium.",
    "error.unlink.notStaff":
      "Solo el staff con «Gestionar servidor» puede desvincular la cuenta de otro miembro.",
    "error.unlink.none.self": "No tienes ninguna cuenta vinculada en este servidor.",
    "error.unlink.none.other": "Ese miembro no tiene ninguna cuenta vinculada en este servidor.",
    "error.unlink.noneNamed.self": "No tienes ninguna cuenta vinculada {account} en este servidor.",
    "error.unlink.noneNamed.other":
      "Ese miembro no tiene ninguna cuenta vinculada {account} en este servidor.",
    "error.unlink.several.self": "Tienes {count} cuentas vinculadas ({accounts}): indica una.",
    "error.unlink.several.other": "Ese miembro tiene {count} cuentas vinculadas ({accounts}): indica una.",
    "error.unlink.gone": "{account} ya no está vinculada.",
    "error.transfer.proven":
      "{nick} lo verificó el miembro que lo tiene. Otro miembro lo obtiene verificando él mismo la cuenta, lo que se la traspasa.",
    "error.transfer.same": "{nick} en {whitelist} ya pertenece a ese miembro.",
    "error.lookup.others":
      "{nick} en {whitelists} pertenece a otro miembro; solo el staff de esa whitelist puede ver de quién.",
    "error.lookup.notStaff":
      "Solo el staff puede consultar los nicks de otro miembro; puedes consultar los tuyos.",
    "error.deny.reasonTooLong": "Un motivo tiene como máximo {max} caracteres.",
    "error.guest.noteTooLong": "Una nota de invitado tiene como máximo {max} caracteres.",
    "error.key.notFound": "No hay ningún enlace activo con el id {id}.",
    "error.rank.group":
      "El nombre de un grupo del juego tiene de 1 a {max} caracteres a-z 0-9 _ - . + (los nombres de grupo de LuckPerms, en minúsculas); «{given}» no lo es.",
    "error.rank.holder":
      "Un rango nombra un rol, a todos los de la whitelist o a sus cuentas verificadas; «{given}» no es nada de eso.",
    "error.rank.tooMany":
      "Una whitelist asigna como mucho {max} roles a grupos del juego: quita uno primero (`/whitelist ranks remove`).",
    "error.roleLimit.notRole": "Un límite por rol necesita un id de rol; «{given}» no lo es.",
    "error.roleLimit.everyone":
      "@everyone no puede tener un límite de nicks propio: todos los miembros lo tienen. Fija el límite de todos con `{command}`.",
    "error.roleLimit.range":
      "El límite de nicks de un rol es un número entero de 1 a {max} (se recibió {given}).",
    "error.deny.notDenied": "{nick} no está vetado en {whitelist}; no hay nada que levantar.",
    "error.memberUnknown":
      "<@{userId}> no es (ya) miembro de este servidor, así que no se puede registrar nada para él.",
    "error.download": "No pude descargar {file} de Discord ({reason}); inténtalo de nuevo.",
    "error.download.tooSlow": "tardó demasiado",
    "error.download.status": "estado {status}",

    "failure.missingRole.self":
      "Para registrarte en {whitelist} necesitas uno de estos roles: {roles}. Pide uno al staff y vuelve a intentarlo.",
    "failure.missingRole.approval":
      "Ese miembro ya no tiene ninguno de los roles que exige {whitelist} ({roles}). Dale uno y vuelve a aprobar, o rechaza la solicitud.",
    "failure.missingRole.staff":
      "Ese miembro no tiene ninguno de los roles que exige {whitelist} ({roles}), y sus nicks siguen esos roles: un nick añadido para él se quitaría al instante. Dale primero uno de los roles, o conserva los nicks al perder el rol con `/whitelist edit on-role-loss:keep`.",
    "failure.limit.self": "{refusal} Quita uno antes con /desregistrar.",
    "failure.limit.staff":
      "{refusal} Quita uno antes, o sube el límite con /whitelist edit (max-nicks) o el de un rol con /whitelist roles (limit).",
    "failure.wrongMode.approval":
      "Los registros en {whitelist} necesitan la aprobación del staff: usa /registrar y el staff lo revisará.",
    "failure.wrongMode.direct": "{whitelist} no necesita aprobación: regístrate directamente con /registrar.",
    "failure.noWhitelist":
      "Este servidor aún no tiene ninguna whitelist. Pide al staff que cree una con /whitelist create.",
    "failure.unknownWhitelist": "{refusal} Elige uno de los nombres que sugiere el comando.",
    "failure.whichWhitelist":
      "¿Qué whitelist? Este servidor tiene {names}: indica una en la opción `whitelist`, o usa el comando en el canal de una whitelist.",
    "failure.denied.self":
      "⛔ El staff ha vetado {nick} en {whitelist}{as}.{reason}\nRegistra otro nick, o pregunta al staff si crees que es un error.",
    "failure.denied.staff":
      "⛔ {nick} está vetado en {whitelist}{as}.{reason}\nLevanta antes el veto con /whitelist undeny si debe registrarse.",
    "failure.denied.as": " (como {nick})",
    "failure.denied.reason": " Motivo: {reason}",
    "failure.noLogChannel":
      "{whitelist} necesita la aprobación del staff, pero no puedo publicar solicitudes en ningún canal de registro. Pide al staff que configure uno con /whitelist log-channel y vuelve a intentarlo.",
    "failure.formRequired":
      "{whitelist} hace primero unas preguntas que un mensaje no puede mostrar: usa `/registrar` en {channel} y respóndelas allí.",
    "failure.proofRequired": "🔒 {refusal}\n{how}",
    "failure.proofRequired.then": "escribe aquí `/registrar code:<code> whitelist:{whitelist}`",
    "failure.code.lastTry": " Ese era tu último intento por ahora.",
    "failure.code.triesLeft": {
      one: " Te queda {count} intento antes de una espera.",
      many: " Te quedan {count} de intentos antes de una espera.",
      other: " Te quedan {count} intentos antes de una espera.",
    },
    "failure.code.linkServer": " El servidor de vinculación es `{address}`.",
    "failure.code.limited": "⏳ {refusal} Vuelve a intentarlo {when}.",

    "proof.off":
      "La verificación de cuentas aún no está configurada en este servicio (su servidor de vinculación está apagado): pregunta al staff.",
    "proof.how":
      "En Minecraft: Java Edition, añade el servidor `{address}` y entra con esa cuenta: no entrarás en ningún mundo, se te mostrará un código. Después {then} en menos de 10 minutos.",
    "proof.linkedLine": "**{account}** (UUID `{uuid}`), verificada {when}",
    "proof.linked": "🔗 **{account}** está vinculada a ti en este servidor: has demostrado que es tuya.",
    "proof.took":
      "Otros miembros la tenían en {whitelists}; esos nicks se han quitado, ya que demostraste que es tuya (el staff ve el motivo en el registro).",
    "proof.within":
      "✅ Has demostrado que **{account}** es tuya en el servidor de juego que te mostró el código: esa prueba solo vale para su whitelist, así que la cuenta no queda vinculada a ti en este servidor.",
    "proof.verified": "Tu **{account}** en {whitelists} ya está verificada.",
    "proof.firstJoin":
      "🔒 Demuestra que **{nick}** es tuyo: entra en el servidor de juego con él antes de {until} ({in}). Te desconectará con un código: escribe `/vincular code:<code>` aquí y vuelve a entrar. Si no se demuestra para entonces, se quita.",
    "proof.firstJoin.staff":
      "🔒 El nick entra al momento y el miembro lo demuestra la primera vez que entra en el servidor de juego: el agente `sync`, por RCON, lo desconecta con un código que escribe con `/vincular code:`. Sin demostrar tras {window}, se quita (lo que añade el staff no necesita prueba).",

    "link.status.title": "Vinculación de cuentas para {community}",
    "link.status.anyCommunity": "esta comunidad de Discord",
    "link.status.hint": "Entra para obtener un código para Discord (no entrarás en ningún mundo)",
    "link.proven":
      "{name}, has demostrado que la cuenta es tuya.\nTu código: {code}\nEn Discord, escribe {link} en menos de 10 minutos\n(o {register} para ponerla en una whitelist).",
    "link.refused.version":
      "Este servidor vincula cuentas de Minecraft Java {oldest} a {newest}; tu juego usa el protocolo {protocol}.\nEntra con una versión de {oldest} a {newest} para obtener tu código.",
    "link.refused.name": "Ese no es un nombre de Minecraft Java. Entra con tu cuenta Java premium.",
    "link.refused.rateLimited": "Demasiadas entradas desde tu dirección. Espera un minuto y vuelve a entrar.",
    "link.refused.encryption": "Ha fallado el intercambio de cifrado. Reinicia el juego y vuelve a entrar.",
    "link.refused.notJoined":
      "No se ha podido verificar tu cuenta con Mojang.\nReinicia el juego y el launcher y vuelve a entrar (hace falta una cuenta Java premium).",
    "link.refused.sessionUnavailable":
      "No se ha podido verificar tu cuenta con Mojang: su servidor de sesiones no ha respondido.\nVuelve a entrar dentro de un minuto.",
    "link.refused.sessionInvalid":
      "No se ha podido verificar tu cuenta con Mojang: la respuesta de su servidor de sesiones no se puede leer.\nVuelve a entrar dentro de un minuto.",
    "link.refused.sessionMismatch":
      "Mojang ha respondido por otra cuenta distinta de aquella con la que has entrado.\nReinicia el juego y el launcher y vuelve a entrar con tu cuenta Java premium.",
    "link.refused.failed": "Algo ha fallado por nuestra parte. Vuelve a entrar dentro de un minuto.",
    "link.refused.timeout": "El inicio de sesión ha tardado demasiado. Vuelve a entrar.",

    "public.registered": "✅ **{nick}** está en **{whitelist}**. Ya puedes entrar al servidor.",
    "public.approved":
      "{member} ✅ tu solicitud de **{nick}** en **{whitelist}** ha sido aprobada: ya puedes entrar.",
    "public.refused":
      "{member} tu solicitud de **{nick}** en **{whitelist}** no ha sido aprobada. Pregunta al staff si quieres saber por qué.",
    "public.removed": "🗑️ **{nick}** ya no está en **{whitelist}**.",

    "texts.refused.empty": "El texto está vacío: escribe lo que deben leer los miembros.",
    "texts.refused.long": "El texto tiene {length} caracteres; se guardan como máximo {max}.",
    "texts.refused.brace":
      "Una llave no abre ni cierra ningún marcador. Un marcador es un nombre entre llaves: {allowed}.",
    "texts.refused.unknown": "Este texto no tiene el marcador {unknown}. Tiene {allowed}.",
    "texts.name.public.registered": "registrado: la respuesta a un registro",
    "texts.name.public.refused": "rechazado: una solicitud que el staff no aprobó",
    "texts.name.public.approved": "aprobado: una solicitud que el staff aprobó",
    "texts.name.public.removed": "quitado: un nick retirado de una whitelist",
    "texts.saved":
      "✅ Los miembros leen ahora tu versión de **{name}**, sea cual sea su idioma. Con valores de ejemplo:\n{preview}\n`/texts reset` recupera el texto predeterminado.",
    "texts.preview": "**{name}** ({source}), con valores de ejemplo:\n{preview}\nSus marcadores: {allowed}.",
    "texts.source.custom": "tu versión",
    "texts.source.default": "el predeterminado, en {language}",
    "texts.reset": "↩️ **{name}** vuelve a ser el predeterminado, en el idioma de cada lector:\n{preview}",
    "texts.reset.none": "**{name}** no estaba reescrito: ya es el predeterminado.",
    "texts.list":
      "Textos que el staff puede redactar a su manera (`/texts set`), con lo que leen ahora los miembros:\n{texts}",
    "texts.list.item": "• **{name}** ({source}): {preview}",
    "texts.language.set":
      "✅ Lo que todos leen aquí (el canal de registro, las solicitudes de aprobación, las respuestas en modo mensaje) está en {language} a partir de ahora. Cada miembro sigue leyendo sus propias respuestas en su idioma de Discord.",
    "texts.language.discord":
      "✅ Lo que todos leen aquí sigue el idioma de este servidor en Discord: ahora {language}.",
    "texts.sample.nick": "Steve",
    "language.name": "Español",
    "texts.sample.whitelist": "survival",

    "register.requested":
      "📨 Tu solicitud de **{nick}** en **{whitelist}** se ha enviado al staff. Te avisaremos en {channel} cuando decida; no tienes que hacer nada más.",
    "register.awaitingProof":
      "✅ **{nick}** está en **{whitelist}**, a la espera de que demuestres que es tuyo.",
    "register.verified": "🔗 Verificada: has demostrado que esta cuenta es tuya.",
    "register.floodgateName": "Ese es el nombre que Floodgate da al gamertag {gamertag} en el juego.",
    "register.expires":
      "⏳ Caduca {when}: {whitelist} conserva los registros solo durante un tiempo limitado.",
    "register.rolesWaiting":
      "🕒 Tus roles llegan en un momento: Discord solo deja a un bot dar roles a cierto ritmo.",
    "register.rolesRefused": "No he podido darte {roles}; el staff está avisado y lo solucionará.",
    "register.undo": "¿Has cambiado de idea? {command} lo quita.",
    "register.nickOrCode":
      "Indica tu nick de Minecraft (`nick`), o el código que te mostró el servidor de vinculación (`code`).",
    "register.notBoth": "Indica tu nick o un código, no los dos.",
    "register.already": "**{nick}** ya era tuyo en **{whitelist}**; ahora está verificado.",
    "register.codeRefused": "No se ha podido añadir a **{whitelist}**: {refusal}",
    "register.exactSpelling":
      "Entra exactamente como {nick}: un servidor en modo offline distingue a los jugadores por las mayúsculas y minúsculas de su nombre.",
    "register.exactSpellingOther":
      "Entra exactamente como {nick}: un servidor en modo offline distingue a los jugadores por las mayúsculas y minúsculas de su nombre ({other} sería otro jugador, y no se le deja entrar).",

    "unregister.owner": " Pertenecía a {owner}.",
    "unregister.done":
      "{removed}{owner} Los roles dados por él se retiran. Vuelve a registrarte cuando quieras con `/registrar`.",

    "link.how": "Para vincular una cuenta de Minecraft Java: {how}",
    "link.how.then": "escribe aquí `/vincular code:<code>`",
    "link.none": "Aún no tienes ninguna cuenta vinculada en este servidor.",
    "link.list": "Tus cuentas vinculadas aquí:\n{accounts}",
    "link.next":
      "Ponla en una whitelist con {command}: no hace falta volver a entrar. `/desvincular` la olvida.",
    "unlink.you": "ti",
    "unlink.done":
      "🔓 **{account}** ya no está vinculada a {whom} en este servidor. Los nicks registrados con ella siguen en las whitelists (`/desregistrar` quita uno); para volver a verificarla, usa `/vincular`.",

    "approval.expires": " Caduca {when}.",

    "approval.reason": " El equipo dice: {reason}",
    "approval.rolesRefused": "{member} No he podido darte {roles}; el staff está avisado.",
    "approval.cancelled":
      "{member} tu solicitud de **{nick}** en **{whitelist}** se ha cancelado: el staff borró esa whitelist.",

    "form.title": "Solicitud: {whitelist}",
    "form.inactive": "Este formulario ya no está activo.",
    "form.gone": "Esa whitelist ya no existe; no se ha enviado nada.",
    "form.preview":
      "👀 Una vista previa del formulario de **{whitelist}**: no se ha enviado nada. El staff ve las respuestas así:",
    "form.preview.none": "{whitelist} aún no tiene formulario: añade una pregunta con /whitelist form set.",
    "form.answers.title": "Respuestas para {whitelist}",
    "form.answer.more": {
      one: "… ({count} carácter más)",
      many: "… ({count} de caracteres más)",
      other: "… ({count} caracteres más)",
    },
    "form.member.given": "Dadas {when} {about}; {kept}.",
    "form.member.withNick": "con **{nick}**",
    "form.member.withRequest": "con la solicitud `{id}`",
    "form.member.removed": "con un registro ya eliminado",
    "form.member.waiting": "se guardan mientras la solicitud espera",
    "form.member.deleted": "se borran {when}",
    "form.none": "**{whitelist}** no tiene formulario: los miembros se registran sin responder preguntas.",
    "form.header": {
      one: "**{whitelist}** hace {count} pregunta a los miembros al registrarse:",
      many: "**{whitelist}** hace {count} de preguntas a los miembros al registrarse:",
      other: "**{whitelist}** hace {count} preguntas a los miembros al registrarse:",
    },
    "form.question": "{number}. {label} ({style}, {required}, {length}{hint})",
    "form.style.short": "una línea",
    "form.style.paragraph": "párrafo",
    "form.required": "obligatoria",
    "form.optional": "opcional",
    "form.length.between": {
      one: "de {min} a {count} carácter",
      many: "de {min} a {count} de caracteres",
      other: "de {min} a {count} caracteres",
    },
    "form.length.upTo": {
      one: "hasta {count} carácter",
      many: "hasta {count} de caracteres",
      other: "hasta {count} caracteres",
    },
    "form.hint": ", pista «{hint}»",
    "form.where.approval":
      "`/registrar` abre las preguntas en un formulario, y las respuestas llegan al staff con la solicitud.",
    "form.where.command":
      "`/registrar` abre las preguntas en un formulario; las respuestas se guardan con el nick para que el staff las vea.",
    "form.where.message":
      "Un mensaje no puede mostrar un formulario: a un nick publicado en el canal respondo señalando `/registrar`, que lo abre.",
    "form.cleared":
      "✅ **{whitelist}** ya no tiene formulario: los miembros se registran sin responder preguntas. Las respuestas ya dadas se guardan mientras el servidor las conserve (`/whitelist form retention`).",
    "form.setNote":
      "Míralo como lo verán los miembros con `/whitelist form preview`. Los formularios abiertos antes de este cambio se rechazan al enviarlos: esos miembros vuelven a usar `/registrar`.",
    "form.retention.now": {
      one: "Las respuestas al formulario se guardan {count} día una vez decidida su solicitud.",
      many: "Las respuestas al formulario se guardan {count} de días una vez decidida su solicitud.",
      other: "Las respuestas al formulario se guardan {count} días una vez decidida su solicitud.",
    },
    "form.retention.zero":
      "✅ Las respuestas al formulario solo se guardan mientras su solicitud espera al staff; las de solicitudes decididas se borran al momento.",
    "form.retention.set": {
      one: "✅ Las respuestas al formulario se guardan {count} día una vez decidida su solicitud (o hecho el registro) y luego se borran; esto vale también para las ya guardadas. También se borran cuando el miembro se va o se quita el nick.",
      many: "✅ Las respuestas al formulario se guardan {count} de días una vez decidida su solicitud (o hecho el registro) y luego se borran; esto vale también para las ya guardadas. También se borran cuando el miembro se va o se quita el nick.",
      other:
        "✅ Las respuestas al formulario se guardan {count} días una vez decidida su solicitud (o hecho el registro) y luego se borran; esto vale también para las ya guardadas. También se borran cuando el miembro se va o se quita el nick.",
    },
    "form.show.kept": {
      one: "Las respuestas se guardan {count} día tras la decisión, para el staff.",
      many: "Las respuestas se guardan {count} de días tras la decisión, para el staff.",
      other: "Las respuestas se guardan {count} días tras la decisión, para el staff.",
    },
    "error.form.tooMany":
      "Un formulario tiene como máximo {max} preguntas (el límite de Discord para un formulario).",
    "error.form.label": "La pregunta {number} necesita un texto de 1 a {max} caracteres en una línea.",
    "error.form.style": "La pregunta {number} se responde con short o paragraph.",
    "error.form.hint": "La pregunta {number} tiene una pista de como máximo {max} caracteres en una línea.",
    "error.form.minLength":
      "La longitud mínima de la pregunta {number} debe estar entre 0 y {max} caracteres.",
    "error.form.maxLength":
      "La longitud máxima de la pregunta {number} debe estar entre 1 y {max} caracteres.",
    "error.form.minOverMax":
      "La pregunta {number} pide al menos {min} caracteres pero admite como máximo {max}.",
    "error.form.numbered": "Las preguntas van numeradas del 1 al {max}.",
    "error.form.none": "Esta whitelist no tiene formulario.",
    "error.form.numberedNow": "El formulario tiene las preguntas 1 a {max}.",
    "error.form.mismatch":
      "Las respuestas no coinciden con las preguntas del formulario; empieza de nuevo, por favor.",
    "error.form.unanswered": "«{question}» necesita una respuesta.",
    "error.form.length": "La respuesta a «{question}» tiene de {min} a {max} caracteres.",
    "error.form.changed":
      "El staff cambió las preguntas de {whitelist} mientras las respondías; no se ha enviado nada. Vuelve a usar /registrar para ver las nuevas.",
    "error.form.needed": "{whitelist} hace primero unas preguntas: regístrate con /registrar en su canal.",
    "error.formRetention":
      "Las respuestas al formulario se guardan de 0 a {max} días (0: solo mientras una solicitud espera).",
    "error.guest.noNote":
      "Un invitado necesita una nota que diga quién es (amigo de quién, qué evento), para el staff que vea el nick más adelante.",
    "banSync.on":
      "✅ La sincronización de baneos está activada: cuando alguien es baneado de este servidor, cada nick que tenía queda vetado en su whitelist («{reason}»), así que ninguna otra cuenta puede registrarlo; desbanearlo levanta esos vetos (no los del staff). Los baneos hechos mientras estaba desconectado no se ven.",
    "banSync.off":
      "✅ La sincronización de baneos está desactivada: un baneo solo quita los nicks como cualquier salida. Los vetos que puso un baneo siguen hasta que se desbanee al miembro, o hasta que el staff los levante con `/whitelist undeny`.",
    "answers.deleted.title": "El mensaje de un miembro se borró antes de que respondiera",
    "answers.deleted":
      "En {channel} se borró un mensaje con un nick (AutoMod, un bot de moderación o el miembro) antes de que pudiera responderlo: respondí con una publicación normal que menciona al miembro. No hay nada que arreglar, salvo que esos borrados no sean intencionados. (Lo digo una vez por canal hasta que me reinicie.)",
    "answers.history.title": "No puedo responder a los miembros ni reaccionar a sus mensajes",
    "answers.history":
      "En {channel} no tengo {lacking}, sin lo cual no puedo responder ni reaccionar: los miembros reciben una publicación normal que los menciona en lugar de una respuesta o un ✅. Para arreglarlo: permíteselo al bot (o a su rol) en Editar canal → Permisos. (Lo digo una vez por canal hasta que me reinicie.)",
    "answers.lacking.history": "el permiso «Leer el historial de mensajes»",
    "answers.lacking.reactions": "el permiso «Añadir reacciones»",
    "answers.lacking.both": "los permisos «Leer el historial de mensajes» y «Añadir reacciones»",
    "nickname.scope":
      "Discord no deja a ningún bot cambiar el apodo del dueño del servidor{above}: conservan sus propios apodos.",
    "nickname.scope.above": ", ni el de los miembros con {roles} (a la altura de mi rol o por encima)",
    "nickname.blocked": "⚠️ No puedo cambiar el apodo de {member}: {reason}.",

    "message.expiring": "⏳ **{nick}** queda registrado hasta que caduque {when}.",
    "message.registered": "{reaction} **{nick}** está registrado.",
    "message.rolesRefused": "Estás registrado, pero no he podido darte {roles}; el staff está avisado.",
    "message.paused":
      "Los registros en {whitelist} están en pausa: Discord no me deja leer mensajes ahora mismo (el intent Message Content del bot está desactivado). El staff está avisado; inténtalo más tarde.",

    "time.in": "dentro de {duration} ({when})",
    "time.days": { one: "{count} día", many: "{count} de días", other: "{count} días" },
    "time.hours": { one: "{count} hora", many: "{count} de horas", other: "{count} horas" },
    "time.minutes": { one: "{count} minuto", many: "{count} de minutos", other: "{count} minutos" },
    "time.seconds": { one: "{count} segundo", many: "{count} de segundos", other: "{count} segundos" },
    "time.forGood": "para siempre",
    "time.lifetime": "{duration} para los registros de los propios miembros (el staff elige con `expires`)",

    "staff.list.none":
      "Este servidor aún no tiene ninguna whitelist. El staff crea una con `/whitelist create`.",
    "staff.list.header": {
      one: "{count} whitelist:",
      many: "{count} de whitelists:",
      other: "{count} whitelists:",
    },
    "staff.list.item": "• **{name}** (`{id}`) en {channel}: {nickType}, modo {mode}, {nicks}{closed}",
    "staff.list.closed": ", cerrada",
    "staff.list.footer": "Detalles con `/whitelist show`; registro con `/registrar`.",
    "staff.remove.done":
      "{removed} Pertenecía a {owner}. Los roles dados por él se retiran; los servidores de juego se enteran al instante.",
    "staff.undeny.done":
      "✅ **{nick}** puede volver a registrarse en **{whitelist}**. No se ha vuelto a añadir nada: su dueño lo registra de nuevo con `/registrar`, o el staff con `/whitelist add`.",
    "staff.transfer.done":
      "🔀 **{nick}** en **{whitelist}** ahora pertenece a {to} (antes era de {from}). Los servidores de juego no ven ningún cambio.",
    "staff.transfer.doneGuest":
      "🔀 **{nick}** en **{whitelist}** ahora pertenece a {to} (era un invitado de {from}). Los servidores de juego no ven ningún cambio.",
    "staff.transfer.grantFailed": "No he podido darle {roles}; el nick es suyo de todos modos.",
    "staff.transfer.revertFailed":
      "No he podido quitarle {roles} a {from}; quítalo a mano si no debe conservarlo.",
    "staff.whois.found": "🔎 **{nick}** está en {whitelists}.",
    "staff.whois.none": "🔎 **{nick}** no está en ninguna whitelist que puedas ver.",
    "staff.whois.hidden": {
      one: "También está en {count} whitelist que no gestionas, para otro miembro.",
      many: "También está en {count} de whitelists que no gestionas, para otro miembro.",
      other: "También está en {count} whitelists que no gestionas, para otro miembro.",
    },
    "staff.whois.more": "… y {count} más: indica una whitelist.",
    "staff.member.partial": "las whitelists que gestionas",
    "staff.member.all": "las whitelists de este servidor",
    "staff.member.linked": "Cuentas vinculadas (verificadas):",
    "staff.member.none": "{member} no tiene nicks en {where}.",
    "staff.member.header": {
      one: "{member} tiene {count} nick en {where}:",
      many: "{member} tiene {count} de nicks en {where}:",
      other: "{member} tiene {count} nicks en {where}:",
    },
    "staff.member.item": "• **{nick}** en **{whitelist}**: {how} {when}{expires}{verified}{ranks}",
    "staff.member.registered": "registrado",
    "staff.member.addedBy": "añadido por {member}",
    "staff.member.expires": ", caduca {when}",
    "staff.member.ranks": ", rangos: {groups}",
    "staff.member.verified": ", verificado",
    "staff.member.awaiting": ", a la espera de la prueba en la primera entrada",
    "staff.member.guests": "Invitados que añadió (jugadores sin Discord):",
    "staff.member.guest": "• **{nick}** en **{whitelist}**: {note}, {when}{expires}",
    "staff.member.answers": "Respuestas al formulario (abajo{files}{more}):",
    "staff.member.answers.files": "; las largas, enteras en el archivo",
    "staff.member.answers.more": {
      one: "; {count} más antigua sin mostrar",
      many: "; {count} de respuestas más antiguas sin mostrar",
      other: "; {count} más antiguas sin mostrar",
    },
    "staff.logChannel.off":
      "El registro está desactivado. Las solicitudes de aprobación necesitan un canal de registro: configura uno de nuevo con `/whitelist log-channel`.",
    "staff.logChannel.set":
      "✅ A partir de ahora registro en {channel}. Que solo lo vea el staff: ahí están los botones de aprobación.",
    "staff.logChannel.failed": "⚠️ {channel} está configurado, pero no he podido publicar allí.",
    "staff.export.done":
      "📄 **{whitelist}** como `{file}` ({nicks}). Ponlo en la carpeta de tu servidor, o deja que el servidor lo descargue: `{url}` con una clave de `/server-link create`.",
    "lookup.how.member": "lo registró el miembro",
    "lookup.how.staff": "staff: `/whitelist add`, o una solicitud aprobada",
    "lookup.how.guest": "el staff: `/whitelist guest`, un jugador sin Discord",
    "lookup.never": "nunca",
    "lookup.verified.yes": "sí: el dueño verificó la cuenta",
    "lookup.verified.awaiting": "no: espera la prueba en la primera entrada, se quita {when}",
    "lookup.entry.title": "{nick} en {whitelist}",
    "lookup.denial.title": "{nick} está vetado en {whitelist}",
    "lookup.field.owner": "Dueño",
    "lookup.field.addedBy": "Añadido por",
    "lookup.field.how": "Cómo",
    "lookup.field.when": "Cuándo",
    "lookup.field.deniedBy": "Vetado por",

    "staff.link.created":
      "🔑 Enlace **{name}** para {scope}, {access}. Copia la clave ahora: se muestra una vez y nunca más.",
    "staff.link.howToUse": 'Cómo usarla: `curl -H "Authorization: Bearer {key}" {url}/whitelists`',
    "staff.link.next.remove": "Después: pon la clave en la configuración de tu plugin",
    "staff.link.next.read":
      "Después: guarda la clave en tu propio servidor (nunca en una web ni en sus scripts)",
    "staff.link.next":
      "{next}, o recibe los eventos con `/server-link webhook id:{id}`. ¿La perdiste? `/server-link revoke id:{id}` y crea otra.",
    "staff.link.none": "Aún no hay enlaces. Crea uno para tu servidor de juego con `/server-link create`.",
    "staff.link.header": { one: "{count} enlace:", many: "{count} de enlaces:", other: "{count} enlaces:" },
    "staff.link.footer":
      "Las claves no se vuelven a mostrar: revoca una perdida con `/server-link revoke` y crea otra.",
    "staff.link.item":
      "• **{name}** `{id}`{state}: {scope}; {access}; creado {created} por {by}, {used}; {hook}",
    "staff.link.revoked": " — **revocado** {when}",
    "staff.link.neverUsed": "sin usar",
    "staff.link.lastUsed": "usado por última vez {when}",
    "staff.link.webhook": "webhook → {host} ({delivery})",
    "staff.link.noWebhook": "sin webhook",
    "staff.link.delivery.none": "aún sin envíos",
    "staff.link.delivery.last": "último {result} en {ms} ms {when}",
    "staff.link.delivery.failed": "falló: {error}",
    "staff.link.revokedDone":
      "🚫 El enlace **{name}** (`{id}`) está revocado: su clave se rechaza a partir de ahora y sus conexiones abiertas se han cerrado. Da al servidor de juego una nueva con `/server-link create`.",
    "staff.webhook.removed":
      "Webhook del enlace `{id}` quitado: no habrá más envíos. Configura otro con una `url`.",
    "staff.webhook.set":
      "🪝 El enlace `{id}` ahora envía cada cambio por POST a **{host}**, firmado según Standard Webhooks.",
    "staff.webhook.verify":
      "Verifica la cabecera `webhook-signature` con este secreto (se muestra una vez). El resultado de cada envío aparece en `/server-link list`; vuelve a ejecutarlo para cambiar el secreto.",

    "staff.deny.premium": "Su cuenta premium también queda vetada (UUID `{uuid}`), aunque cambie de nombre.",
    "staff.deny.bedrock":
      "Su cuenta de Xbox también queda vetada (UUID de Floodgate `{uuid}`), tenga el gamertag que tenga.",
    "staff.deny.unavailable":
      "⚠️ No se pudo contactar con {service}, así que {nick} queda vetado solo por nombre{before}: vuelve a ejecutarlo más tarde para vetar también su cuenta, aunque cambie de nombre.",
    "staff.deny.before": " (y por el UUID encontrado antes)",
    "staff.deny.now":
      "⛔ **{nick}** queda vetado en **{whitelist}**{reason}. Se rechaza registrarlo, tanto a miembros como al staff.",
    "staff.deny.still":
      "⛔ **{nick}** sigue vetado en **{whitelist}**{reason}. Se rechaza registrarlo, tanto a miembros como al staff.",
    "staff.deny.reason": ": {reason}",
    "staff.deny.noReason": " (sin motivo)",
    "staff.deny.removed":
      "Estaba en la whitelist ({nicks}, para {owners}) y se ha quitado; los roles dados por él se retiran.",
    "staff.deny.undo": "Deshazlo con {command}.",
    "staff.add.done": "✅ **{nick}** está en **{whitelist}** para {member}.",
    "staff.add.expires": "⏳ Caduca {when}, y entonces se quita con sus roles.",
    "staff.add.rolesRefused":
      "No he podido darle {roles} (detalles en el canal de registro); el nick se queda.",
    "staff.add.undo": "Deshazlo con {command}.",
    "staff.guest.done": "✅ **{nick}** está en **{whitelist}** como tu invitado: {note}.",
    "staff.guest.noRoles":
      "No se da ningún rol y no cuentan para el límite de nadie; se quedan si sales del servidor.",
    "staff.guest.expires": "⏳ Se quitan solos {when}.",
    "staff.guest.undo": "Deshazlo con {remove}; cuando entren al servidor, {transfer} hace suyo el nick.",
    "whitelist.floodgate": "Floodgate: {prefix}, {spaces} (el gamertag {gamertag} juega como {example})",
    "whitelist.floodgate.noPrefix": "sin prefijo",
    "whitelist.floodgate.prefix": "prefijo {prefix}",
    "whitelist.floodgate.spacesReplaced": "espacios como `_`",
    "whitelist.floodgate.spacesKept": "espacios conservados",
    "whitelist.floodgate.gamertag": "Alex Pocket",
    "whitelist.created": "✅ **{name}** creada (id `{id}`): nicks {nickType}, {max} por miembro.{floodgate}",
    "whitelist.created.floodgate": " {floodgate}.",
    "whitelist.how.command": "Los miembros se registran con `/registrar` en {channel}.",
    "whitelist.how.message":
      "Los miembros publican su nick como mensaje en {channel}; reacciono con ✅ o explico por qué no.",
    "whitelist.how.message.paused":
      "⚠️ Los miembros publican su nick como mensaje en {channel}, pero eso está en pausa: {paused}",
    "whitelist.how.approval":
      "Los miembros usan `/registrar` en {channel}; sus solicitudes aparecen en el canal de registro con los botones Aprobar y Rechazar.{logChannel}",
    "whitelist.how.approval.noLogChannel": " Configura antes ese canal con `/whitelist log-channel`.",
    "whitelist.how.proof":
      "🔒 Primero verifican su cuenta: entran en `{address}` en Minecraft Java y escriben el código que aparece con `/registrar code:` (lo que añade el staff no necesita verificación y queda marcado como no verificado).",
    "whitelist.how.proof.off":
      "⚠️ Se exige verificación, pero el servidor de vinculación de este servicio está apagado (LINK_PORT no está definido): los miembros no pueden verificar ninguna cuenta, así que no pueden registrarse hasta que funcione. Lo que añade el staff sigue funcionando.",
    "whitelist.created.next":
      "Siguiente paso: configura los roles requeridos, dados y de gestión con `/whitelist roles`, y da acceso a tu servidor de juego con `/server-link create`.",
    "whitelist.edited.nothing":
      "Nada que cambiar: da al menos una de estas opciones: name, channel, mode, max-nicks, enabled, remove-on-leave, floodgate-prefix, replace-spaces, entry-lifetime, on-role-loss, proof, proof-window, nickname.",
    "whitelist.edited": "✅ **{name}** ahora: {settings}.",
    "whitelist.edited.name": "nombre **{name}**",
    "whitelist.edited.channel": "canal {channel}",
    "whitelist.edited.mode": "modo {mode}",
    "whitelist.edited.maxNicks": {
      one: "{count} nick por miembro",
      many: "{count} de nicks por miembro",
      other: "{count} nicks por miembro",
    },
    "whitelist.state.open": "abierta",
    "whitelist.state.closed": "cerrada a registros",
    "whitelist.state.paused": "en pausa (ver abajo)",
    "whitelist.edited.removeOnLeave": "nicks quitados cuando los miembros se van",
    "whitelist.edited.keepOnLeave": "nicks conservados cuando los miembros se van",
    "whitelist.edited.lifetime": "duración de las entradas: {lifetime}",
    "whitelist.edited.removeOnRoleLoss":
      "nicks quitados cuando los miembros pierden todos los roles requeridos",
    "whitelist.edited.keepOnRoleLoss":
      "nicks conservados cuando los miembros pierden todos los roles requeridos",
    "whitelist.edited.nicknamesAlone": "apodos de los miembros sin tocar",
    "whitelist.edited.nicknames": "apodos de los miembros según **{template}**",
    "whitelist.edited.proof.required": "verificación de propiedad obligatoria",
    "whitelist.edited.proof.firstJoin": "verificación de propiedad en la primera entrada",
    "whitelist.edited.proof.off": "sin verificación de propiedad",
    "whitelist.edited.proofWindow": "{window} para verificar un nick en la primera entrada",
    "whitelist.respelled": {
      one: "{count} nick de Bedrock reescrito para que coincida (enviado como una baja y un alta).",
      many: "{count} de nicks de Bedrock reescritos para que coincidan (cada uno enviado como una baja y un alta).",
      other:
        "{count} nicks de Bedrock reescritos para que coincidan (cada uno enviado como una baja y un alta).",
    },
    "whitelist.respelled.clashes": {
      one: "{count} conservó su grafía antigua: otro nick ya tiene la nueva (mira el log del servicio).",
      many: "{count} de nicks conservaron su grafía antigua: otro nick ya tiene la nueva (mira el log del servicio).",
      other: "{count} conservaron su grafía antigua: otro nick ya tiene la nueva (mira el log del servicio).",
    },
    "whitelist.respelled.pending": {
      one: "{count} aún espera a que GeyserMC dé su XUID; se reintenta cada 10 minutos.",
      many: "{count} de nicks aún esperan a que GeyserMC dé su XUID; se reintenta cada 10 minutos.",
      other: "{count} aún esperan a que GeyserMC dé su XUID; se reintenta cada 10 minutos.",
    },
    "whitelist.edited.lifetimeNote":
      "Los nicks ya registrados conservan su caducidad; la nueva duración se aplica a partir de ahora.",
    "whitelist.edited.proofNote":
      "Los nicks ya registrados se quedan; solo los registros nuevos necesitan una cuenta verificada.",
    "whitelist.edited.settled": {
      one: "{count} nick que esperaba la prueba en la primera entrada se queda, sin verificar, y ya no espera.",
      many: "{count} de nicks que esperaban la prueba en la primera entrada se quedan, sin verificar, y ya no esperan.",
      other:
        "{count} nicks que esperaban la prueba en la primera entrada se quedan, sin verificar, y ya no esperan.",
    },
    "whitelist.edited.windowNote":
      "Los nicks que esperan la prueba conservan su plazo; el nuevo se aplica a partir de ahora.",
    "whitelist.edited.nicknamesStop":
      "Los apodos que puso el bot se quedan hasta el próximo cambio de cada miembro, que le devuelve el que tenía.",
    "whitelist.edited.nicknamesFollow":
      "El apodo de cada miembro sigue a partir de su próximo registro, cambio de nombre, traspaso o baja (ahora no se renombra nada); el que tenía vuelve cuando se va su último nick.",
    "whitelist.edited.closedHow": "Los registros están cerrados; vuelve a abrirlos con `enabled:True`.",
    "whitelist.edited.seeAll": "Consulta todos los ajustes con `/whitelist show`.",
    "whitelist.show.staffHint":
      "El staff cambia los ajustes con `/whitelist edit` y los roles con `/whitelist roles`.",
    "whitelist.show.description": "id `{id}` · {status}",
    "whitelist.show.field.channel": "Canal",
    "whitelist.show.field.nickType": "Tipo de nick",
    "whitelist.show.field.mode": "Modo",
    "whitelist.show.field.perMember": "Nicks por miembro",
    "whitelist.show.field.nicks": "Nicks",
    "whitelist.show.field.pending": "Solicitudes pendientes",
    "whitelist.show.field.onLeave": "Al irse",
    "whitelist.show.field.lifetime": "Duración de las entradas",
    "whitelist.show.field.proof": "Verificación de propiedad",
    "whitelist.show.field.form": "Formulario",
    "whitelist.show.field.nicknames": "Apodos",
    "whitelist.show.field.banSync": "Sincronización de baneos (servidor)",
    "whitelist.show.field.onRoleLoss": "Al perder el rol",
    "whitelist.show.field.required": "Roles requeridos",
    "whitelist.show.field.granted": "Roles dados",
    "whitelist.show.field.manager": "Roles de gestión",
    "whitelist.show.field.ranks": "Rangos (grupo del juego ← quién está en él)",
    "whitelist.show.field.roleLimits": "Límites de nicks por rol",
    "whitelist.show.field.denied": "Nicks vetados",
    "whitelist.show.field.bedrock": "Bedrock",
    "whitelist.show.field.uuidsPending": "⚠️ UUID de Bedrock pendientes",
    "whitelist.show.field.problems": "⚠️ Problemas",
    "whitelist.show.field.paused": "⚠️ Los registros por mensaje están en pausa",
    "whitelist.show.field.departures": "⚠️ No se ven las salidas",
    "whitelist.show.field.roleLoss": "⚠️ No se ven las pérdidas de rol",
    "whitelist.show.nicks": "{nicks} ({verified}{awaiting})",
    "whitelist.show.verified": {
      one: "{count} verificado",
      many: "{count} de nicks verificados",
      other: "{count} verificados",
    },
    "whitelist.show.awaiting": {
      one: ", {count} a la espera de la prueba",
      many: ", {count} de nicks a la espera de la prueba",
      other: ", {count} a la espera de la prueba",
    },
    "whitelist.show.nicksRemoved": "nicks quitados",
    "whitelist.show.nicksKept": "nicks conservados",
    "whitelist.show.proof.off": "off: se puede registrar cualquier nick",
    "whitelist.show.proof.firstJoin":
      "first-join: los miembros verifican su cuenta la primera vez que entran al servidor de juego, en un plazo de {window}",
    "whitelist.show.proof.required": "required: los miembros verifican su cuenta de Java en `{address}`",
    "whitelist.show.proof.linkOff":
      "required, pero el servidor de vinculación está apagado (LINK_PORT sin definir): los miembros no pueden verificar ninguna cuenta",
    "whitelist.show.form": {
      one: "{count} pregunta: `/whitelist form show`",
      many: "{count} de preguntas: `/whitelist form show`",
      other: "{count} preguntas: `/whitelist form show`",
    },
    "whitelist.show.nicknames.alone": "sin tocar",
    "whitelist.show.nicknames": "siguen el nick: **{template}**",
    "whitelist.show.banSync.on": "activada: un baneo en Discord veta los nicks del miembro",
    "whitelist.show.banSync.off": "desactivada",
    "whitelist.show.required.none": "ninguno: cualquiera puede registrarse",
    "whitelist.show.manager.none": "ninguno: solo «Gestionar servidor»",
    "whitelist.show.bedrock": "{floodgate}.",
    "whitelist.show.uuidsPending": {
      one: "{count} nick espera a que GeyserMC dé su XUID, así que `whitelist.json` aún no puede dejarlo entrar. Se pide cada 10 minutos.",
      many: "{count} de nicks esperan a que GeyserMC dé su XUID, así que `whitelist.json` aún no puede dejarlos entrar. Se piden cada 10 minutos.",
      other:
        "{count} nicks esperan a que GeyserMC dé su XUID, así que `whitelist.json` aún no puede dejarlos entrar. Se piden cada 10 minutos.",
    },
    "whitelist.show.denials.count": {
      one: "{count} nick; el staff ve cuál.",
      many: "{count} de nicks; el staff ve cuáles.",
      other: "{count} nicks; el staff ve cuáles.",
    },
    "whitelist.show.denials.header": {
      one: "{count} nick:",
      many: "{count} de nicks:",
      other: "{count} nicks:",
    },
    "whitelist.show.denials.reason": ": {reason}",
    "whitelist.show.denials.more": "… y {count} más (uno a uno: `/whitelist whois`)",
    "error.whitelist.name": "El nombre de una whitelist tiene de 1 a 32 letras, dígitos, `-` o `_`.",
    "error.whitelist.maxNicks": "El máximo de nicks por miembro debe ser un número entero de al menos 1.",
    "error.whitelist.floodgatePrefix":
      "Un prefijo de Floodgate tiene hasta 15 caracteres imprimibles sin espacios, como `username-prefix` en el config.yml de Floodgate (por defecto `.`). Floodgate usa `.` sin avisar en lugar de un prefijo de 16 caracteres o más: si el tuyo es así de largo, tus jugadores de Bedrock se llaman con `.`, así que pon `.` aquí.",
    "error.whitelist.onRoleLoss": "on-role-loss es uno de estos: {allowed}.",
    "error.whitelist.proof": "proof es uno de estos: {allowed}.",
    "error.whitelist.types": "{list} y {last}",
    "error.whitelist.proof.required":
      "La verificación de propiedad antes de registrarse es para whitelists {types}: los nicks {nickType} no se pueden verificar con un inicio de sesión de Java.",
    "error.whitelist.proof.firstJoin":
      "La verificación en la primera entrada es para whitelists {types}: los nicks {nickType} no tienen cuenta que verificar.",
    "error.whitelist.nameTaken": "Ya existe una whitelist llamada «{name}».",
    "error.whitelist.nameLookalike":
      "Una whitelist llamada «{name}» se confundiría con «{existing}», que ya existe.",
    "error.whitelist.messageChannel":
      "Ese canal ya recibe registros en modo mensaje para {whitelist}, y un mensaje solo puede registrar en una whitelist: elige otro canal u otro modo.",
    "error.duration.format":
      "un número entero y una unidad: `30m` (minutos), `12h` (horas) o `7d` (días), de 1 minuto a 366 días",
    "error.duration.empty": "No has dado ninguna duración. Da {format}.",
    "error.duration.invalid": "«{typed}» no es una duración. Da {format}.",
    "error.duration.typed": "`{typed}`",
    "error.lifetime.tooShort":
      "{duration} es demasiado corto: una entrada puede durar de 1 minuto a 366 días (`1m` a `366d`).",
    "error.lifetime.tooLong":
      "{duration} es demasiado largo: una entrada puede durar de 1 minuto a 366 días (`1m` a `366d`).",
    "error.lifetime.whole": "La duración de una entrada son segundos enteros; se recibió {seconds}.",
    "error.proofWindow":
      "Un plazo de verificación va de 10 minutos a 30 días (10m a 30d); se recibió {window}.",
    "error.nicknameTemplate.example":
      "Escríbela con `{mc}` para el nombre de Minecraft, p. ej. `{discord} ({mc})` o `{mc}`.",
    "error.nicknameTemplate.mcOnce":
      "Una plantilla de apodo nombra el nombre de Minecraft exactamente una vez. {example}",
    "error.nicknameTemplate.discordOnce":
      "Una plantilla de apodo nombra el nombre de Discord como mucho una vez. {example}",
    "error.nicknameTemplate.invalid":
      "«{template}» no es una plantilla de apodo: los únicos marcadores son `{mc}` y `{discord}`, en una línea. {example}",
    "error.nicknameTemplate.long":
      "Una plantilla de apodo tiene como mucho {own} caracteres aparte de sus marcadores, para que cualquier nombre de Minecraft (hasta {mcMax}) quepa en los {max} de Discord.",
    "staff.delete.preview":
      "Borrar **{whitelist}** quita sus {nicks} (los roles dados por ellos se retiran), descarta sus solicitudes pendientes y revoca {keys} limitadas a ella. Aún no ha cambiado nada: ejecuta {command} para seguir.",
    "staff.delete.done":
      "🗑️ **{whitelist}** borrada: {nicks} quitados, {keys} revocadas. Los servidores de juego con una clave de todo el servidor reciben 404 por ella a partir de ahora; crea otra con `/whitelist create`.",

    "account.premium": "premium, UUID {uuid}",
    "account.notPremium": "no premium",
    "account.offline": "nick offline, sin comprobar",
    "account.bedrock": "gamertag de Bedrock {gamertag}, {uuid}",
    "account.bedrock.uuid": "UUID de Floodgate {uuid}",
    "account.bedrock.waiting": "su UUID espera a GeyserMC",

    "log.origin.discord": "Discord",
    "log.origin.api": "API/plugin",
    "log.origin.memberLeft": "miembro se fue",
    "log.origin.staff": "staff",
    "log.origin.system": "whitelist-sync",
    "log.origin.roleLost": "rol perdido",
    "log.origin.expired": "caducado",
    "log.origin.renamed": "renombrado (Mojang)",
    "log.origin.roles": "roles",
    "log.groups.title": "Rangos cambiados",
    "log.groups": "**{nick}** en **{whitelist}**",
    "log.groups.field.joined": "Entra en",
    "log.groups.field.left": "Sale de",
    "log.groups.field.now": "Ahora en",
    "log.ranks.mapped.title": "Rango asignado",
    "log.ranks.unmapped.title": "Asignación de rango quitada",
    "log.ranks": "`{group}` ← {holders} en **{whitelist}**",
    "log.ranks.field.changed": "Nicks reagrupados",
    "log.field.member": "Miembro",
    "log.field.by": "Por",
    "log.field.origin": "Origen",
    "log.field.account": "Cuenta",
    "log.field.verified": "Verificada",
    "log.field.expires": "Caduca",
    "log.field.why": "Por qué",
    "log.field.reason": "Motivo",
    "log.field.request": "Solicitud",
    "log.field.access": "Acceso",
    "log.field.nicks": "Nicks",
    "log.field.approvedBy": "Aprobada por",
    "log.field.rejectedBy": "Rechazada por",
    "log.field.guest": "Invitado",
    "log.byKey": "clave de vinculación «{key}»",
    "log.guestOf": "de {member}: {note}",
    "log.added.title": "Nick añadido",
    "log.removed.title": "Nick quitado",
    "log.added": "**{nick}** añadido a **{whitelist}**",
    "log.removed": "**{nick}** quitado de **{whitelist}**",
    "log.verified.yes": "sí: verificada por el miembro",
    "log.verified.no": "no",
    "log.verified.awaiting": "todavía no: espera la prueba en la primera entrada, hasta {until}",
    "log.provenBy": "{member} demostró que esta cuenta es suya (un dueño por cuenta y servidor).",
    "log.event": "evento {id}",
    "log.events": "eventos {first}–{last}",
    "log.renamed.title": "Nick renombrado",
    "log.renamed": "**{old}** ahora es **{nick}** en **{whitelist}**",
    "log.roles.grant.title": "No se pudieron dar roles",
    "log.roles.revoke.title": "No se pudieron quitar roles",
    "log.roles.for": "Para {member} (**{nick}**):",
    "log.roles.imported": {
      one: "{count} nick importado",
      many: "{count} de nicks importados",
      other: "{count} nicks importados",
    },
    "log.roleReason.permission":
      "falta un permiso: da al bot «Gestionar roles» y sube su rol por encima de este",
    "log.roleReason.unknownRole": "el rol ya no existe",
    "log.roleReason.unknownMember": "el miembro ya no está en el servidor",
    "log.roleReason.managed":
      "una integración (un bot o las mejoras del servidor) gestiona este rol, así que nadie puede darlo ni quitarlo: elige otro rol con /whitelist roles",
    "log.roleReason.refused": "Discord lo rechazó ({code}: {message})",
    "log.roleReason.unreachable": "No se pudo contactar con Discord ({message})",
    "log.roleReason.botUnreachable": "El bot no pudo contactar con Discord ({message}).",
    "log.roleReason.offline": "El bot de Discord no está conectado (no hay DISCORD_TOKEN).",
    "log.roleReason.unconfirmedGrant": "Discord no confirmó que se diera el rol.",
    "log.roleReason.unconfirmedRevoke": "Discord no confirmó que se quitara el rol.",
    "log.request.title": "Solicitud de registro",
    "log.request": "{member} pide **{nick}** en **{whitelist}**",
    "log.request.footer": "Staff de esta whitelist: aprueba o rechaza abajo.",
    "log.request.cut": "Las respuestas largas se cortan aquí: /whitelist member las muestra enteras.",
    "log.request.approve": "Aprobar",
    "log.request.reject": "Rechazar",
    "log.request.cancelled.title": "Solicitud cancelada",
    "log.request.cancelled": "La solicitud de {member} de **{nick}** se ha cancelado: {because}.",
    "log.request.cancelled.deleted": "el staff borró **{whitelist}**",
    "log.request.cancelled.left": "se fue del servidor",
    "log.request.approved.title": "Solicitud aprobada",
    "log.request.rejected.title": "Solicitud rechazada",
    "log.request.decided": "**{nick}** en **{whitelist}** para {member}",
    "log.access.remove": "lee y quita",
    "log.access.read": "solo lectura",
    "log.key.created.title": "Clave de vinculación creada",
    "log.key.revoked.title": "Clave de vinculación revocada",
    "log.key": "**{name}** (`{id}`) para {scope}",
    "log.scope.server": "todo el servidor",
    "log.scope.whitelist": "la whitelist **{whitelist}**",
    "log.scope.deleted": "una whitelist borrada",
    "log.webhook.set.title": "Webhook configurado",
    "log.webhook.cleared.title": "Webhook quitado",
    "log.webhook.set": "El enlace **{name}** (`{id}`) ahora envía sus eventos a **{host}**",
    "log.webhook.cleared": "El enlace **{name}** (`{id}`) ya no envía eventos",
    "log.denied.title": "Nick vetado",
    "log.allowed.title": "Nick permitido de nuevo",
    "log.denial": "**{nick}** en **{whitelist}**",
    "log.denial.uuid": "UUID {uuid}",
    "log.denial.byName": "solo por nombre",
    "log.deleted.title": "Whitelist borrada",
    "log.deleted": "**{whitelist}** (`{id}`) ya no existe: {nicks} quitados, {keys} revocadas.",
    "log.count.nicks": { one: "{count} nick", many: "{count} de nicks", other: "{count} nicks" },
    "log.count.keys": {
      one: "{count} clave de vinculación",
      many: "{count} de claves de vinculación",
      other: "{count} claves de vinculación",
    },
    "log.imported.title": "Nicks importados",
    "log.imported": "{added} de **{file}** ({lines}) añadidos a **{whitelist}**, a nombre de {member}",
    "log.count.names": { one: "{count} nombre", many: "{count} de nombres", other: "{count} nombres" },
    "log.transfer.title": "Nick traspasado",
    "log.transfer": "**{nick}** en **{whitelist}**: {from} → {to}",
    "log.transfer.guestOf": "un invitado de {member}",
    "log.list.item": "• **{nick}** de **{whitelist}**",
    "log.list.deleted": "• **{nick}** ({member})",
    "log.list.more": "… y {count} más: la lista completa va adjunta.",
    "log.left.title": "Miembro se fue",
    "log.roleLost.title": "Rol requerido perdido",
    "log.left": {
      one: "{member} se fue del servidor: {count} nick quitado.",
      many: "{member} se fue del servidor: {count} de nicks quitados.",
      other: "{member} se fue del servidor: {count} nicks quitados.",
    },
    "log.roleLost": {
      one: "{member} ya no tiene ningún rol que exijan sus whitelists: {count} nick quitado.",
      many: "{member} ya no tiene ningún rol que exijan sus whitelists: {count} de nicks quitados.",
      other: "{member} ya no tiene ningún rol que exijan sus whitelists: {count} nicks quitados.",
    },
    "log.channel.title": "Canal de registro",
    "log.channel":
      "{member} eligió este canal para el registro de whitelist-sync: altas, bajas, solicitudes de aprobación y problemas de roles.",
    "log.intent.title": "Discord no concede el {intent}",
    "log.intent":
      "Mientras esté desactivado, {without}.{paused}\nCómo arreglarlo: activa **{intent}** en {portal} y reinicia whitelist-sync.",
    "log.intent.paused": " En pausa: {whitelists}.",
    "log.file.departed": "nicks-quitados-{member}.txt",
    "log.file.deleted": "{whitelist}-quitados.txt",
    "log.file.item": "{nick} de {whitelist}",
    "log.file.deletedItem": "{nick} ({member})",
    "log.ban.title": "Miembro baneado: nicks denegados",
    "log.ban":
      "{member} fue baneado en Discord. Sus nicks quedan denegados («{reason}») hasta que se levante el baneo.",
    "log.ban.removed":
      "{member} fue baneado en Discord. Sus nicks quedan denegados («{reason}») hasta que se levante el baneo; {nicks} quitados de las whitelists.",
    "log.ban.denied": "• **{whitelist}**: {nicks}",
    "log.ban.kept": "• **{whitelist}**, ya denegados: {nicks}",
    "log.ban.none": "No tenía ningún nick.",
    "log.unban.title": "Baneo levantado: denegaciones retiradas",
    "log.unban":
      "A {member} se le levantó el baneo en Discord. Lo que el baneo denegó puede registrarse de nuevo (no se vuelve a añadir nada; las denegaciones del staff se quedan):",
    "log.unban.lifted": "• **{whitelist}**: {nicks}",

    "intent.portal":
      "Bot → Privileged Gateway Intents en el portal de desarrolladores de Discord (https://discord.com/developers/applications)",
    "intent.serverMembers.without":
      "los miembros que se van conservan sus nicks, igual que los que pierden los roles requeridos de una whitelist (no se ve ninguna de las dos cosas, y la comprobación de lo ocurrido sin conexión, al arrancar y tras reconectar, está desactivada); quita sus nicks con /whitelist remove",
    "intent.messageContent.without":
      "las whitelists en modo mensaje están en pausa, porque el bot no puede leer los nicks que se publican allí; a los miembros que publican o usan /registrar allí se les avisa",
    "intent.pausedForStaff":
      "Discord no deja al bot leer mensajes. Activa **Message Content Intent** en {portal} y reinicia whitelist-sync.",
    "intent.departuresUnseen":
      "Discord no le dice al bot quién se va, así que los nicks se quedan hasta quitarlos a mano. Activa **Server Members Intent** en {portal} y reinicia whitelist-sync.",
    "intent.roleLossUnseen":
      "Discord no le dice al bot cuándo los miembros pierden roles, así que los nicks de miembros sin rol requerido se quedan hasta quitarlos a mano. Activa **Server Members Intent** en {portal} y reinicia whitelist-sync.",
    "permission.AddReactions": "«Añadir reacciones»",
    "permission.Administrator": "«Administrador»",
    "permission.BanMembers": "«Banear miembros»",
    "permission.ViewAuditLog": "«Ver el registro de auditoría»",
    "permission.ManageNicknames": "«Gestionar apodos»",
    "permission.ViewChannel": "«Ver canales»",
    "permission.SendMessages": "«Enviar mensajes»",
    "permission.EmbedLinks": "«Insertar enlaces»",
    "permission.AttachFiles": "«Adjuntar archivos»",
    "permission.ReadMessageHistory": "«Leer el historial de mensajes»",
    "permission.ManageRoles": "«Gestionar roles»",
    "setup.list": "{first}, {rest}",
    "setup.rolesPlace": "Ajustes del servidor → Roles",
    "setup.turnOn.fix": "activa {permission} para el rol del bot en {place}",
    "setup.server.ok": "el bot tiene todos los permisos que usa en {server}",
    "setup.server.lacks": "al bot le falta en {server}: {permissions}",
    "setup.server.lacks.fix":
      "activa {permissions} para el rol del bot en {place} (o invítalo de nuevo con el enlace de `whitelist-sync invite`, que los pide)",
    "setup.banSync":
      "la sincronización de baneos está activada en {server}, pero Discord no avisa al bot de ningún baneo: le falta {permission}",
    "setup.nickname.owner":
      "es el propietario del servidor, y Discord no deja a ningún bot cambiar el apodo del propietario",
    "setup.nickname.above":
      "su rol más alto está al nivel del mío ({role}) o por encima: arrastra {role} por encima en {place}",
    "setup.nickname.permission": "me falta {permission}: actívalo para {role} en {place}",
    "setup.logChannel.gone": "el canal de registro ({id}) ya no existe en {server}",
    "setup.chooseAnother.fix": "elige otro con {command}",
    "setup.channel.log": "el canal de registro {channel}",
    "setup.channel.whitelist": "el canal {channel} de {whitelist}",
    "setup.channel.post": "{where}: puedo leer y publicar allí",
    "setup.channel.react": "{where}: puedo leer, responder y reaccionar allí",
    "setup.channel.lacks": "{where}: me falta allí {permissions}",
    "setup.channel.lacks.fix":
      "permite {permissions} para el bot (o su rol) en Editar canal → Permisos de {channel}",
    "setup.whitelist.channelGone": "{whitelist}: su canal ({id}) ya no existe",
    "setup.whitelist.roleGone.required": "{whitelist}: un rol requerido ({id}) ya no existe",
    "setup.whitelist.roleGone.manager": "{whitelist}: un rol de gestión ({id}) ya no existe",
    "setup.whitelist.roleGone.granted": "{whitelist}: un rol dado ({id}) ya no existe",
    "setup.whitelist.setRoles.fix": "configura de nuevo sus roles con {command}",
    "setup.whitelist.managed": "{whitelist}: no puedo dar {role}: una integración gestiona ese rol",
    "setup.whitelist.managed.fix": "da en su lugar un rol propio con {command}",
    "setup.whitelist.cannotGrant": "{whitelist}: no puedo dar {role}: me falta {permission}",
    "setup.whitelist.below": "{whitelist}: no puedo dar {role}: mi rol está por debajo",
    "setup.whitelist.below.fix": "arrastra el rol del bot ({bot}) por encima de {role} en {place}",
    "setup.whitelist.canGrant": "{whitelist}: puedo dar {role}",
    "setup.whitelist.nicknames.ok": "{whitelist}: puedo poner los apodos de los miembros",
    "setup.whitelist.nicknames.lacks":
      "{whitelist}: los apodos de los miembros deben seguir su nombre de Minecraft, pero me falta {permission}",
    "setup.whitelist.messageContent":
      "{whitelist} registra por mensaje, pero el Message Content Intent está desactivado: no se pueden leer los nicks de los miembros",
    "setup.whitelist.messageContent.fix": "activa el Message Content Intent en {portal}, o {command}",
    "setup.whitelist.noLogChannel":
      "{whitelist} necesita la aprobación del staff, pero no hay ningún canal de registro configurado para publicar las solicitudes",
    "setup.whitelist.noLogChannel.fix": "configura uno con {command}",
    "setup.warning": "⚠️ {title}. Solución: {fix}.",
    "access.rolesUnseen":
      "⚠️ Discord no me deja ver los roles de los miembros (el Server Members Intent está desactivado), así que los miembros sin rol requerido conservan sus nicks hasta quitarlos a mano.",
    "access.allHold": "Todos los miembros con un nick en ella tienen uno de sus roles requeridos.",
    "access.removed": {
      one: "Se ha quitado {count} nick de un miembro sin ninguno de sus roles requeridos (origen: rol perdido).",
      many: "Se han quitado {count} de nicks de miembros sin ninguno de sus roles requeridos (origen: rol perdido).",
      other:
        "Se han quitado {count} nicks de miembros sin ninguno de sus roles requeridos (origen: rol perdido).",
    },
    "ranks.oneHolder":
      "Indica quién está en el grupo con una sola opción: `role`, o `members` (todos los de la whitelist, o sus cuentas verificadas).",
    "ranks.holder.everyone": "todos los de la whitelist",
    "ranks.holder.verified": "cuentas verificadas",
    "ranks.line": "`{group}` ← {holders}",
    "ranks.added":
      "{holder} → `{group}` en **{whitelist}**: los agentes de los servidores de juego dan a cada jugador su grupo.",
    "ranks.addedAgain": "{holder} ya está en `{group}` en **{whitelist}**: nada ha cambiado.",
    "ranks.changed": "Nicks cuyos grupos cambiaron: {count}.",
    "ranks.removed": "`{group}` en **{whitelist}** ya no sigue a {holders}.",
    "ranks.noneRemoved": "**{whitelist}** no asigna nada a `{group}`: nada ha cambiado.",
    "ranks.noneRemoved.holder": "**{whitelist}** no pone a {holder} en `{group}`: nada ha cambiado.",
    "ranks.rolesUnseen":
      "⚠️ Discord no da al bot el intent Server Members: no ve ningún cambio de rol, así que los grupos siguen los roles que tenían los miembros al registrarse hasta que se active.",
    "ranks.list.none":
      "**{whitelist}** no asigna ningún rol a un grupo del juego. Añade uno con `/whitelist ranks add`.",
    "ranks.list.header": "Rangos de **{whitelist}** (grupo del juego ← quién está en él):",
    "ranks.list.how":
      "Los servidores de juego los aplican con el agente `sync` (`--groups luckperms`, `--on-group-add`, o el permissions.json de un servidor Bedrock).",
    "roleLimit.usage":
      "Escribe el límite de nicks de un rol como `<rol>=<número>` (1-{max}), p. ej. `@Donante=3`, o `@Donante=none` para quitarlo; el rol por su mención, su ID o su nombre exacto.",
    "roleLimit.ambiguous": "Varios roles se llaman «{name}»: indica en su lugar la mención o el ID del rol.",
    "roleLimit.unknownName":
      "No hay ningún rol «{name}» en este servidor, así que no se ha puesto ningún límite. Elígelo por su mención (escribe @ y su nombre), su ID o su nombre exacto.",
    "roleLimit.unknownId":
      "No hay ningún rol con el ID {id} en este servidor, así que no se ha puesto ningún límite. Elígelo por su mención (escribe @ y su nombre), su ID o su nombre exacto.",
    "roleLimit.notNumber":
      "El límite de nicks de un rol es un número entero de 1 a {max}, o none para quitarlo; «{value}» no es ninguna de las dos cosas.",
    "roleLimit.none": "ninguno (cada miembro: {max}, max-nicks)",
    "roleLimit.others": " (un miembro tiene el más alto de sus roles; {max} sin ninguno, max-nicks)",
    "roleLimit.more": " … y {count} más",
    "roles.list.required": "Requeridos (uno de ellos permite a un miembro registrarse)",
    "roles.list.granted": "Dados al registrarse",
    "roles.list.manager": "Gestión (añadir y quitar los nicks de cualquiera)",
    "roles.everyone": "@everyone no se puede usar aquí; elige un rol de verdad.",
    "roles.header": "Roles de **{whitelist}**:",
    "roles.header.changed": "✅ Roles de **{whitelist}**:",
    "roles.line": "• {label}: {roles}",
    "roles.limits": "• Límites de nicks por rol: {limits}",
    "roles.how":
      "Cambia una lista con `add-…`/`remove-…` (un rol cada vez), o vacíala con `clear`; pon el límite de nicks de un rol con `limit:@Rol=3` (`@Rol=none` lo quita).",
    "import.outcome.added": "añadido",
    "import.outcome.wouldBeAdded": "se añadiría",
    "import.outcome.already": "ya estaba",
    "import.outcome.invalid": "no válido",
    "import.outcome.denied": "vetado",
    "import.outcome.unchecked": "sin comprobar",
    "import.outcome.refused": "rechazado",
    "import.format.plain": "una lista simple",
    "import.format.easywhitelist": "un config.yml de EasyWhitelist",
    "import.format.vanilla": "un whitelist.json de Minecraft",
    "import.file": "**{file}** ({format}, {names})",
    "import.tally": "{label}: {count}",
    "import.dryRun": "🔎 Prueba de {file} en **{whitelist}** para {member}: no se ha cambiado nada.",
    "import.done": "📥 {file} importado en **{whitelist}** para {member}.",
    "import.unchecked": {
      one: "⏳ No se ha podido consultar {count} nombre, así que no se ha guardado nada para él: importa el mismo archivo más tarde (lo que ya esté en la whitelist saldrá como «{already}»).",
      many: "⏳ No se han podido consultar {count} de nombres, así que no se ha guardado nada para ellos: importa el mismo archivo más tarde (lo que ya esté en la whitelist saldrá como «{already}»).",
      other:
        "⏳ No se han podido consultar {count} nombres, así que no se ha guardado nada para ellos: importa el mismo archivo más tarde (lo que ya esté en la whitelist saldrá como «{already}»).",
    },
    "import.rolesRefused":
      "No he podido darle {roles} a {member} (detalles en el canal de registro); los nicks se quedan.",
    "import.next":
      "Cada nombre y lo que pasó con él está en el archivo adjunto `{file}`. Traspasa los nicks a sus jugadores con `/whitelist transfer`.",
    "import.next.dryRun":
      "Cada nombre y lo que pasó con él está en el archivo adjunto `{file}`. Vuelve a ejecutar el comando sin `dry-run` para importar.",
    "import.detail.taken": "ya está en {whitelist}",
    "import.detail.held": "ya está en {whitelist} ({nick})",
    "import.detail.notPremium": "no es una cuenta premium; {whitelist} solo acepta cuentas premium",
    "import.detail.unreachable":
      "no se ha podido contactar con {service}: sin comprobar, importa el archivo de nuevo",
    "import.detail.earlier": "ya aparece antes, en la línea {line}",
    "import.detail.meanwhile": "registrado en {whitelist} mientras tanto",
    "import.detail.notStored": "no guardado: {reason}",
    "import.detail.unexpected": "un error inesperado detuvo la importación (queda registrado)",
    "import.refused.noNick": {
      one: "La {count} línea de {file} no es un nick que acepte {whitelist}, así que no es una lista de nicks. {attach}",
      many: "Ninguna de las {count} de líneas de {file} es un nick que acepte {whitelist}, así que no es una lista de nicks. {attach}",
      other:
        "Ninguna de las {count} líneas de {file} es un nick que acepte {whitelist}, así que no es una lista de nicks. {attach}",
    },

    "dashboard.skip": "Saltar al contenido",
    "dashboard.signedInAs": "Sesión iniciada como {name}",
    "dashboard.signOut": "Cerrar sesión en todas partes",
    "dashboard.nav.server": "Páginas de {server}",
    "dashboard.yes": "sí",
    "dashboard.no": "no",
    "dashboard.signIn.title": "Iniciar sesión",
    "dashboard.signIn.intro":
      "El panel de whitelist-sync muestra los servidores en los que estás, con lo que Discord te deja ver allí: al staff sus whitelists, solicitudes y registro; a los miembros sus propios nicks.",
    "dashboard.signIn.button": "Iniciar sesión con Discord",
    "dashboard.signIn.signedOut":
      "Has cerrado sesión en todos tus dispositivos y el acceso de Discord está revocado.",
    "dashboard.error.title": "No es posible",
    "dashboard.error.back": "Volver a tus servidores",
    "dashboard.error.notFound": "Aquí no hay nada, o nada que puedas ver.",
    "dashboard.error.forbidden":
      "Rechazado: no venía de tu propia página del panel, o no has iniciado sesión. Vuelve a abrir la página e inténtalo de nuevo.",
    "dashboard.error.internal":
      "Algo ha fallado por nuestra parte; ha quedado registrado. Inténtalo más tarde.",
    "dashboard.error.discord": "No se puede contactar con Discord. Inténtalo dentro de un minuto.",
    "dashboard.error.badForm":
      "El formulario no estaba rellenado como se esperaba. Vuelve a abrir la página e inténtalo de nuevo.",
    "dashboard.error.memberLeft":
      "Este miembro ya no está en el servidor, así que su solicitud no se puede aprobar.",
    "dashboard.error.signInExpired":
      "Este inicio de sesión caducó o se empezó en otro navegador. Vuelve a iniciar sesión.",
    "dashboard.error.signInCancelled": "El inicio de sesión se canceló en Discord.",
    "dashboard.error.signInRefused": "Discord rechazó el inicio de sesión. Vuelve a iniciar sesión.",
    "dashboard.servers.title": "Tus servidores",
    "dashboard.servers.none":
      "Ninguno de tus servidores usa whitelist-sync, o no hay nada en ellos que puedas ver.",
    "dashboard.access.server": "gestionas este servidor",
    "dashboard.access.manager": "gestionas {whitelists}",
    "dashboard.access.member": "tus propios nicks",
    "dashboard.tab.overview": "Whitelists",
    "dashboard.tab.requests": "Solicitudes",
    "dashboard.tab.log": "Registro",
    "dashboard.tab.keys": "Claves de enlace",
    "dashboard.tab.me": "Mi página",
    "dashboard.overview.title": "Whitelists",
    "dashboard.overview.member":
      "Aquí eres miembro: tu página muestra tus nicks, cuentas vinculadas y solicitudes.",
    "dashboard.overview.yours": "Tu página",
    "dashboard.overview.whitelists": "Whitelists que ves",
    "dashboard.overview.noWhitelists": "Aquí no hay ninguna whitelist que puedas ver.",
    "dashboard.overview.settings": "Ajustes",
    "dashboard.overview.requests": "Solicitudes",
    "dashboard.overview.pending": {
      one: "{count} solicitud en espera",
      many: "{count} de solicitudes en espera",
      other: "{count} solicitudes en espera",
    },
    "dashboard.overview.activity": "Registros y retiradas",
    "dashboard.whitelist.open": "abierta",
    "dashboard.whitelist.closed": "cerrada",
    "dashboard.column.name": "Nombre",
    "dashboard.column.nickType": "Tipo de nick",
    "dashboard.column.mode": "Registro",
    "dashboard.column.state": "Estado",
    "dashboard.column.nick": "Nick",
    "dashboard.column.owner": "Miembro",
    "dashboard.column.details": "Detalles",
    "dashboard.column.added": "Añadido",
    "dashboard.column.remove": "Quitar",
    "dashboard.column.when": "Cuándo",
    "dashboard.column.change": "Cambio",
    "dashboard.column.whitelist": "Whitelist",
    "dashboard.column.by": "Por",
    "dashboard.column.origin": "Origen",
    "dashboard.column.reason": "Motivo",
    "dashboard.chart.caption": "Registros y retiradas por día, los últimos {days} días (UTC).",
    "dashboard.chart.day": "{day}: {added} añadidos, {removed} quitados",
    "dashboard.chart.added": "añadidos",
    "dashboard.chart.removed": "quitados",
    "dashboard.chart.asTable": "Lo mismo en una tabla",
    "dashboard.chart.dayColumn": "Día",
    "dashboard.entries.title": "Entradas de {whitelist}",
    "dashboard.entries.caption": "Los nicks de {whitelist}",
    "dashboard.entries.search": "El nick empieza por",
    "dashboard.entries.filter": "Estado",
    "dashboard.entries.kind": "Tipo",
    "dashboard.entries.apply": "Mostrar",
    "dashboard.entries.none": "Ninguna entrada coincide.",
    "dashboard.entries.pages": "Páginas",
    "dashboard.entries.first": "Primera página",
    "dashboard.entries.next": "Página siguiente",
    "dashboard.entries.export": "Descargar",
    "dashboard.entries.reason": "Motivo (opcional)",
    "dashboard.entries.reasonFor": "Motivo para quitar {nick}",
    "dashboard.entries.remove": "Quitar",
    "dashboard.entries.confirm": "¿Quitar {nick} de la whitelist?",
    "dashboard.entries.removed": "{nick} se ha quitado.",
    "dashboard.filter.all": "todas",
    "dashboard.filter.verified": "verificadas",
    "dashboard.filter.awaiting-proof": "pendientes de prueba",
    "dashboard.filter.expiring": "que caducan",
    "dashboard.kind.any": "cualquiera",
    "dashboard.kind.premium": "Java, premium",
    "dashboard.kind.offline": "Java, offline",
    "dashboard.kind.bedrock": "Bedrock",
    "dashboard.kind.guest": "invitado (sin Discord)",
    "dashboard.entry.guest": "invitado",
    "dashboard.entry.bedrock": "Bedrock",
    "dashboard.entry.premium": "premium",
    "dashboard.entry.offline": "offline",
    "dashboard.entry.verified": "verificado",
    "dashboard.entry.awaiting": "prueba pendiente hasta {when}",
    "dashboard.entry.expires": "caduca {when}",
    "dashboard.requests.title": "Solicitudes en espera",
    "dashboard.requests.none": "No hay ninguna solicitud en espera.",
    "dashboard.requests.heading": "{nick} en {whitelist}",
    "dashboard.requests.by": "Pedido por {member}, {when}.",
    "dashboard.requests.member": "Su página",
    "dashboard.requests.noAnswers": "Sin respuestas a un formulario.",
    "dashboard.requests.reason": "Motivo (opcional; el miembro lo lee)",
    "dashboard.requests.approve": "Aprobar",
    "dashboard.requests.reject": "Rechazar",
    "dashboard.requests.approved": "{nick} se ha aprobado.",
    "dashboard.requests.rejected": "{nick} se ha rechazado.",
    "dashboard.settings.title": "Ajustes de {whitelist}",
    "dashboard.settings.channel": "Canal",
    "dashboard.settings.requiredRoles": "Roles requeridos",
    "dashboard.settings.grantedRoles": "Roles que se dan",
    "dashboard.settings.managerRoles": "Roles de gestión",
    "dashboard.settings.maxNicks": "Nicks por miembro",
    "dashboard.settings.lifetime": "Las entradas caducan tras",
    "dashboard.settings.lifetimeHelp": "Una duración como 30d o 12h; vacío: para siempre.",
    "dashboard.settings.forGood": "para siempre",
    "dashboard.settings.proof": "Prueba de propiedad",
    "dashboard.settings.inDiscord": "El canal y los roles se cambian en Discord con /whitelist edit.",
    "dashboard.settings.change": "Cambiar",
    "dashboard.settings.removeOnLeave": "Quitar los nicks de los miembros que se van",
    "dashboard.settings.onRoleLoss": "Cuando un miembro pierde los roles requeridos",
    "dashboard.settings.save": "Guardar",
    "dashboard.settings.saved": "Guardado.",
    "dashboard.member.title": "{member}",
    "dashboard.member.yours": "Tu página",
    "dashboard.member.partial": "Solo se muestran las whitelists que gestionas.",
    "dashboard.member.nicks": "Nicks",
    "dashboard.member.registered": "se registró solo",
    "dashboard.member.addedBy": "añadido por {member}",
    "dashboard.member.guests": "Jugadores sin Discord que añadió",
    "dashboard.member.linked": "Cuentas de Java vinculadas",
    "dashboard.member.waiting": "Solicitudes en espera",
    "dashboard.member.answers": "Respuestas al formulario",
    "dashboard.member.history": "Historial",
    "dashboard.log.title": "Registro",
    "dashboard.log.every": "todo",
    "dashboard.log.added": "añadido",
    "dashboard.log.removed": "quitado",
    "dashboard.log.member": "Miembro (id de Discord)",
    "dashboard.log.live": "Los cambios nuevos aparecen arriba en cuanto ocurren.",
    "dashboard.log.arrived": "Ha llegado un cambio nuevo.",
    "dashboard.log.none": "Todavía no hay cambios.",
    "dashboard.log.newest": "Más recientes",
    "dashboard.log.older": "Anteriores",
    "dashboard.log.key": "clave {name}",
    "dashboard.keys.title": "Claves de enlace",
    "dashboard.keys.id": "Id",
    "dashboard.keys.scope": "Alcance",
    "dashboard.keys.access": "Puede",
    "dashboard.keys.lastUsed": "Último uso",
    "dashboard.keys.webhookColumn": "Webhook",
    "dashboard.keys.wholeServer": "todas las whitelists del servidor",
    "dashboard.keys.noWebhook": "ninguno",
    "dashboard.keys.webhookUnused": "{host}, aún no se ha enviado nada",
    "dashboard.keys.webhook": "{host}: {outcome}, {when} ({ms} ms)",
    "dashboard.keys.created": "{member}, {when}",
    "dashboard.keys.revoke": "Revocar",
    "dashboard.keys.confirm":
      "¿Revocar la clave {name}? Los servidores de juego que la usan pierden el acceso al momento.",
    "dashboard.keys.revoked": "revocada {when}",
    "dashboard.keys.revokedDone": "La clave {name} se ha revocado.",
    "dashboard.keys.none": "Todavía no hay claves de enlace.",
    "dashboard.keys.new": "Clave nueva",
    "dashboard.keys.create": "Crear la clave",
    "dashboard.keys.createdOnce": "Se ha creado la clave {name}. Cópiala ahora: solo se muestra esta vez.",
    "dashboard.keys.agentColumn": "Agente",
    "dashboard.keys.agentNone": "sin informe",
    "dashboard.keys.agentConnected": "conectado, último informe {when}",
    "dashboard.keys.agentDisconnected": "desconectado, visto por última vez {when}",
    "dashboard.keys.agentFile": "{agent}, escribe un archivo {format}",
    "dashboard.keys.agentManagement": "{agent}, mediante la API de gestión del servidor",
    "dashboard.keys.agentApplied": "último cambio aplicado: {id}",
    "dashboard.keys.agentNoneApplied": "ningún cambio aplicado desde su última lectura completa",
    "dashboard.keys.agentDrift": "jugadores cambiados por otra persona en su lista: {count}",
    "dashboard.keys.agentError": "último error ({when}): {error}",
    "dashboard.keys.agents":
      "El agente de un servidor de juego (whitelist-sync sync) informa de su estado por su socket; de una clave que usa otro cliente, el servicio solo conoce su último uso y la última entrega de su webhook.",
  },
} satisfies LanguageFile<"es-ES">;
