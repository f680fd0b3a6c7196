import type { LanguageFile } from "../messages.ts";

// Français. Les termes Minecraft et Discord comme les communautés les emploient : whitelist, pseudo, gamertag,
// serveur, rôle, staff. Commandes : /inscrire, /désinscrire, /lier, /délier ; les options gardent leur nom anglais.

/** French: its messages (its command localizations: ./commands/fr.ts). */
export const fr = {
  messages: {
    "common.apology": "Un problème est survenu de notre côté ; il a été consigné. Réessaie plus tard.",
    "common.dmOnly": "whitelist-sync fonctionne sur un serveur, pas en messages privés.",
    "common.unknownCommand": "Cette commande n'est pas (ou plus) connue ; réessaie dans une minute.",
    "common.unknownSubcommand": "Cette sous-commande n'est pas (ou plus) connue ; réessaie dans une minute.",
    "common.buttonInactive": "Ce bouton n'est plus actif.",
    "common.needsManageGuild":
      "Seuls les membres ayant la permission « Gérer le serveur » peuvent faire cela. Demande à un admin du serveur.",
    "common.oneOf": "{option} doit être l'une de ces valeurs : {allowed}.",
    "common.andMore": "… et {count} de plus.",
    "common.none": "aucun",
    "common.verbatim": "{text}",
    "common.dash": "—",

    "error.notManager":
      "Seul le staff de {whitelist} (Gérer le serveur ou l'un de ses rôles de gestion) peut faire cela.",
    "error.closed":
      "{whitelist} est fermée aux inscriptions pour le moment. Demande au staff quand elle rouvre.",
    "error.missingRole.self": "Pour t'inscrire sur {whitelist}, il te faut l'un de ses rôles requis.",
    "error.missingRole.approval": "Ce membre n'a plus aucun des rôles que {whitelist} exige.",
    "error.missingRole.staff":
      "Ce membre n'a aucun des rôles que {whitelist} exige, et ses pseudos suivent ces rôles (on-role-loss: remove) : un pseudo ajouté pour lui serait retiré aussitôt.",
    "error.denied": "{nick} est refusé sur {whitelist}{as}{reason}.",
    "error.denied.as": " (en tant que {nick})",
    "error.denied.reason": " : {reason}",
    "error.taken.spelled":
      "{nick} est déjà sur {whitelist}, écrit ainsi. {spelling} Si ce n'est pas le tien, inscris un autre pseudo.",
    "error.taken":
      "{nick} est déjà sur {whitelist}. Si c'est le tien, demande au staff de vérifier ; sinon inscris un autre pseudo.",
    "error.takenJustNow": "{nick} vient d'être inscrit sur {whitelist} par quelqu'un d'autre.",
    "error.takenPlain": "{nick} est déjà sur {whitelist}.",
    "error.limit.self": "Tu as déjà {held} sur {whitelist}, le maximum autorisé ({max}).",
    "error.limit.other": "Ce membre a déjà {held} sur {whitelist}, le maximum autorisé ({max}).",
    "error.limit.nicks": { one: "{count} pseudo", many: "{count} de pseudos", other: "{count} pseudos" },
    "error.limit.withWaiting": {
      one: "{count} pseudo inscrit ou en attente de validation",
      many: "{count} de pseudos inscrits ou en attente de validation",
      other: "{count} pseudos inscrits ou en attente de validation",
    },
    "error.pending":
      "Tu as déjà demandé {nick} sur {whitelist} ; le staff l'examinera bientôt. Inutile de redemander.",
    "error.wrongMode.approval": "Les inscriptions sur {whitelist} doivent être validées par le staff.",
    "error.wrongMode.direct": "{whitelist} n'a pas besoin de validation.",
    "error.linkedElsewhere.self":
      "{nick} appartient à un autre membre de ce serveur, qui a prouvé en être le propriétaire : lui seul peut l'inscrire.",
    "error.linkedElsewhere.other":
      "{nick} appartient à un autre membre de ce serveur, qui a prouvé en être le propriétaire : il ne peut être inscrit que pour lui.",
    "error.proof.notPremium":
      "{whitelist} n'accepte que des comptes prouvés, et {nick} n'est pas un compte premium : personne ne peut le prouver.",
    "error.proof.self":
      "{whitelist} n'accepte que des comptes prouvés : prouve d'abord que {nick} est à toi.",
    "error.proof.other":
      "{whitelist} n'accepte que des comptes prouvés, et ce membre n'a pas prouvé que {nick} est à lui.",
    "error.notOwner":
      "{nick} sur {whitelist} appartient à un autre membre ; seul lui ou le staff peut le retirer.",
    "error.memberLeft.register": "Ce membre n'est plus sur le serveur ; rien n'a été inscrit.",
    "error.memberLeft.transfer": "Ce membre n'est plus sur le serveur ; rien n'a été transféré.",
    "error.notOn": "{nick} n'est pas sur {whitelist}. Vérifie l'orthographe et réessaie.",
    "error.notOnPlain": "{nick} n'est pas sur {whitelist}.",
    "error.thatNick": "Ce pseudo",
    "error.goneMeanwhile":
      "{nick} a été retiré de {whitelist} ou transféré entre-temps ; rien n'a été modifié.",
    "error.nick.empty": "Le pseudo est vide. {rule}",
    "error.nick.invalid": "« {nick} » n'est pas un pseudo valide. {rule}",
    "error.nick.javaRule":
      "Un pseudo Minecraft Java fait 3 à 16 caractères : lettres A-Z, chiffres 0-9 et `_`, sans espaces. Vérifie l'orthographe et réessaie.",
    "error.nick.bedrockRule":
      "Un gamertag Bedrock (Xbox) fait 1 à 16 lettres A-Z, chiffres et espaces simples, et ne commence pas par un chiffre (tape-le comme sur Xbox, ou comme le jeu l'affiche avec le préfixe et `_`). Vérifie l'orthographe et réessaie.",
    "error.notPremium":
      "{nick} n'est pas un compte Minecraft premium (payant), et {whitelist} n'accepte que les comptes premium. Vérifie l'orthographe, ou inscris le pseudo de ton compte premium.",
    "error.gamertagUnknown":
      "Aucun compte Xbox n'a le gamertag {gamertag}. Vérifie l'orthographe sur ton profil Xbox et réessaie.",
    "error.mojangDown": "Mojang est injoignable pour le moment ; réessaie dans une minute.",
    "error.geyserDown":
      "La recherche de gamertag de GeyserMC est injoignable pour le moment ; réessaie dans une minute.",
    "error.storeBusy":
      "La base de données est occupée (un autre programme la tient) ; rien n'a été modifié. Réessaie dans quelques secondes.",
    "error.storeDown":
      "La base de données est injoignable ou occupée ; rien n'a été modifié. Réessaie dans quelques secondes.",
    "error.storeSlow":
      "La base de données n'a pas répondu en {ms} ms{detail}. Réessaie dans quelques secondes.",
    "error.whitelist.unknown": "Il n'y a pas de whitelist « {name} » sur ce serveur.",
    "error.whitelist.none": "Ce serveur n'a pas encore de whitelist.",
    "error.whitelist.which": "Quelle whitelist ? Ce serveur a {names}.",
    "error.whitelist.gone": "Cette whitelist n'existe pas.",
    "error.whitelist.justDeleted": "Cette whitelist vient d'être supprimée.",
    "error.request.gone":
      "Cette demande n'existe plus (sa whitelist a peut-être été supprimée). Le membre peut redemander.",
    "error.request.deciding": "Un autre membre du staff est en train de traiter cette demande.",
    "error.request.decided.approved": "Cette demande a déjà été acceptée ; rien à faire.",
    "error.request.decided.rejected": "Cette demande a déjà été refusée ; rien à faire.",
    "error.request.decided.cancelled": "Cette demande a déjà été annulée ; rien à faire.",
    "error.request.notYours": "Seul le membre qui a demandé, ou le staff, peut retirer cette demande.",
    "error.request.noLogChannel":
      "{whitelist} demande une validation du staff, mais les demandes ne peuvent être publiées dans aucun salon de logs.",
    "error.code.malformed":
      "Ce n'est pas un code : un code fait 8 lettres et chiffres, comme K7QX-29MD, affiché quand tu rejoins le serveur de liaison (ou le serveur de jeu, qui te demande de prouver ton compte).",
    "error.code.limited": "Trop de codes qui n'ont pas marché : attends avant d'en taper un autre.",
    "error.code.wrong": "Ce code n'existe pas : vérifie-le et tape-le à nouveau.",
    "error.code.expired":
      "Ce code a expiré (un code dure 10 minutes) : rejoins à nouveau le serveur de liaison pour en avoir un nouveau.",
    "error.code.reused":
      "Ce code a déjà servi : rejoins à nouveau le serveur de liaison pour en avoir un nouveau.",
    "error.code.expired.firstJoin":
      "Ce code a expiré (un code dure 10 minutes) : rejoins à nouveau le serveur de jeu pour en avoir un nouveau.",
    "error.code.reused.firstJoin":
      "Ce code a déjà servi : rejoins à nouveau le serveur de jeu pour en avoir un nouveau.",
    "error.code.foreign.server":
      "Ce code prouve une inscription sur un autre serveur Discord : tape-le là-bas.",
    "error.code.foreign.member":
      "Ce code prouve l'inscription d'un autre membre : seul le membre qui a inscrit ce compte peut le taper.",
    "error.code.held":
      "{account} est lié à un autre membre de ce serveur, qui l'a prouvé avant toi. Si le compte est à toi maintenant, demande-lui de le délier, ou demande au staff.",
    "error.code.notJava":
      "{whitelist} prend des pseudos {nickType}, et un code prouve un compte Java. Lie-le plutôt avec /lier, ou inscris-toi sur une whitelist java ou premium.",
    "error.unlink.notStaff":
      "Seul le staff avec « Gérer le serveur » peut délier le compte d'un autre membre.",
    "error.unlink.none.self": "Tu n'as aucun compte lié sur ce serveur.",
    "error.unlink.none.other": "Ce membre n'a aucun compte lié sur ce serveur.",
    "error.unlink.noneNamed.self": "Tu n'as pas de compte lié {account} sur ce serveur.",
    "error.unlink.noneNamed.other": "Ce membre n'a pas de compte lié {account} sur ce serveur.",
    "error.unlink.several.self": "Tu as {count} comptes liés ({accounts}) : précises-en un.",
    "error.unlink.several.other": "Ce membre a {count} comptes liés ({accounts}) : précises-en un.",
    "error.unlink.gone": "{account} n'est plus lié.",
    "error.transfer.proven":
      "{nick} a été prouvé par le membre qui le détient. Un autre membre l'obtient en prouvant lui-même le compte, ce qui le lui transfère.",
    "error.transfer.same": "{nick} sur {whitelist} appartient déjà à ce membre.",
    "error.lookup.others":
      "{nick} sur {whitelists} appartient à un autre membre ; seul le staff de cette whitelist peut voir à qui.",
    "error.lookup.notStaff":
      "Seul le staff peut consulter les pseudos d'un autre membre ; tu peux consulter les tiens.",
    "error.deny.reasonTooLong": "Une raison fait au plus {max} caractères.",
    "error.guest.noteTooLong": "Une note d'invité fait au plus {max} caractères.",
    "error.key.notFound": "Aucune liaison active avec l'id {id}.",
    "error.rank.group":
      "Le nom d'un groupe de jeu compte 1 à {max} caractères parmi a-z 0-9 _ - . + (les noms de groupe de LuckPerms, en minuscules) ; « {given} » n'en est pas un.",
    "error.rank.holder":
      "Un rang désigne un rôle, tout le monde sur la whitelist ou ses comptes vérifiés ; « {given} » n'est rien de cela.",
    "error.rank.tooMany":
      "Une whitelist associe au plus {max} rôles à des groupes de jeu : retirez-en d'abord un (`/whitelist ranks remove`).",
    "error.roleLimit.notRole": "Une limite par rôle demande un id de rôle ; « {given} » n'en est pas un.",
    "error.roleLimit.everyone":
      "@everyone ne peut pas avoir sa propre limite de pseudos : chaque membre l'a. Règle la limite pour tous avec `{command}`.",
    "error.roleLimit.range":
      "La limite de pseudos d'un rôle est un nombre entier de 1 à {max} (reçu : {given}).",
    "error.deny.notDenied": "{nick} n'est pas refusé sur {whitelist} ; il n'y a rien à lever.",
    "error.memberUnknown":
      "<@{userId}> n'est pas (ou plus) membre de ce serveur, on ne peut donc rien inscrire pour lui.",
    "error.download": "Je n'ai pas pu télécharger {file} depuis Discord ({reason}) ; réessaie.",
    "error.download.tooSlow": "c'était trop long",
    "error.download.status": "statut {status}",

    "failure.missingRole.self":
      "Pour t'inscrire sur {whitelist}, il te faut l'un de ces rôles : {roles}. Demandes-en un au staff, puis réessaie.",
    "failure.missingRole.approval":
      "Ce membre n'a plus aucun des rôles que {whitelist} exige ({roles}). Donne-lui-en un et accepte à nouveau, ou refuse la demande.",
    "failure.missingRole.staff":
      "Ce membre n'a aucun des rôles que {whitelist} exige ({roles}), et ses pseudos suivent ces rôles : un pseudo ajouté pour lui serait retiré aussitôt. Donne-lui d'abord l'un des rôles, ou garde les pseudos à la perte de rôle avec `/whitelist edit on-role-loss:keep`.",
    "failure.limit.self": "{refusal} Retires-en un d'abord avec /désinscrire.",
    "failure.limit.staff":
      "{refusal} Retires-en un d'abord, ou relève la limite avec /whitelist edit (max-nicks) ou celle d'un rôle avec /whitelist roles (limit).",
    "failure.wrongMode.approval":
      "Les inscriptions sur {whitelist} doivent être validées par le staff : utilise /inscrire et le staff examinera ta demande.",
    "failure.wrongMode.direct":
      "{whitelist} n'a pas besoin de validation : inscris-toi directement avec /inscrire.",
    "failure.noWhitelist":
      "Ce serveur n'a pas encore de whitelist. Demande au staff d'en créer une avec /whitelist create.",
    "failure.unknownWhitelist": "{refusal} Choisis l'un des noms que la commande propose.",
    "failure.whichWhitelist":
      "Quelle whitelist ? Ce serveur a {names} : nomme-la dans l'option `whitelist`, ou lance la commande dans le salon d'une whitelist.",
    "failure.denied.self":
      "⛔ Le staff a refusé {nick} sur {whitelist}{as}.{reason}\nInscris un autre pseudo, ou demande au staff si tu penses que c'est une erreur.",
    "failure.denied.staff":
      "⛔ {nick} est refusé sur {whitelist}{as}.{reason}\nLève d'abord le refus avec /whitelist undeny s'il doit être inscrit.",
    "failure.denied.as": " (en tant que {nick})",
    "failure.denied.reason": " Raison : {reason}",
    "failure.noLogChannel":
      "{whitelist} demande une validation du staff, mais je ne peux publier les demandes dans aucun salon de logs. Demande au staff d'en définir un avec /whitelist log-channel, puis réessaie.",
    "failure.formRequired":
      "{whitelist} pose d'abord quelques questions, qu'un message ne peut pas afficher : utilise `/inscrire` dans {channel} et réponds-y là.",
    "failure.proofRequired": "🔒 {refusal}\n{how}",
    "failure.proofRequired.then": "tape ici `/inscrire code:<code> whitelist:{whitelist}`",
    "failure.code.lastTry": " C'était ton dernier essai pour le moment.",
    "failure.code.triesLeft": {
      one: " Encore {count} essai avant une attente.",
      many: " Encore {count} d'essais avant une attente.",
      other: " Encore {count} essais avant une attente.",
    },
    "failure.code.linkServer": " Le serveur de liaison est `{address}`.",
    "failure.code.limited": "⏳ {refusal} Réessaie {when}.",

    "proof.off":
      "La preuve de compte n'est pas encore configurée sur ce service (son serveur de liaison est éteint) : demande au staff.",
    "proof.how":
      "Dans Minecraft: Java Edition, ajoute le serveur `{address}` et rejoins-le avec ce compte : tu n'entres dans aucun monde, un code t'est affiché. Ensuite {then}, dans les 10 minutes.",
    "proof.linkedLine": "**{account}** (UUID `{uuid}`), prouvé {when}",
    "proof.linked": "🔗 **{account}** est lié à toi sur ce serveur : tu as prouvé qu'il est à toi.",
    "proof.took":
      "D'autres membres l'avaient sur {whitelists} ; ces pseudos sont retirés, puisque tu as prouvé qu'il est à toi (le staff voit pourquoi dans les logs).",
    "proof.within":
      "✅ Tu as prouvé que **{account}** est à toi sur le serveur de jeu qui t'a montré le code : cette preuve ne vaut que pour sa whitelist, donc le compte n'est pas lié à toi sur ce serveur.",
    "proof.verified": "Ton **{account}** sur {whitelists} est maintenant vérifié.",
    "proof.firstJoin":
      "🔒 Prouve que **{nick}** est à toi : rejoins le serveur de jeu avec avant {until} ({in}). Tu seras déconnecté avec un code : tape `/lier code:<code>` ici, puis reconnecte-toi. Sans preuve d'ici là, il est retiré.",
    "proof.firstJoin.staff":
      "🔒 Le pseudo est ajouté tout de suite et le membre le prouve à sa première connexion au serveur de jeu : l'agent `sync`, par RCON, le déconnecte avec un code à taper avec `/lier code:`. Sans preuve après {window}, il est retiré (les ajouts de l'équipe n'en demandent pas).",

    "link.status.title": "Liaison de compte pour {community}",
    "link.status.anyCommunity": "cette communauté Discord",
    "link.status.hint": "Connecte-toi pour obtenir un code pour Discord (tu n'entreras dans aucun monde)",
    "link.proven":
      "{name}, ton compte est prouvé.\nTon code : {code}\nSur Discord, tape {link} dans les 10 minutes\n(ou {register} pour l'inscrire sur une whitelist).",
    "link.refused.version":
      "Ce serveur lie des comptes Minecraft Java {oldest} à {newest} ; ton jeu parle le protocole {protocol}.\nConnecte-toi avec une version de {oldest} à {newest} pour obtenir ton code.",
    "link.refused.name": "Ce n'est pas un nom Minecraft Java. Connecte-toi avec ton compte Java premium.",
    "link.refused.rateLimited":
      "Trop de connexions depuis ton adresse. Attends une minute, puis reconnecte-toi.",
    "link.refused.encryption": "L'échange de chiffrement a échoué. Relance ton jeu, puis reconnecte-toi.",
    "link.refused.notJoined":
      "Impossible de vérifier ton compte auprès de Mojang.\nRelance ton jeu et ton launcher, puis reconnecte-toi (il faut un compte Java premium).",
    "link.refused.sessionUnavailable":
      "Impossible de vérifier ton compte auprès de Mojang : son serveur de session n'a pas répondu.\nReconnecte-toi dans une minute.",
    "link.refused.sessionInvalid":
      "Impossible de vérifier ton compte auprès de Mojang : la réponse de son serveur de sessions est illisible.\nReconnecte-toi dans une minute.",
    "link.refused.sessionMismatch":
      "Mojang a confirmé un autre compte que celui utilisé pour te connecter.\nRelance ton jeu et ton launcher, puis reconnecte-toi avec ton compte Java premium.",
    "link.refused.failed": "Un problème est survenu de notre côté. Reconnecte-toi dans une minute.",
    "link.refused.timeout": "La connexion a pris trop de temps. Reconnecte-toi.",

    "public.registered":
      "✅ **{nick}** est sur **{whitelist}**. Tu peux rejoindre le serveur dès maintenant.",
    "public.approved":
      "{member} ✅ ta demande pour **{nick}** sur **{whitelist}** a été acceptée : tu peux rejoindre maintenant.",
    "public.refused":
      "{member} ta demande pour **{nick}** sur **{whitelist}** n'a pas été acceptée. Demande au staff si tu veux savoir pourquoi.",
    "public.removed": "🗑️ **{nick}** n'est plus sur **{whitelist}**.",

    "texts.refused.empty": "Le texte est vide : écris ce que les membres doivent lire.",
    "texts.refused.long": "Le texte fait {length} caractères ; au plus {max} sont conservés.",
    "texts.refused.brace":
      "Une accolade n'ouvre ou ne ferme aucun paramètre. Un paramètre est un nom entre accolades : {allowed}.",
    "texts.refused.unknown": "Ce texte n'a pas de paramètre {unknown}. Il a {allowed}.",
    "texts.name.public.registered": "inscrit : la réponse à une inscription",
    "texts.name.public.refused": "refusé : une demande que le staff n'a pas acceptée",
    "texts.name.public.approved": "accepté : une demande que le staff a acceptée",
    "texts.name.public.removed": "retiré : un pseudo retiré d'une whitelist",
    "texts.saved":
      "✅ Les membres lisent maintenant ta formulation de **{name}**, quelle que soit leur langue. Avec des valeurs d'exemple :\n{preview}\n`/texts reset` rétablit le texte par défaut.",
    "texts.preview":
      "**{name}** ({source}), avec des valeurs d'exemple :\n{preview}\nSes paramètres : {allowed}.",
    "texts.source.custom": "ta formulation",
    "texts.source.default": "le texte par défaut, en {language}",
    "texts.reset": "↩️ **{name}** reprend le texte par défaut, dans la langue de chaque lecteur :\n{preview}",
    "texts.reset.none": "**{name}** n'avait pas été reformulé : il a déjà le texte par défaut.",
    "texts.list":
      "Textes que le staff peut formuler à sa façon (`/texts set`), avec ce que les membres lisent maintenant :\n{texts}",
    "texts.list.item": "• **{name}** ({source}) : {preview}",
    "texts.language.set":
      "✅ Ce que tout le monde lit ici (le salon de logs, les demandes à valider, les réponses en mode message) est désormais en {language}. Chaque membre lit toujours ses propres réponses dans sa langue Discord.",
    "texts.language.discord":
      "✅ Ce que tout le monde lit ici suit la langue de ce serveur dans Discord : {language} pour l'instant.",
    "texts.sample.nick": "Steve",
    "language.name": "Français",
    "texts.sample.whitelist": "survie",

    "register.requested":
      "📨 Ta demande pour **{nick}** sur **{whitelist}** a été envoyée au staff. Tu seras prévenu dans {channel} dès qu'il aura décidé ; tu n'as rien d'autre à faire.",
    "register.awaitingProof":
      "✅ **{nick}** est sur **{whitelist}**, en attente de ta preuve qu'il est à toi.",
    "register.verified": "🔗 Vérifié : tu as prouvé que ce compte est à toi.",
    "register.floodgateName": "C'est le nom que Floodgate donne au gamertag {gamertag} en jeu.",
    "register.expires":
      "⏳ Il expire {when} : {whitelist} ne garde les inscriptions que pour un temps limité.",
    "register.rolesWaiting":
      "🕒 Tes rôles arrivent dans un instant : Discord ne laisse un bot donner des rôles qu'à un certain rythme.",
    "register.rolesRefused": "Je n'ai pas pu te donner {roles} ; le staff a été prévenu et va s'en occuper.",
    "register.undo": "Tu as changé d'avis ? {command} le retire.",
    "register.nickOrCode":
      "Donne ton pseudo Minecraft (`nick`), ou le code que le serveur de liaison t'a montré (`code`).",
    "register.notBoth": "Donne soit ton pseudo, soit un code, pas les deux.",
    "register.already": "**{nick}** était déjà à toi sur **{whitelist}** ; il est maintenant vérifié.",
    "register.codeRefused": "Il n'a pas pu être mis sur **{whitelist}** : {refusal}",
    "register.exactSpelling":
      "Connecte-toi exactement en tant que {nick} : un serveur en mode hors ligne distingue les joueurs par les majuscules et minuscules de leur nom.",
    "register.exactSpellingOther":
      "Connecte-toi exactement en tant que {nick} : un serveur en mode hors ligne distingue les joueurs par les majuscules et minuscules de leur nom ({other} serait un autre joueur, et n'entre pas).",

    "unregister.owner": " Il appartenait à {owner}.",
    "unregister.done":
      "{removed}{owner} Les rôles donnés pour lui sont repris. Réinscris-toi quand tu veux avec `/inscrire`.",

    "link.how": "Pour lier un compte Minecraft Java : {how}",
    "link.how.then": "tape ici `/lier code:<code>`",
    "link.none": "Tu n'as encore aucun compte lié sur ce serveur.",
    "link.list": "Tes comptes liés ici :\n{accounts}",
    "link.next":
      "Mets-le sur une whitelist avec {command} : pas besoin de rejoindre à nouveau. `/délier` l'oublie.",
    "unlink.you": "toi",
    "unlink.done":
      "🔓 **{account}** n'est plus lié à {whom} sur ce serveur. Les pseudos inscrits avec lui restent sur les whitelists (`/désinscrire` en retire un) ; le prouver à nouveau se fait avec `/lier`.",

    "approval.expires": " Il expire {when}.",

    "approval.reason": " Le staff précise : {reason}",
    "approval.rolesRefused": "{member} Je n'ai pas pu te donner {roles} ; le staff a été prévenu.",
    "approval.cancelled":
      "{member} ta demande pour **{nick}** sur **{whitelist}** a été annulée : le staff a supprimé cette whitelist.",

    "form.title": "Postuler à {whitelist}",
    "form.inactive": "Ce formulaire n'est plus actif.",
    "form.gone": "Cette whitelist n'existe plus ; rien n'a été envoyé.",
    "form.preview":
      "👀 Un aperçu du formulaire de **{whitelist}** : rien n'a été envoyé. Le staff voit les réponses ainsi :",
    "form.preview.none":
      "{whitelist} n'a pas encore de formulaire : ajoute une question avec /whitelist form set.",
    "form.answers.title": "Réponses pour {whitelist}",
    "form.answer.more": {
      one: "… ({count} caractère de plus)",
      many: "… ({count} de caractères de plus)",
      other: "… ({count} caractères de plus)",
    },
    "form.member.given": "Données {when} {about} ; {kept}.",
    "form.member.withNick": "avec **{nick}**",
    "form.member.withRequest": "avec la demande `{id}`",
    "form.member.removed": "avec une inscription retirée depuis",
    "form.member.waiting": "conservées tant que la demande attend",
    "form.member.deleted": "supprimées {when}",
    "form.none":
      "**{whitelist}** n'a pas de formulaire : les membres s'inscrivent sans répondre à des questions.",
    "form.header": {
      one: "**{whitelist}** pose {count} question aux membres qui s'inscrivent :",
      many: "**{whitelist}** pose {count} de questions aux membres qui s'inscrivent :",
      other: "**{whitelist}** pose {count} questions aux membres qui s'inscrivent :",
    },
    "form.question": "{number}. {label} ({style}, {required}, {length}{hint})",
    "form.style.short": "une ligne",
    "form.style.paragraph": "paragraphe",
    "form.required": "obligatoire",
    "form.optional": "facultative",
    "form.length.between": {
      one: "{min} à {count} caractère",
      many: "{min} à {count} de caractères",
      other: "{min} à {count} caractères",
    },
    "form.length.upTo": {
      one: "jusqu'à {count} caractère",
      many: "jusqu'à {count} de caractères",
      other: "jusqu'à {count} caractères",
    },
    "form.hint": ", indice « {hint} »",
    "form.where.approval":
      "`/inscrire` ouvre les questions dans un formulaire, et les réponses vont au staff avec la demande.",
    "form.where.command":
      "`/inscrire` ouvre les questions dans un formulaire ; les réponses sont conservées avec le pseudo, pour que le staff les voie.",
    "form.where.message":
      "Un message ne peut pas afficher de formulaire : à un pseudo posté dans le salon, je réponds en renvoyant vers `/inscrire`, qui l'ouvre.",
    "form.cleared":
      "✅ **{whitelist}** n'a plus de formulaire : les membres s'inscrivent sans répondre à des questions. Les réponses déjà données restent aussi longtemps que le serveur les conserve (`/whitelist form retention`).",
    "form.setNote":
      "Vois-le comme les membres avec `/whitelist form preview`. Les formulaires ouverts avant ce changement sont refusés à l'envoi : ces membres relancent `/inscrire`.",
    "form.retention.now": {
      one: "Les réponses au formulaire sont conservées {count} jour une fois leur demande traitée.",
      many: "Les réponses au formulaire sont conservées {count} de jours une fois leur demande traitée.",
      other: "Les réponses au formulaire sont conservées {count} jours une fois leur demande traitée.",
    },
    "form.retention.zero":
      "✅ Les réponses au formulaire ne sont conservées que tant que leur demande attend le staff ; celles des demandes traitées partent aussitôt.",
    "form.retention.set": {
      one: "✅ Les réponses au formulaire sont conservées {count} jour une fois leur demande traitée (ou l'inscription faite), puis supprimées ; cela vaut aussi pour les réponses déjà conservées. Elles partent aussi quand le membre quitte le serveur ou que le pseudo est retiré.",
      many: "✅ Les réponses au formulaire sont conservées {count} de jours une fois leur demande traitée (ou l'inscription faite), puis supprimées ; cela vaut aussi pour les réponses déjà conservées. Elles partent aussi quand le membre quitte le serveur ou que le pseudo est retiré.",
      other:
        "✅ Les réponses au formulaire sont conservées {count} jours une fois leur demande traitée (ou l'inscription faite), puis supprimées ; cela vaut aussi pour les réponses déjà conservées. Elles partent aussi quand le membre quitte le serveur ou que le pseudo est retiré.",
    },
    "form.show.kept": {
      one: "Les réponses sont conservées {count} jour après la décision, pour le staff.",
      many: "Les réponses sont conservées {count} de jours après la décision, pour le staff.",
      other: "Les réponses sont conservées {count} jours après la décision, pour le staff.",
    },
    "error.form.tooMany":
      "Un formulaire a au plus {max} questions (la limite de Discord pour un formulaire).",
    "error.form.label": "La question {number} doit avoir un texte de 1 à {max} caractères sur une ligne.",
    "error.form.style": "La question {number} se répond en short ou paragraph.",
    "error.form.hint": "La question {number} a un indice d'au plus {max} caractères sur une ligne.",
    "error.form.minLength": "La longueur minimale de la question {number} doit être de 0 à {max} caractères.",
    "error.form.maxLength": "La longueur maximale de la question {number} doit être de 1 à {max} caractères.",
    "error.form.minOverMax":
      "La question {number} demande au moins {min} caractères mais en accepte au plus {max}.",
    "error.form.numbered": "Les questions sont numérotées de 1 à {max}.",
    "error.form.none": "Cette whitelist n'a pas de formulaire.",
    "error.form.numberedNow": "Le formulaire a les questions 1 à {max}.",
    "error.form.mismatch":
      "Les réponses ne correspondent pas aux questions du formulaire ; recommence, s'il te plaît.",
    "error.form.unanswered": "« {question} » demande une réponse.",
    "error.form.length": "La réponse à « {question} » fait de {min} à {max} caractères.",
    "error.form.changed":
      "Le staff a changé les questions de {whitelist} pendant que tu y répondais ; rien n'a été envoyé. Relance /inscrire pour voir les nouvelles.",
    "error.form.needed":
      "{whitelist} pose d'abord quelques questions : inscris-toi avec /inscrire dans son salon.",
    "error.formRetention":
      "Les réponses au formulaire sont conservées de 0 à {max} jours (0 : seulement tant qu'une demande attend).",
    "error.guest.noNote":
      "Un invité a besoin d'une note qui dit qui il est (l'ami de qui, quel événement), pour le staff qui croisera le pseudo plus tard.",
    "banSync.on":
      "✅ La synchro des bannissements est activée : quand quelqu'un est banni de ce serveur, chacun de ses pseudos est refusé sur la whitelist correspondante (« {reason} »), pour qu'aucun autre compte ne puisse l'inscrire ; le débannir lève ces refus (pas ceux du staff). Les bannissements faits pendant que j'étais hors ligne ne sont pas vus.",
    "banSync.off":
      "✅ La synchro des bannissements est désactivée : un bannissement retire les pseudos comme n'importe quel départ. Les refus posés par un bannissement restent jusqu'à ce que le membre soit débanni, ou que le staff les lève avec `/whitelist undeny`.",
    "answers.deleted.title": "Le message d'un membre a été supprimé avant ma réponse",
    "answers.deleted":
      "Dans {channel}, un message avec un pseudo a été supprimé (AutoMod, un bot de modération ou le membre) avant que je puisse y répondre : j'ai répondu par un simple message qui mentionne le membre. Rien à corriger, sauf si ces suppressions ne sont pas voulues. (Dit une fois par salon jusqu'à mon redémarrage.)",
    "answers.history.title": "Je ne peux ni répondre aux membres ni réagir à leurs messages",
    "answers.history":
      "Dans {channel}, je n'ai pas {lacking}, sans quoi je ne peux ni répondre ni réagir : les membres reçoivent un simple message qui les mentionne au lieu d'une réponse ou d'un ✅. Pour corriger : accorde-le au bot (ou à son rôle) dans Modifier le salon → Permissions. (Dit une fois par salon jusqu'à mon redémarrage.)",
    "answers.lacking.history": "la permission « Voir les anciens messages »",
    "answers.lacking.reactions": "la permission « Ajouter des réactions »",
    "answers.lacking.both": "les permissions « Voir les anciens messages » et « Ajouter des réactions »",
    "nickname.scope":
      "Discord ne laisse aucun bot renommer le propriétaire du serveur{above} : ils gardent leurs propres surnoms.",
    "nickname.scope.above": ", ni les membres qui ont {roles} (au niveau de mon rôle ou au-dessus)",
    "nickname.blocked": "⚠️ Je ne peux pas changer le surnom de {member} : {reason}.",

    "message.expiring": "⏳ **{nick}** est inscrit jusqu'à son expiration {when}.",
    "message.registered": "{reaction} **{nick}** est inscrit.",
    "message.rolesRefused": "Tu es inscrit, mais je n'ai pas pu te donner {roles} ; le staff a été prévenu.",
    "message.paused":
      "Les inscriptions sur {whitelist} sont en pause : Discord ne me laisse pas lire les messages pour le moment (l'intent Message Content du bot est désactivé). Le staff a été prévenu ; réessaie plus tard.",

    "time.in": "dans {duration} ({when})",
    "time.days": { one: "{count} jour", many: "{count} de jours", other: "{count} jours" },
    "time.hours": { one: "{count} heure", many: "{count} d'heures", other: "{count} heures" },
    "time.minutes": { one: "{count} minute", many: "{count} de minutes", other: "{count} minutes" },
    "time.seconds": { one: "{count} seconde", many: "{count} de secondes", other: "{count} secondes" },
    "time.forGood": "pour toujours",
    "time.lifetime":
      "{duration} pour les inscriptions des membres eux-mêmes (le staff choisit avec `expires`)",

    "staff.list.none":
      "Ce serveur n'a pas encore de whitelist. Le staff en crée une avec `/whitelist create`.",
    "staff.list.header": {
      one: "{count} whitelist :",
      many: "{count} de whitelists :",
      other: "{count} whitelists :",
    },
    "staff.list.item": "• **{name}** (`{id}`) dans {channel} : {nickType}, mode {mode}, {nicks}{closed}",
    "staff.list.closed": ", fermée",
    "staff.list.footer": "Détails avec `/whitelist show` ; inscription avec `/inscrire`.",
    "staff.remove.done":
      "{removed} Il appartenait à {owner}. Les rôles donnés pour lui sont repris ; les serveurs de jeu l'apprennent aussitôt.",
    "staff.undeny.done":
      "✅ **{nick}** peut de nouveau être inscrit sur **{whitelist}**. Rien n'a été remis : son propriétaire le réinscrit avec `/inscrire`, ou le staff avec `/whitelist add`.",
    "staff.transfer.done":
      "🔀 **{nick}** sur **{whitelist}** appartient désormais à {to} (avant : {from}). Les serveurs de jeu ne voient aucun changement.",
    "staff.transfer.doneGuest":
      "🔀 **{nick}** sur **{whitelist}** appartient maintenant à {to} (c'était un invité de {from}). Les serveurs de jeu ne voient aucun changement.",
    "staff.transfer.grantFailed": "Je n'ai pas pu lui donner {roles} ; le pseudo est à lui malgré tout.",
    "staff.transfer.revertFailed":
      "Je n'ai pas pu reprendre {roles} à {from} ; retire-le à la main s'il ne doit pas le garder.",
    "staff.whois.found": "🔎 **{nick}** est sur {whitelists}.",
    "staff.whois.none": "🔎 **{nick}** n'est sur aucune whitelist que tu peux voir.",
    "staff.whois.hidden": {
      one: "Il est aussi sur {count} whitelist que tu ne gères pas, pour un autre membre.",
      many: "Il est aussi sur {count} de whitelists que tu ne gères pas, pour un autre membre.",
      other: "Il est aussi sur {count} whitelists que tu ne gères pas, pour un autre membre.",
    },
    "staff.whois.more": "… et {count} de plus : précise une whitelist.",
    "staff.member.partial": "les whitelists que tu gères",
    "staff.member.all": "les whitelists de ce serveur",
    "staff.member.linked": "Comptes liés (prouvés) :",
    "staff.member.none": "{member} n'a aucun pseudo sur {where}.",
    "staff.member.header": {
      one: "{member} a {count} pseudo sur {where} :",
      many: "{member} a {count} de pseudos sur {where} :",
      other: "{member} a {count} pseudos sur {where} :",
    },
    "staff.member.item": "• **{nick}** sur **{whitelist}** : {how} {when}{expires}{verified}{ranks}",
    "staff.member.registered": "inscrit",
    "staff.member.addedBy": "ajouté par {member}",
    "staff.member.expires": ", expire {when}",
    "staff.member.ranks": ", rangs : {groups}",
    "staff.member.verified": ", vérifié",
    "staff.member.awaiting": ", en attente de la preuve à la première connexion",
    "staff.member.guests": "Invités ajoutés par ce membre (joueurs sans Discord) :",
    "staff.member.guest": "• **{nick}** sur **{whitelist}** : {note}, {when}{expires}",
    "staff.member.answers": "Réponses au formulaire (ci-dessous{files}{more}) :",
    "staff.member.answers.files": " ; les longues en entier dans le fichier",
    "staff.member.answers.more": {
      one: " ; {count} plus ancienne non affichée",
      many: " ; {count} de réponses plus anciennes non affichées",
      other: " ; {count} plus anciennes non affichées",
    },
    "staff.logChannel.off":
      "Les logs sont désactivés. Les demandes à valider ont besoin d'un salon de logs : redéfinis-en un avec `/whitelist log-channel`.",
    "staff.logChannel.set":
      "✅ Je consigne désormais dans {channel}. Garde-le visible du staff seulement : les boutons de validation y sont.",
    "staff.logChannel.failed": "⚠️ {channel} est défini, mais je n'ai pas pu y publier.",
    "staff.export.done":
      "📄 **{whitelist}** au format `{file}` ({nicks}). Mets-le dans le dossier de ton serveur, ou laisse le serveur le récupérer : `{url}` avec une clé de `/server-link create`.",
    "lookup.how.member": "le membre l'a inscrit",
    "lookup.how.staff": "staff : `/whitelist add`, ou une demande acceptée",
    "lookup.how.guest": "l'équipe : `/whitelist guest`, un joueur sans Discord",
    "lookup.never": "jamais",
    "lookup.verified.yes": "oui : le propriétaire a prouvé le compte",
    "lookup.verified.awaiting": "non : en attente de la preuve à la première connexion, retiré {when}",
    "lookup.entry.title": "{nick} sur {whitelist}",
    "lookup.denial.title": "{nick} est refusé sur {whitelist}",
    "lookup.field.owner": "Propriétaire",
    "lookup.field.addedBy": "Ajouté par",
    "lookup.field.how": "Comment",
    "lookup.field.when": "Quand",
    "lookup.field.deniedBy": "Refusé par",

    "staff.link.created":
      "🔑 Liaison **{name}** pour {scope}, {access}. Copie la clé maintenant : elle n'est affichée qu'une fois, jamais plus.",
    "staff.link.howToUse": 'Utilisation : `curl -H "Authorization: Bearer {key}" {url}/whitelists`',
    "staff.link.next.remove": "Ensuite : mets la clé dans la configuration de ton plugin",
    "staff.link.next.read":
      "Ensuite : garde la clé sur ton propre serveur (jamais dans une page web ou ses scripts)",
    "staff.link.next":
      "{next}, ou reçois les événements avec `/server-link webhook id:{id}`. Perdue ? `/server-link revoke id:{id}` et crées-en une autre.",
    "staff.link.none":
      "Aucune liaison pour l'instant. Crées-en une pour ton serveur de jeu avec `/server-link create`.",
    "staff.link.header": {
      one: "{count} liaison :",
      many: "{count} de liaisons :",
      other: "{count} liaisons :",
    },
    "staff.link.footer":
      "Les clés ne sont plus jamais affichées : révoque une clé perdue avec `/server-link revoke` et crées-en une autre.",
    "staff.link.item":
      "• **{name}** `{id}`{state} : {scope} ; {access} ; créée {created} par {by}, {used} ; {hook}",
    "staff.link.revoked": " — **révoquée** {when}",
    "staff.link.neverUsed": "jamais utilisée",
    "staff.link.lastUsed": "utilisée {when}",
    "staff.link.webhook": "webhook → {host} ({delivery})",
    "staff.link.noWebhook": "pas de webhook",
    "staff.link.delivery.none": "aucun envoi pour l'instant",
    "staff.link.delivery.last": "dernier envoi {result} en {ms} ms {when}",
    "staff.link.delivery.failed": "échec : {error}",
    "staff.link.revokedDone":
      "🚫 La liaison **{name}** (`{id}`) est révoquée : sa clé est refusée désormais et ses connexions ouvertes sont fermées. Donne une nouvelle clé au serveur de jeu avec `/server-link create`.",
    "staff.webhook.removed":
      "Webhook de la liaison `{id}` retiré : plus d'envois. Définis-en un de nouveau avec une `url`.",
    "staff.webhook.set":
      "🪝 La liaison `{id}` envoie désormais chaque changement en POST vers **{host}**, signé selon Standard Webhooks.",
    "staff.webhook.verify":
      "Vérifie l'en-tête `webhook-signature` avec ce secret (il n'est affiché qu'une fois). Le résultat de chaque envoi apparaît dans `/server-link list` ; relance la commande pour changer de secret.",

    "staff.deny.premium":
      "Son compte premium est refusé aussi (UUID `{uuid}`), quel que soit son nouveau nom.",
    "staff.deny.bedrock":
      "Son compte Xbox est refusé aussi (UUID Floodgate `{uuid}`), quel que soit son gamertag.",
    "staff.deny.unavailable":
      "⚠️ {service} était injoignable, donc {nick} est refusé par nom seulement{before} : relance plus tard pour refuser aussi son compte, quel que soit son nouveau nom.",
    "staff.deny.before": " (et par l'UUID trouvé avant)",
    "staff.deny.now":
      "⛔ **{nick}** est désormais refusé sur **{whitelist}**{reason}. Son inscription est refusée, aux membres comme au staff.",
    "staff.deny.still":
      "⛔ **{nick}** est toujours refusé sur **{whitelist}**{reason}. Son inscription est refusée, aux membres comme au staff.",
    "staff.deny.reason": " : {reason}",
    "staff.deny.noReason": " (sans raison)",
    "staff.deny.removed":
      "Il était sur la whitelist ({nicks}, pour {owners}) et a été retiré ; les rôles donnés pour lui sont repris.",
    "staff.deny.undo": "Annule avec {command}.",
    "staff.add.done": "✅ **{nick}** est sur **{whitelist}** pour {member}.",
    "staff.add.expires": "⏳ Il expire {when}, et sera alors retiré avec ses rôles.",
    "staff.add.rolesRefused":
      "Je n'ai pas pu lui donner {roles} (détails dans le salon de logs) ; le pseudo reste.",
    "staff.add.undo": "Annule avec {command}.",
    "staff.guest.done": "✅ **{nick}** est sur **{whitelist}** en tant qu'invité : {note}.",
    "staff.guest.noRoles":
      "Aucun rôle n'est donné et aucune limite de membre ne les compte ; ils restent si tu quittes le serveur.",
    "staff.guest.expires": "⏳ Ils sont retirés d'eux-mêmes {when}.",
    "staff.guest.undo":
      "Annule avec {remove} ; une fois qu'ils ont rejoint le serveur, {transfer} leur donne le pseudo.",
    "whitelist.floodgate":
      "Floodgate : {prefix}, {spaces} (le gamertag {gamertag} joue sous le nom {example})",
    "whitelist.floodgate.noPrefix": "pas de préfixe",
    "whitelist.floodgate.prefix": "préfixe {prefix}",
    "whitelist.floodgate.spacesReplaced": "espaces en `_`",
    "whitelist.floodgate.spacesKept": "espaces conservés",
    "whitelist.floodgate.gamertag": "Alex Pocket",
    "whitelist.created": "✅ **{name}** créée (id `{id}`) : pseudos {nickType}, {max} par membre.{floodgate}",
    "whitelist.created.floodgate": " {floodgate}.",
    "whitelist.how.command": "Les membres s'inscrivent avec `/inscrire` dans {channel}.",
    "whitelist.how.message":
      "Les membres publient leur pseudo en message dans {channel} ; je réagis avec ✅ ou j'explique pourquoi pas.",
    "whitelist.how.message.paused":
      "⚠️ Les membres publient leur pseudo en message dans {channel}, mais c'est en pause : {paused}",
    "whitelist.how.approval":
      "Les membres utilisent `/inscrire` dans {channel} ; leurs demandes apparaissent dans le salon de logs avec les boutons Accepter et Refuser.{logChannel}",
    "whitelist.how.approval.noLogChannel": " Définis d'abord ce salon avec `/whitelist log-channel`.",
    "whitelist.how.proof":
      "🔒 Ils prouvent d'abord leur compte : ils rejoignent `{address}` dans Minecraft Java et tapent le code affiché avec `/inscrire code:` (les ajouts du staff n'ont pas besoin de preuve et sont marqués non vérifiés).",
    "whitelist.how.proof.off":
      "⚠️ La preuve est exigée, mais le serveur de liaison de ce service est éteint (LINK_PORT n'est pas défini) : les membres ne peuvent prouver aucun compte, donc pas s'inscrire tant qu'il ne tourne pas. Les ajouts du staff fonctionnent toujours.",
    "whitelist.created.next":
      "Ensuite : définis les rôles requis, donnés et de gestion avec `/whitelist roles`, et donne l'accès à ton serveur de jeu avec `/server-link create`.",
    "whitelist.edited.nothing":
      "Rien à changer : donne au moins l'une de ces options : name, channel, mode, max-nicks, enabled, remove-on-leave, floodgate-prefix, replace-spaces, entry-lifetime, on-role-loss, proof, proof-window, nickname.",
    "whitelist.edited": "✅ **{name}** désormais : {settings}.",
    "whitelist.edited.name": "nom **{name}**",
    "whitelist.edited.channel": "salon {channel}",
    "whitelist.edited.mode": "mode {mode}",
    "whitelist.edited.maxNicks": {
      one: "{count} pseudo par membre",
      many: "{count} de pseudos par membre",
      other: "{count} pseudos par membre",
    },
    "whitelist.state.open": "ouverte",
    "whitelist.state.closed": "fermée aux inscriptions",
    "whitelist.state.paused": "en pause (voir plus bas)",
    "whitelist.edited.removeOnLeave": "pseudos retirés quand les membres partent",
    "whitelist.edited.keepOnLeave": "pseudos gardés quand les membres partent",
    "whitelist.edited.lifetime": "durée de vie des entrées : {lifetime}",
    "whitelist.edited.removeOnRoleLoss": "pseudos retirés quand les membres perdent tous les rôles requis",
    "whitelist.edited.keepOnRoleLoss": "pseudos gardés quand les membres perdent tous les rôles requis",
    "whitelist.edited.nicknamesAlone": "surnoms des membres laissés tels quels",
    "whitelist.edited.nicknames": "surnoms des membres selon **{template}**",
    "whitelist.edited.proof.required": "preuve de propriété exigée",
    "whitelist.edited.proof.firstJoin": "preuve de propriété à la première connexion",
    "whitelist.edited.proof.off": "aucune preuve de propriété demandée",
    "whitelist.edited.proofWindow": "{window} pour prouver un pseudo à la première connexion",
    "whitelist.respelled": {
      one: "{count} pseudo Bedrock réécrit en conséquence (envoyé comme un retrait et un ajout).",
      many: "{count} de pseudos Bedrock réécrits en conséquence (chacun envoyé comme un retrait et un ajout).",
      other: "{count} pseudos Bedrock réécrits en conséquence (chacun envoyé comme un retrait et un ajout).",
    },
    "whitelist.respelled.clashes": {
      one: "{count} a gardé son ancienne orthographe : un autre pseudo a déjà la nouvelle (voir le journal du service).",
      many: "{count} de pseudos ont gardé leur ancienne orthographe : un autre pseudo a déjà la nouvelle (voir le journal du service).",
      other:
        "{count} ont gardé leur ancienne orthographe : un autre pseudo a déjà la nouvelle (voir le journal du service).",
    },
    "whitelist.respelled.pending": {
      one: "{count} attend encore que GeyserMC donne son XUID ; nouvel essai toutes les 10 minutes.",
      many: "{count} de pseudos attendent encore que GeyserMC donne leur XUID ; nouvel essai toutes les 10 minutes.",
      other: "{count} attendent encore que GeyserMC donne leur XUID ; nouvel essai toutes les 10 minutes.",
    },
    "whitelist.edited.lifetimeNote":
      "Les pseudos déjà inscrits gardent leur expiration ; la nouvelle durée de vie s'applique à partir de maintenant.",
    "whitelist.edited.proofNote":
      "Les pseudos déjà inscrits restent ; seules les nouvelles inscriptions demandent un compte prouvé.",
    "whitelist.edited.settled": {
      one: "{count} pseudo en attente de la preuve à la première connexion reste, non vérifié, et n'attend plus.",
      many: "{count} de pseudos en attente de la preuve à la première connexion restent, non vérifiés, et n'attendent plus.",
      other:
        "{count} pseudos en attente de la preuve à la première connexion restent, non vérifiés, et n'attendent plus.",
    },
    "whitelist.edited.windowNote":
      "Les pseudos en attente de preuve gardent leur délai ; le nouveau s'applique à partir de maintenant.",
    "whitelist.edited.nicknamesStop":
      "Les surnoms posés par le bot restent jusqu'au prochain changement de chaque membre, qui lui rend celui qu'il avait.",
    "whitelist.edited.nicknamesFollow":
      "Le surnom de chaque membre suit à partir de sa prochaine inscription, de son prochain renommage, transfert ou retrait (rien n'est renommé maintenant) ; celui qu'il avait revient quand son dernier pseudo part.",
    "whitelist.edited.closedHow": "Les inscriptions sont fermées ; rouvre-les avec `enabled:True`.",
    "whitelist.edited.seeAll": "Tous les réglages avec `/whitelist show`.",
    "whitelist.show.staffHint":
      "Le staff modifie les réglages avec `/whitelist edit` et les rôles avec `/whitelist roles`.",
    "whitelist.show.description": "id `{id}` · {status}",
    "whitelist.show.field.channel": "Salon",
    "whitelist.show.field.nickType": "Type de pseudo",
    "whitelist.show.field.mode": "Mode",
    "whitelist.show.field.perMember": "Pseudos par membre",
    "whitelist.show.field.nicks": "Pseudos",
    "whitelist.show.field.pending": "Demandes en attente",
    "whitelist.show.field.onLeave": "Au départ",
    "whitelist.show.field.lifetime": "Durée de vie des entrées",
    "whitelist.show.field.proof": "Preuve de propriété",
    "whitelist.show.field.form": "Formulaire",
    "whitelist.show.field.nicknames": "Surnoms",
    "whitelist.show.field.banSync": "Synchro des bannissements (serveur)",
    "whitelist.show.field.onRoleLoss": "À la perte de rôle",
    "whitelist.show.field.required": "Rôles requis",
    "whitelist.show.field.granted": "Rôles donnés",
    "whitelist.show.field.manager": "Rôles de gestion",
    "whitelist.show.field.ranks": "Rangs (groupe de jeu ← qui en fait partie)",
    "whitelist.show.field.roleLimits": "Limites de pseudos par rôle",
    "whitelist.show.field.denied": "Pseudos refusés",
    "whitelist.show.field.bedrock": "Bedrock",
    "whitelist.show.field.uuidsPending": "⚠️ UUID Bedrock en attente",
    "whitelist.show.field.problems": "⚠️ Problèmes",
    "whitelist.show.field.paused": "⚠️ Les inscriptions par message sont en pause",
    "whitelist.show.field.departures": "⚠️ Les départs ne sont pas vus",
    "whitelist.show.field.roleLoss": "⚠️ Les pertes de rôle ne sont pas vues",
    "whitelist.show.nicks": "{nicks} ({verified}{awaiting})",
    "whitelist.show.verified": {
      one: "{count} vérifié",
      many: "{count} de pseudos vérifiés",
      other: "{count} vérifiés",
    },
    "whitelist.show.awaiting": {
      one: ", {count} en attente de preuve",
      many: ", {count} de pseudos en attente de preuve",
      other: ", {count} en attente de preuve",
    },
    "whitelist.show.nicksRemoved": "pseudos retirés",
    "whitelist.show.nicksKept": "pseudos gardés",
    "whitelist.show.proof.off": "off : n'importe quel pseudo peut être inscrit",
    "whitelist.show.proof.firstJoin":
      "first-join : les membres prouvent leur compte à leur première connexion au serveur de jeu, dans un délai de {window}",
    "whitelist.show.proof.required": "required : les membres prouvent leur compte Java sur `{address}`",
    "whitelist.show.proof.linkOff":
      "required, mais le serveur de liaison est éteint (LINK_PORT non défini) : les membres ne peuvent prouver aucun compte",
    "whitelist.show.form": {
      one: "{count} question : `/whitelist form show`",
      many: "{count} de questions : `/whitelist form show`",
      other: "{count} questions : `/whitelist form show`",
    },
    "whitelist.show.nicknames.alone": "laissés tels quels",
    "whitelist.show.nicknames": "suivent le pseudo : **{template}**",
    "whitelist.show.banSync.on": "activée : un bannissement sur Discord refuse les pseudos du membre",
    "whitelist.show.banSync.off": "désactivée",
    "whitelist.show.required.none": "aucun : tout le monde peut s'inscrire",
    "whitelist.show.manager.none": "aucun : « Gérer le serveur » seulement",
    "whitelist.show.bedrock": "{floodgate}.",
    "whitelist.show.uuidsPending": {
      one: "{count} pseudo attend que GeyserMC donne son XUID, donc `whitelist.json` ne peut pas encore le laisser entrer. Il est redemandé toutes les 10 minutes.",
      many: "{count} de pseudos attendent que GeyserMC donne leur XUID, donc `whitelist.json` ne peut pas encore les laisser entrer. Ils sont redemandés toutes les 10 minutes.",
      other:
        "{count} pseudos attendent que GeyserMC donne leur XUID, donc `whitelist.json` ne peut pas encore les laisser entrer. Ils sont redemandés toutes les 10 minutes.",
    },
    "whitelist.show.denials.count": {
      one: "{count} pseudo ; le staff voit lequel.",
      many: "{count} de pseudos ; le staff voit lesquels.",
      other: "{count} pseudos ; le staff voit lesquels.",
    },
    "whitelist.show.denials.header": {
      one: "{count} pseudo :",
      many: "{count} de pseudos :",
      other: "{count} pseudos :",
    },
    "whitelist.show.denials.reason": " : {reason}",
    "whitelist.show.denials.more": "… et {count} de plus (un par un : `/whitelist whois`)",
    "error.whitelist.name": "Un nom de whitelist fait 1 à 32 lettres, chiffres, `-` ou `_`.",
    "error.whitelist.maxNicks":
      "Le nombre maximal de pseudos par membre doit être un nombre entier d'au moins 1.",
    "error.whitelist.floodgatePrefix":
      "Un préfixe Floodgate fait jusqu'à 15 caractères imprimables sans espace, comme `username-prefix` dans le config.yml de Floodgate (par défaut `.`). Floodgate utilise `.` sans rien dire à la place d'un préfixe de 16 caractères ou plus : si le tien est aussi long, tes joueurs Bedrock sont nommés avec `.`, mets donc `.` ici.",
    "error.whitelist.onRoleLoss": "on-role-loss est l'une de ces valeurs : {allowed}.",
    "error.whitelist.proof": "proof est l'une de ces valeurs : {allowed}.",
    "error.whitelist.types": "{list} et {last}",
    "error.whitelist.proof.required":
      "La preuve de propriété avant l'inscription est pour les whitelists {types} : les pseudos {nickType} ne peuvent pas être prouvés par une connexion Java.",
    "error.whitelist.proof.firstJoin":
      "La preuve à la première connexion est pour les whitelists {types} : les pseudos {nickType} n'ont pas de compte à prouver.",
    "error.whitelist.nameTaken": "Une whitelist nommée « {name} » existe déjà.",
    "error.whitelist.nameLookalike":
      "Une whitelist nommée « {name} » serait confondue avec « {existing} », qui existe déjà.",
    "error.whitelist.messageChannel":
      "Ce salon prend déjà les inscriptions en mode message pour {whitelist}, et un message ne peut inscrire que sur une whitelist : choisis un autre salon, ou un autre mode.",
    "error.duration.format":
      "un nombre entier et une unité : `30m` (minutes), `12h` (heures) ou `7d` (jours), de 1 minute à 366 jours",
    "error.duration.empty": "Aucune durée donnée. Donne {format}.",
    "error.duration.invalid": "« {typed} » n'est pas une durée. Donne {format}.",
    "error.duration.typed": "`{typed}`",
    "error.lifetime.tooShort":
      "{duration}, c'est trop court : une entrée peut durer de 1 minute à 366 jours (`1m` à `366d`).",
    "error.lifetime.tooLong":
      "{duration}, c'est trop long : une entrée peut durer de 1 minute à 366 jours (`1m` à `366d`).",
    "error.lifetime.whole":
      "La durée de vie d'une entrée est un nombre entier de secondes ; reçu : {seconds}.",
    "error.proofWindow": "Un délai de preuve va de 10 minutes à 30 jours (10m à 30d) ; reçu : {window}.",
    "error.nicknameTemplate.example":
      "Écris-le avec `{mc}` pour le nom Minecraft, par ex. `{discord} ({mc})` ou `{mc}`.",
    "error.nicknameTemplate.mcOnce":
      "Un modèle de surnom nomme le nom Minecraft exactement une fois. {example}",
    "error.nicknameTemplate.discordOnce":
      "Un modèle de surnom nomme le nom Discord au plus une fois. {example}",
    "error.nicknameTemplate.invalid":
      "« {template} » n'est pas un modèle de surnom : les seuls espaces réservés sont `{mc}` et `{discord}`, sur une ligne. {example}",
    "error.nicknameTemplate.long":
      "Un modèle de surnom a au plus {own} caractères en dehors de ses espaces réservés, pour que tout nom Minecraft (jusqu'à {mcMax}) tienne dans les {max} de Discord.",
    "staff.delete.preview":
      "Supprimer **{whitelist}** retire ses {nicks} (les rôles donnés pour eux sont repris), abandonne ses demandes en attente et révoque {keys} limitées à elle. Rien n'a encore changé : lance {command} pour continuer.",
    "staff.delete.done":
      "🗑️ **{whitelist}** supprimée : {nicks} retirés, {keys} révoquées. Les serveurs de jeu avec une clé pour tout le serveur reçoivent désormais 404 pour elle ; crées-en une nouvelle avec `/whitelist create`.",

    "account.premium": "premium, UUID {uuid}",
    "account.notPremium": "non premium",
    "account.offline": "pseudo hors ligne, non vérifié",
    "account.bedrock": "gamertag Bedrock {gamertag}, {uuid}",
    "account.bedrock.uuid": "UUID Floodgate {uuid}",
    "account.bedrock.waiting": "son UUID attend GeyserMC",

    "log.origin.discord": "Discord",
    "log.origin.api": "API/plugin",
    "log.origin.memberLeft": "membre parti",
    "log.origin.staff": "staff",
    "log.origin.system": "whitelist-sync",
    "log.origin.roleLost": "rôle perdu",
    "log.origin.expired": "expiré",
    "log.origin.renamed": "renommé (Mojang)",
    "log.origin.roles": "rôles",
    "log.groups.title": "Rangs modifiés",
    "log.groups": "**{nick}** sur **{whitelist}**",
    "log.groups.field.joined": "Rejoint",
    "log.groups.field.left": "Quitté",
    "log.groups.field.now": "Maintenant dans",
    "log.ranks.mapped.title": "Rang associé",
    "log.ranks.unmapped.title": "Association de rang retirée",
    "log.ranks": "`{group}` ← {holders} sur **{whitelist}**",
    "log.ranks.field.changed": "Pseudos regroupés",
    "log.field.member": "Membre",
    "log.field.by": "Par",
    "log.field.origin": "Origine",
    "log.field.account": "Compte",
    "log.field.verified": "Vérifié",
    "log.field.expires": "Expire",
    "log.field.why": "Pourquoi",
    "log.field.reason": "Raison",
    "log.field.request": "Demande",
    "log.field.access": "Accès",
    "log.field.nicks": "Pseudos",
    "log.field.approvedBy": "Acceptée par",
    "log.field.rejectedBy": "Refusée par",
    "log.field.guest": "Invité",
    "log.byKey": "clé de liaison « {key} »",
    "log.guestOf": "de {member} : {note}",
    "log.added.title": "Pseudo ajouté",
    "log.removed.title": "Pseudo retiré",
    "log.added": "**{nick}** ajouté à **{whitelist}**",
    "log.removed": "**{nick}** retiré de **{whitelist}**",
    "log.verified.yes": "oui : prouvé par le membre",
    "log.verified.no": "non",
    "log.verified.awaiting": "pas encore : en attente de la preuve à la première connexion, jusqu'à {until}",
    "log.provenBy":
      "{member} a prouvé être propriétaire de ce compte (un propriétaire par compte et par serveur).",
    "log.event": "événement {id}",
    "log.events": "événements {first}–{last}",
    "log.renamed.title": "Pseudo renommé",
    "log.renamed": "**{old}** s'appelle maintenant **{nick}** sur **{whitelist}**",
    "log.roles.grant.title": "Impossible de donner des rôles",
    "log.roles.revoke.title": "Impossible de retirer des rôles",
    "log.roles.for": "Pour {member} (**{nick}**) :",
    "log.roles.imported": {
      one: "{count} pseudo importé",
      many: "{count} de pseudos importés",
      other: "{count} pseudos importés",
    },
    "log.roleReason.permission":
      "permission manquante : donne au bot « Gérer les rôles » et place son rôle au-dessus de celui-ci",
    "log.roleReason.unknownRole": "le rôle n'existe plus",
    "log.roleReason.unknownMember": "le membre n'est plus sur le serveur",
    "log.roleReason.managed":
      "une intégration (un bot ou le boost de serveur) gère ce rôle, donc personne ne peut le donner ni le retirer : choisis un autre rôle avec /whitelist roles",
    "log.roleReason.refused": "Discord a refusé ({code} : {message})",
    "log.roleReason.unreachable": "Discord est injoignable ({message})",
    "log.roleReason.botUnreachable": "Le bot n'a pas pu joindre Discord ({message}).",
    "log.roleReason.offline": "Le bot Discord n'est pas connecté (pas de DISCORD_TOKEN).",
    "log.roleReason.unconfirmedGrant": "Discord n'a pas confirmé que le rôle a été donné.",
    "log.roleReason.unconfirmedRevoke": "Discord n'a pas confirmé que le rôle a été retiré.",
    "log.request.title": "Demande d'inscription",
    "log.request": "{member} demande **{nick}** sur **{whitelist}**",
    "log.request.footer": "Staff de cette whitelist : accepte ou refuse ci-dessous.",
    "log.request.cut": "Les longues réponses sont coupées ici : /whitelist member les montre en entier.",
    "log.request.approve": "Accepter",
    "log.request.reject": "Refuser",
    "log.request.cancelled.title": "Demande annulée",
    "log.request.cancelled": "La demande de {member} pour **{nick}** est annulée : {because}.",
    "log.request.cancelled.deleted": "le staff a supprimé **{whitelist}**",
    "log.request.cancelled.left": "il a quitté le serveur",
    "log.request.approved.title": "Demande acceptée",
    "log.request.rejected.title": "Demande refusée",
    "log.request.decided": "**{nick}** sur **{whitelist}** pour {member}",
    "log.access.remove": "lit et retire",
    "log.access.read": "lecture seule",
    "log.key.created.title": "Clé de liaison créée",
    "log.key.revoked.title": "Clé de liaison révoquée",
    "log.key": "**{name}** (`{id}`) pour {scope}",
    "log.scope.server": "tout le serveur",
    "log.scope.whitelist": "la whitelist **{whitelist}**",
    "log.scope.deleted": "une whitelist supprimée",
    "log.webhook.set.title": "Webhook défini",
    "log.webhook.cleared.title": "Webhook retiré",
    "log.webhook.set": "La liaison **{name}** (`{id}`) publie désormais ses événements vers **{host}**",
    "log.webhook.cleared": "La liaison **{name}** (`{id}`) ne publie plus d'événements",
    "log.denied.title": "Pseudo refusé",
    "log.allowed.title": "Pseudo de nouveau autorisé",
    "log.denial": "**{nick}** sur **{whitelist}**",
    "log.denial.uuid": "UUID {uuid}",
    "log.denial.byName": "par nom seulement",
    "log.deleted.title": "Whitelist supprimée",
    "log.deleted": "**{whitelist}** (`{id}`) n'existe plus : {nicks} retirés, {keys} révoquées.",
    "log.count.nicks": { one: "{count} pseudo", many: "{count} de pseudos", other: "{count} pseudos" },
    "log.count.keys": {
      one: "{count} clé de liaison",
      many: "{count} de clés de liaison",
      other: "{count} clés de liaison",
    },
    "log.imported.title": "Pseudos importés",
    "log.imported": "{added} de **{file}** ({lines}) ajoutés à **{whitelist}**, au nom de {member}",
    "log.count.names": { one: "{count} nom", many: "{count} de noms", other: "{count} noms" },
    "log.transfer.title": "Pseudo transféré",
    "log.transfer": "**{nick}** sur **{whitelist}** : {from} → {to}",
    "log.transfer.guestOf": "un invité de {member}",
    "log.list.item": "• **{nick}** de **{whitelist}**",
    "log.list.deleted": "• **{nick}** ({member})",
    "log.list.more": "… et {count} de plus : la liste complète est en pièce jointe.",
    "log.left.title": "Membre parti",
    "log.roleLost.title": "Rôle requis perdu",
    "log.left": {
      one: "{member} a quitté le serveur : {count} pseudo retiré.",
      many: "{member} a quitté le serveur : {count} de pseudos retirés.",
      other: "{member} a quitté le serveur : {count} pseudos retirés.",
    },
    "log.roleLost": {
      one: "{member} n'a plus de rôle exigé par ses whitelists : {count} pseudo retiré.",
      many: "{member} n'a plus de rôle exigé par ses whitelists : {count} de pseudos retirés.",
      other: "{member} n'a plus de rôle exigé par ses whitelists : {count} pseudos retirés.",
    },
    "log.channel.title": "Salon de logs",
    "log.channel":
      "{member} a choisi ce salon pour les logs de whitelist-sync : ajouts, retraits, demandes à valider et problèmes de rôles.",
    "log.intent.title": "Discord refuse le {intent}",
    "log.intent":
      "Tant qu'il est désactivé, {without}.{paused}\nPour corriger : active **{intent}** dans {portal}, puis redémarre whitelist-sync.",
    "log.intent.paused": " En pause : {whitelists}.",
    "log.file.departed": "pseudos-retires-{member}.txt",
    "log.file.deleted": "{whitelist}-retires.txt",
    "log.file.item": "{nick} de {whitelist}",
    "log.file.deletedItem": "{nick} ({member})",
    "log.ban.title": "Membre banni : pseudos refusés",
    "log.ban":
      "{member} a été banni sur Discord. Ses pseudos sont refusés (« {reason} ») jusqu'à la levée du bannissement.",
    "log.ban.removed":
      "{member} a été banni sur Discord. Ses pseudos sont refusés (« {reason} ») jusqu'à la levée du bannissement ; {nicks} retirés des whitelists.",
    "log.ban.denied": "• **{whitelist}** : {nicks}",
    "log.ban.kept": "• **{whitelist}**, déjà refusés : {nicks}",
    "log.ban.none": "Ce membre n'avait aucun pseudo.",
    "log.unban.title": "Membre débanni : refus levés",
    "log.unban":
      "{member} a été débanni sur Discord. Ce que son bannissement refusait peut être réinscrit (rien n'est rajouté ; les refus de l'équipe restent) :",
    "log.unban.lifted": "• **{whitelist}** : {nicks}",

    "intent.portal":
      "Bot → Privileged Gateway Intents du portail développeur Discord (https://discord.com/developers/applications)",
    "intent.serverMembers.without":
      "les membres qui partent gardent leurs pseudos, de même que ceux qui perdent les rôles requis d'une whitelist (rien de cela n'est vu, et la vérification de ce qui a été manqué hors ligne, au démarrage et après reconnexion, est désactivée) ; retire leurs pseudos avec /whitelist remove",
    "intent.messageContent.without":
      "les whitelists en mode message sont en pause, car le bot ne peut pas lire les pseudos qu'on y publie ; les membres qui y publient ou utilisent /inscrire en sont informés",
    "intent.pausedForStaff":
      "Discord ne laisse pas le bot lire les messages. Active **Message Content Intent** dans {portal}, puis redémarre whitelist-sync.",
    "intent.departuresUnseen":
      "Discord ne dit pas au bot qui part, donc les pseudos restent jusqu'à ce qu'on les retire à la main. Active **Server Members Intent** dans {portal}, puis redémarre whitelist-sync.",
    "intent.roleLossUnseen":
      "Discord ne dit pas au bot quand des membres perdent des rôles, donc les pseudos des membres sans rôle requis restent jusqu'à ce qu'on les retire à la main. Active **Server Members Intent** dans {portal}, puis redémarre whitelist-sync.",
    "permission.AddReactions": "« Ajouter des réactions »",
    "permission.Administrator": "« Administrateur »",
    "permission.BanMembers": "« Bannir des membres »",
    "permission.ViewAuditLog": "« Voir les logs du serveur »",
    "permission.ManageNicknames": "« Gérer les pseudos »",
    "permission.ViewChannel": "« Voir les salons »",
    "permission.SendMessages": "« Envoyer des messages »",
    "permission.EmbedLinks": "« Intégrer des liens »",
    "permission.AttachFiles": "« Joindre des fichiers »",
    "permission.ReadMessageHistory": "« Voir les anciens messages »",
    "permission.ManageRoles": "« Gérer les rôles »",
    "setup.list": "{first}, {rest}",
    "setup.rolesPlace": "Paramètres du serveur → Rôles",
    "setup.turnOn.fix": "active {permission} pour le rôle du bot dans {place}",
    "setup.server.ok": "le bot a toutes les permissions qu'il utilise sur {server}",
    "setup.server.lacks": "il manque au bot sur {server} : {permissions}",
    "setup.server.lacks.fix":
      "active {permissions} pour le rôle du bot dans {place} (ou invite-le à nouveau avec le lien de `whitelist-sync invite`, qui les demande)",
    "setup.banSync":
      "la synchro des bannissements est active sur {server}, mais Discord ne signale aucun bannissement au bot : il lui manque {permission}",
    "setup.nickname.owner":
      "ce membre possède le serveur, et Discord ne laisse aucun bot changer le pseudo du propriétaire",
    "setup.nickname.above":
      "son rôle le plus haut est au niveau du mien ({role}) ou au-dessus : fais glisser {role} au-dessus dans {place}",
    "setup.nickname.permission": "il me manque {permission} : active-la pour {role} dans {place}",
    "setup.logChannel.gone": "le salon de logs ({id}) n'existe plus sur {server}",
    "setup.chooseAnother.fix": "choisis-en un autre avec {command}",
    "setup.channel.log": "le salon de logs {channel}",
    "setup.channel.whitelist": "le salon {channel} de {whitelist}",
    "setup.channel.post": "{where} : je peux y lire et publier",
    "setup.channel.react": "{where} : je peux y lire, répondre et réagir",
    "setup.channel.lacks": "{where} : il m'y manque {permissions}",
    "setup.channel.lacks.fix":
      "autorise {permissions} pour le bot (ou son rôle) dans Modifier le salon → Permissions de {channel}",
    "setup.whitelist.channelGone": "{whitelist} : son salon ({id}) n'existe plus",
    "setup.whitelist.roleGone.required": "{whitelist} : un rôle requis ({id}) n'existe plus",
    "setup.whitelist.roleGone.manager": "{whitelist} : un rôle de gestion ({id}) n'existe plus",
    "setup.whitelist.roleGone.granted": "{whitelist} : un rôle donné ({id}) n'existe plus",
    "setup.whitelist.setRoles.fix": "redéfinis ses rôles avec {command}",
    "setup.whitelist.managed": "{whitelist} : je ne peux pas donner {role} : une intégration gère ce rôle",
    "setup.whitelist.managed.fix": "donne plutôt un rôle à toi avec {command}",
    "setup.whitelist.cannotGrant": "{whitelist} : je ne peux pas donner {role} : il me manque {permission}",
    "setup.whitelist.below": "{whitelist} : je ne peux pas donner {role} : mon rôle est en dessous",
    "setup.whitelist.below.fix": "fais glisser le rôle du bot ({bot}) au-dessus de {role} dans {place}",
    "setup.whitelist.canGrant": "{whitelist} : je peux donner {role}",
    "setup.whitelist.nicknames.ok": "{whitelist} : je peux définir les pseudos des membres",
    "setup.whitelist.nicknames.lacks":
      "{whitelist} : les pseudos des membres doivent suivre leur nom Minecraft, mais il me manque {permission}",
    "setup.whitelist.messageContent":
      "{whitelist} inscrit par message, mais le Message Content Intent est désactivé : les pseudos des membres ne peuvent pas être lus",
    "setup.whitelist.messageContent.fix": "active le Message Content Intent dans {portal}, ou {command}",
    "setup.whitelist.noLogChannel":
      "{whitelist} demande la validation du staff, mais aucun salon de logs n'est défini pour y publier les demandes",
    "setup.whitelist.noLogChannel.fix": "définis-en un avec {command}",
    "setup.warning": "⚠️ {title}. Solution : {fix}.",
    "access.rolesUnseen":
      "⚠️ Discord ne me laisse pas voir les rôles des membres (le Server Members Intent est désactivé), donc les membres sans rôle requis gardent leurs pseudos jusqu'à ce qu'on les retire à la main.",
    "access.allHold": "Chaque membre qui y a un pseudo a l'un de ses rôles requis.",
    "access.removed": {
      one: "{count} pseudo d'un membre sans aucun de ses rôles requis a été retiré (origine : rôle perdu).",
      many: "{count} de pseudos de membres sans aucun de ses rôles requis ont été retirés (origine : rôle perdu).",
      other:
        "{count} pseudos de membres sans aucun de ses rôles requis ont été retirés (origine : rôle perdu).",
    },
    "ranks.oneHolder":
      "Indiquez qui fait partie du groupe avec une seule option : `role`, ou `members` (tout le monde sur la whitelist, ou ses comptes vérifiés).",
    "ranks.holder.everyone": "tout le monde sur la whitelist",
    "ranks.holder.verified": "comptes vérifiés",
    "ranks.line": "`{group}` ← {holders}",
    "ranks.added":
      "{holder} → `{group}` sur **{whitelist}** : les agents des serveurs de jeu donnent à chaque joueur son groupe.",
    "ranks.addedAgain": "{holder} est déjà dans `{group}` sur **{whitelist}** : rien n'a changé.",
    "ranks.changed": "Pseudos dont les groupes ont changé : {count}.",
    "ranks.removed": "`{group}` sur **{whitelist}** ne suit plus {holders}.",
    "ranks.noneRemoved": "**{whitelist}** n'associe rien à `{group}` : rien n'a changé.",
    "ranks.noneRemoved.holder": "**{whitelist}** ne met pas {holder} dans `{group}` : rien n'a changé.",
    "ranks.rolesUnseen":
      "⚠️ Discord ne donne pas au bot l'intent Server Members : il ne voit aucun changement de rôle, donc les groupes suivent les rôles qu'avaient les membres à leur inscription, jusqu'à son activation.",
    "ranks.list.none":
      "**{whitelist}** n'associe aucun rôle à un groupe de jeu. Ajoutez-en un avec `/whitelist ranks add`.",
    "ranks.list.header": "Rangs de **{whitelist}** (groupe de jeu ← qui en fait partie) :",
    "ranks.list.how":
      "Les serveurs de jeu les appliquent via l'agent `sync` (`--groups luckperms`, `--on-group-add`, ou le permissions.json d'un serveur Bedrock).",
    "roleLimit.usage":
      "Écris la limite de pseudos d'un rôle sous la forme `<rôle>=<nombre>` (1-{max}), par ex. `@Donateur=3`, ou `@Donateur=none` pour la retirer ; le rôle par sa mention, son ID ou son nom exact.",
    "roleLimit.ambiguous":
      "Plusieurs rôles s'appellent « {name} » : donne plutôt la mention ou l'ID du rôle.",
    "roleLimit.unknownName":
      "Il n'y a pas de rôle « {name} » sur ce serveur, donc aucune limite n'a été définie. Choisis-le par sa mention (tape @ et son nom), son ID ou son nom exact.",
    "roleLimit.unknownId":
      "Il n'y a pas de rôle avec l'ID {id} sur ce serveur, donc aucune limite n'a été définie. Choisis-le par sa mention (tape @ et son nom), son ID ou son nom exact.",
    "roleLimit.notNumber":
      "La limite de pseudos d'un rôle est un nombre entier de 1 à {max}, ou none pour la retirer ; « {value} » n'est ni l'un ni l'autre.",
    "roleLimit.none": "aucune (chaque membre : {max}, max-nicks)",
    "roleLimit.others": " (un membre a la plus haute de ses rôles ; {max} sans aucun, max-nicks)",
    "roleLimit.more": " … et {count} de plus",
    "roles.list.required": "Requis (l'un d'eux permet à un membre de s'inscrire)",
    "roles.list.granted": "Donnés à l'inscription",
    "roles.list.manager": "Gestion (ajouter et retirer les pseudos de tous)",
    "roles.everyone": "@everyone ne peut pas servir ici ; choisis un vrai rôle.",
    "roles.header": "Rôles de **{whitelist}** :",
    "roles.header.changed": "✅ Rôles de **{whitelist}** :",
    "roles.line": "• {label} : {roles}",
    "roles.limits": "• Limites de pseudos par rôle : {limits}",
    "roles.how":
      "Modifie une liste avec `add-…`/`remove-…` (un rôle à la fois), ou vide-la avec `clear` ; définis la limite de pseudos d'un rôle avec `limit:@Rôle=3` (`@Rôle=none` la retire).",
    "import.outcome.added": "ajouté",
    "import.outcome.wouldBeAdded": "serait ajouté",
    "import.outcome.already": "déjà présent",
    "import.outcome.invalid": "invalide",
    "import.outcome.denied": "refusé",
    "import.outcome.unchecked": "non vérifié",
    "import.outcome.refused": "rejeté",
    "import.format.plain": "une liste simple",
    "import.format.easywhitelist": "un config.yml d'EasyWhitelist",
    "import.format.vanilla": "un whitelist.json de Minecraft",
    "import.file": "**{file}** ({format}, {names})",
    "import.tally": "{label} : {count}",
    "import.dryRun": "🔎 Essai à blanc de {file} sur **{whitelist}** pour {member} : rien n'a été modifié.",
    "import.done": "📥 {file} importé dans **{whitelist}** pour {member}.",
    "import.unchecked": {
      one: "⏳ {count} nom n'a pas pu être vérifié, donc rien n'a été enregistré pour lui : importe à nouveau le même fichier plus tard (ce qui est déjà sur la whitelist sera alors « {already} »).",
      many: "⏳ {count} de noms n'ont pas pu être vérifiés, donc rien n'a été enregistré pour eux : importe à nouveau le même fichier plus tard (ce qui est déjà sur la whitelist sera alors « {already} »).",
      other:
        "⏳ {count} noms n'ont pas pu être vérifiés, donc rien n'a été enregistré pour eux : importe à nouveau le même fichier plus tard (ce qui est déjà sur la whitelist sera alors « {already} »).",
    },
    "import.rolesRefused":
      "Je n'ai pas pu donner {roles} à {member} (détails dans le salon de logs) ; les pseudos restent.",
    "import.next":
      "Chaque nom et ce qu'il est devenu sont dans le fichier joint `{file}`. Transfère les pseudos à leurs joueurs avec `/whitelist transfer`.",
    "import.next.dryRun":
      "Chaque nom et ce qu'il est devenu sont dans le fichier joint `{file}`. Relance la commande sans `dry-run` pour importer.",
    "import.detail.taken": "déjà sur {whitelist}",
    "import.detail.held": "déjà sur {whitelist} ({nick})",
    "import.detail.notPremium": "pas un compte premium ; {whitelist} n'accepte que les comptes premium",
    "import.detail.unreachable": "{service} était injoignable : non vérifié, importe à nouveau le fichier",
    "import.detail.earlier": "déjà listé plus haut, ligne {line}",
    "import.detail.meanwhile": "inscrit sur {whitelist} entre-temps",
    "import.detail.notStored": "non enregistré : {reason}",
    "import.detail.unexpected":
      "une erreur inattendue a arrêté l'import (elle est enregistrée dans les logs)",
    "import.refused.noNick": {
      one: "La {count} ligne de {file} n'est pas un pseudo que {whitelist} accepte, donc ce n'est pas une liste de pseudos. {attach}",
      many: "Aucune des {count} de lignes de {file} n'est un pseudo que {whitelist} accepte, donc ce n'est pas une liste de pseudos. {attach}",
      other:
        "Aucune des {count} lignes de {file} n'est un pseudo que {whitelist} accepte, donc ce n'est pas une liste de pseudos. {attach}",
    },

    "dashboard.skip": "Aller au contenu",
    "dashboard.signedInAs": "Connecté en tant que {name}",
    "dashboard.signOut": "Se déconnecter partout",
    "dashboard.nav.server": "Pages de {server}",
    "dashboard.yes": "oui",
    "dashboard.no": "non",
    "dashboard.signIn.title": "Connexion",
    "dashboard.signIn.intro":
      "Le tableau de bord de whitelist-sync montre les serveurs où tu es, avec ce que Discord te permet d'y voir : au staff ses whitelists, demandes et journal, aux membres leurs propres pseudos.",
    "dashboard.signIn.button": "Se connecter avec Discord",
    "dashboard.signIn.signedOut":
      "Tu es déconnecté, sur tous tes appareils, et l'accès via Discord est révoqué.",
    "dashboard.error.title": "Impossible",
    "dashboard.error.back": "Retour à tes serveurs",
    "dashboard.error.notFound": "Il n'y a rien ici, ou rien que tu puisses voir.",
    "dashboard.error.forbidden":
      "Refusé : cela ne venait pas de ta propre page du tableau de bord, ou tu n'es pas connecté. Rouvre la page et réessaie.",
    "dashboard.error.internal":
      "Un problème est survenu de notre côté ; il a été enregistré. Réessaie plus tard.",
    "dashboard.error.discord": "Discord est injoignable. Réessaie dans une minute.",
    "dashboard.error.badForm": "Le formulaire n'était pas rempli comme prévu. Rouvre la page et réessaie.",
    "dashboard.error.memberLeft":
      "Ce membre n'est plus sur le serveur, sa demande ne peut donc pas être acceptée.",
    "dashboard.error.signInExpired":
      "Cette connexion a expiré ou a été commencée dans un autre navigateur. Reconnecte-toi.",
    "dashboard.error.signInCancelled": "La connexion a été annulée sur Discord.",
    "dashboard.error.signInRefused": "Discord a refusé la connexion. Reconnecte-toi.",
    "dashboard.servers.title": "Tes serveurs",
    "dashboard.servers.none":
      "Aucun de tes serveurs n'utilise whitelist-sync, ou il n'y a rien que tu puisses y voir.",
    "dashboard.access.server": "tu gères ce serveur",
    "dashboard.access.manager": "tu gères {whitelists}",
    "dashboard.access.member": "tes propres pseudos",
    "dashboard.tab.overview": "Whitelists",
    "dashboard.tab.requests": "Demandes",
    "dashboard.tab.log": "Journal",
    "dashboard.tab.keys": "Clés de liaison",
    "dashboard.tab.me": "Ma page",
    "dashboard.overview.title": "Whitelists",
    "dashboard.overview.member":
      "Tu es membre ici : ta page montre tes pseudos, tes comptes liés et tes demandes.",
    "dashboard.overview.yours": "Ta page",
    "dashboard.overview.whitelists": "Whitelists que tu vois",
    "dashboard.overview.noWhitelists": "Aucune whitelist ici que tu puisses voir.",
    "dashboard.overview.settings": "Réglages",
    "dashboard.overview.requests": "Demandes",
    "dashboard.overview.pending": {
      one: "{count} demande en attente",
      many: "{count} de demandes en attente",
      other: "{count} demandes en attente",
    },
    "dashboard.overview.activity": "Inscriptions et retraits",
    "dashboard.whitelist.open": "ouverte",
    "dashboard.whitelist.closed": "fermée",
    "dashboard.column.name": "Nom",
    "dashboard.column.nickType": "Type de pseudo",
    "dashboard.column.mode": "Inscription",
    "dashboard.column.state": "État",
    "dashboard.column.nick": "Pseudo",
    "dashboard.column.owner": "Membre",
    "dashboard.column.details": "Détails",
    "dashboard.column.added": "Ajouté",
    "dashboard.column.remove": "Retirer",
    "dashboard.column.when": "Quand",
    "dashboard.column.change": "Changement",
    "dashboard.column.whitelist": "Whitelist",
    "dashboard.column.by": "Par",
    "dashboard.column.origin": "Origine",
    "dashboard.column.reason": "Raison",
    "dashboard.chart.caption": "Inscriptions et retraits par jour, les {days} derniers jours (UTC).",
    "dashboard.chart.day": "{day} : {added} ajoutés, {removed} retirés",
    "dashboard.chart.added": "ajoutés",
    "dashboard.chart.removed": "retirés",
    "dashboard.chart.asTable": "La même chose en tableau",
    "dashboard.chart.dayColumn": "Jour",
    "dashboard.entries.title": "Entrées de {whitelist}",
    "dashboard.entries.caption": "Les pseudos de {whitelist}",
    "dashboard.entries.search": "Le pseudo commence par",
    "dashboard.entries.filter": "État",
    "dashboard.entries.kind": "Type",
    "dashboard.entries.apply": "Afficher",
    "dashboard.entries.none": "Aucune entrée ne correspond.",
    "dashboard.entries.pages": "Pages",
    "dashboard.entries.first": "Première page",
    "dashboard.entries.next": "Page suivante",
    "dashboard.entries.export": "Télécharger",
    "dashboard.entries.reason": "Raison (facultative)",
    "dashboard.entries.reasonFor": "Raison du retrait de {nick}",
    "dashboard.entries.remove": "Retirer",
    "dashboard.entries.confirm": "Retirer {nick} de la whitelist ?",
    "dashboard.entries.removed": "{nick} a été retiré.",
    "dashboard.filter.all": "toutes",
    "dashboard.filter.verified": "vérifiées",
    "dashboard.filter.awaiting-proof": "preuve en attente",
    "dashboard.filter.expiring": "qui expirent",
    "dashboard.kind.any": "tous",
    "dashboard.kind.premium": "Java, premium",
    "dashboard.kind.offline": "Java, hors ligne",
    "dashboard.kind.bedrock": "Bedrock",
    "dashboard.kind.guest": "invité (sans Discord)",
    "dashboard.entry.guest": "invité",
    "dashboard.entry.bedrock": "Bedrock",
    "dashboard.entry.premium": "premium",
    "dashboard.entry.offline": "hors ligne",
    "dashboard.entry.verified": "vérifié",
    "dashboard.entry.awaiting": "preuve attendue jusqu'au {when}",
    "dashboard.entry.expires": "expire le {when}",
    "dashboard.requests.title": "Demandes en attente",
    "dashboard.requests.none": "Aucune demande en attente.",
    "dashboard.requests.heading": "{nick} sur {whitelist}",
    "dashboard.requests.by": "Demandé par {member}, {when}.",
    "dashboard.requests.member": "Sa page",
    "dashboard.requests.noAnswers": "Aucune réponse à un formulaire.",
    "dashboard.requests.reason": "Raison (facultative ; le membre la lit)",
    "dashboard.requests.approve": "Accepter",
    "dashboard.requests.reject": "Refuser",
    "dashboard.requests.approved": "{nick} a été accepté.",
    "dashboard.requests.rejected": "{nick} a été refusé.",
    "dashboard.settings.title": "Réglages de {whitelist}",
    "dashboard.settings.channel": "Salon",
    "dashboard.settings.requiredRoles": "Rôles requis",
    "dashboard.settings.grantedRoles": "Rôles attribués",
    "dashboard.settings.managerRoles": "Rôles gestionnaires",
    "dashboard.settings.maxNicks": "Pseudos par membre",
    "dashboard.settings.lifetime": "Les entrées expirent après",
    "dashboard.settings.lifetimeHelp": "Une durée comme 30d ou 12h ; vide : pour toujours.",
    "dashboard.settings.forGood": "pour toujours",
    "dashboard.settings.proof": "Preuve de propriété",
    "dashboard.settings.inDiscord": "Le salon et les rôles se changent dans Discord avec /whitelist edit.",
    "dashboard.settings.change": "Modifier",
    "dashboard.settings.removeOnLeave": "Retirer les pseudos des membres qui partent",
    "dashboard.settings.onRoleLoss": "Quand un membre perd les rôles requis",
    "dashboard.settings.save": "Enregistrer",
    "dashboard.settings.saved": "Enregistré.",
    "dashboard.member.title": "{member}",
    "dashboard.member.yours": "Ta page",
    "dashboard.member.partial": "Seules les whitelists que tu gères sont affichées.",
    "dashboard.member.nicks": "Pseudos",
    "dashboard.member.registered": "inscrit lui-même",
    "dashboard.member.addedBy": "ajouté par {member}",
    "dashboard.member.guests": "Joueurs sans Discord qu'il a ajoutés",
    "dashboard.member.linked": "Comptes Java liés",
    "dashboard.member.waiting": "Demandes en attente",
    "dashboard.member.answers": "Réponses au formulaire",
    "dashboard.member.history": "Historique",
    "dashboard.log.title": "Journal",
    "dashboard.log.every": "tout",
    "dashboard.log.added": "ajouté",
    "dashboard.log.removed": "retiré",
    "dashboard.log.member": "Membre (identifiant Discord)",
    "dashboard.log.live": "Les nouveaux changements apparaissent en haut dès qu'ils ont lieu.",
    "dashboard.log.arrived": "Un nouveau changement est arrivé.",
    "dashboard.log.none": "Aucun changement pour l'instant.",
    "dashboard.log.newest": "Plus récents",
    "dashboard.log.older": "Plus anciens",
    "dashboard.log.key": "clé {name}",
    "dashboard.keys.title": "Clés de liaison",
    "dashboard.keys.id": "Identifiant",
    "dashboard.keys.scope": "Portée",
    "dashboard.keys.access": "Peut",
    "dashboard.keys.lastUsed": "Dernière utilisation",
    "dashboard.keys.webhookColumn": "Webhook",
    "dashboard.keys.wholeServer": "toutes les whitelists du serveur",
    "dashboard.keys.noWebhook": "aucun",
    "dashboard.keys.webhookUnused": "{host}, rien envoyé encore",
    "dashboard.keys.webhook": "{host} : {outcome}, {when} ({ms} ms)",
    "dashboard.keys.created": "{member}, {when}",
    "dashboard.keys.revoke": "Révoquer",
    "dashboard.keys.confirm":
      "Révoquer la clé {name} ? Les serveurs de jeu qui l'utilisent perdent l'accès aussitôt.",
    "dashboard.keys.revoked": "révoquée {when}",
    "dashboard.keys.revokedDone": "La clé {name} a été révoquée.",
    "dashboard.keys.none": "Aucune clé de liaison pour l'instant.",
    "dashboard.keys.new": "Nouvelle clé",
    "dashboard.keys.create": "Créer la clé",
    "dashboard.keys.createdOnce":
      "La clé {name} a été créée. Copie-la maintenant : elle n'est montrée que cette fois.",
    "dashboard.keys.agentColumn": "Agent",
    "dashboard.keys.agentNone": "aucun rapport",
    "dashboard.keys.agentConnected": "connecté, dernier rapport {when}",
    "dashboard.keys.agentDisconnected": "déconnecté, vu pour la dernière fois {when}",
    "dashboard.keys.agentFile": "{agent}, écrit un fichier {format}",
    "dashboard.keys.agentManagement": "{agent}, par l'API de gestion du serveur",
    "dashboard.keys.agentApplied": "dernier changement appliqué : {id}",
    "dashboard.keys.agentNoneApplied": "aucun changement appliqué depuis sa dernière lecture complète",
    "dashboard.keys.agentDrift": "joueurs changés par quelqu'un d'autre dans sa liste : {count}",
    "dashboard.keys.agentError": "dernière erreur ({when}) : {error}",
    "dashboard.keys.agents":
      "L'agent d'un serveur de jeu (whitelist-sync sync) rapporte son état par son socket ; d'une clé qu'utilise un autre client, le service ne connaît que la dernière utilisation et la dernière livraison de son webhook.",
  },
} satisfies LanguageFile<"fr">;
