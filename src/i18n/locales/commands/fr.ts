import type { CommandFile } from "../../messages.ts";

/** French: its command localizations (its messages: ../fr.ts). */
export const fr = {
  commands: {
    whitelist: { description: "Gérer les whitelists Minecraft du serveur" },
    "whitelist create": { description: "Créer une whitelist liée à un salon (Gérer le serveur)" },
    "whitelist create name": { description: "1 à 32 lettres, chiffres, - ou _ (unique sur ce serveur)" },
    "* channel": { description: "Le salon où les membres s'inscrivent" },
    "whitelist create nick-type": { description: "Les pseudos qu'elle accepte" },
    "* nick-type java": { name: "java : Java Edition, statut premium vérifié" },
    "* nick-type premium": { name: "premium : comptes Java payants uniquement" },
    "* nick-type offline": { name: "offline : syntaxe Java, jamais vérifié" },
    "* nick-type bedrock": { name: "bedrock : gamertag Xbox (Floodgate)" },
    "* mode": { description: "Comment les membres s'inscrivent" },
    "* mode command": { name: "command : les membres utilisent /inscrire" },
    "* mode message": { name: "message : les membres publient leur pseudo dans le salon" },
    "* mode approval": { name: "approval : /inscrire crée une demande que le staff valide" },
    "* max-nicks": { description: "Combien de pseudos un membre peut inscrire" },
    "* floodgate-prefix": {
      description: "Bedrock : ton username-prefix Floodgate (par défaut .) ; none pour aucun préfixe",
    },
    "* replace-spaces": {
      description: "Bedrock : ton replace-spaces Floodgate (par défaut True : espaces des gamertags en _)",
    },
    "* proof": { description: "Les membres doivent-ils prouver que le compte inscrit est à eux, et quand ?" },
    "* proof off": { name: "off : les membres inscrivent n'importe quel pseudo (par défaut)" },
    "* proof required": { name: "required : les membres prouvent d'abord leur compte Java (java, premium)" },
    "* proof first-join": {
      name: "first-join : prouvé à la première connexion au serveur de jeu (java, premium, bedrock)",
    },
    "* proof-window": {
      description:
        "Avec proof first-join : combien de temps un nouveau pseudo attend sa preuve, 10m à 30d (défaut 1d)",
    },
    "whitelist edit": { description: "Modifier les réglages d'une whitelist (Gérer le serveur)" },
    "* whitelist": { description: "La whitelist (son nom ou son id)" },
    "whitelist edit name": { description: "Un nouveau nom (1 à 32 lettres, chiffres, - ou _)" },
    "whitelist edit enabled": { description: "False ferme les inscriptions ; les pseudos restent servis" },
    "whitelist edit remove-on-leave": {
      description: "Retirer les pseudos d'un membre quand il quitte le serveur",
    },
    "whitelist edit entry-lifetime": {
      description: "Les inscriptions des membres expirent après 30m, 12h, 7d… (jusqu'à 366d) ; none : jamais",
    },
    "whitelist edit on-role-loss": {
      description: "Les pseudos d'un membre quand il n'a plus aucun rôle requis",
    },
    "whitelist edit on-role-loss remove": { name: "remove : ses pseudos partent (par défaut)" },
    "whitelist edit on-role-loss keep": { name: "keep : ses pseudos restent" },
    "whitelist edit nickname": {
      description:
        "Pseudo serveur des membres d'après leur pseudo Minecraft : {discord} ({mc}), {mc}… ; none : inchangé",
    },
    "whitelist delete": {
      description:
        "Supprimer une whitelist, ses pseudos et les clés de liaison limitées à elle (Gérer le serveur)",
    },
    "whitelist delete confirm": {
      description: "True pour supprimer vraiment ; sans, tu vois seulement ce qui partirait",
    },
    "whitelist list": { description: "Lister les whitelists de ce serveur" },
    "whitelist show": { description: "Afficher les réglages et les rôles d'une whitelist" },
    "whitelist roles": {
      description: "Modifier les rôles requis, donnés et de gestion d'une whitelist (Gérer le serveur)",
    },
    "whitelist roles add-required": {
      description: "Ajouter un rôle : requis (l'un d'eux permet à un membre de s'inscrire)",
    },
    "whitelist roles remove-required": { description: "Retirer un rôle des rôles requis" },
    "whitelist roles add-granted": { description: "Ajouter un rôle : donné à l'inscription" },
    "whitelist roles remove-granted": { description: "Retirer un rôle des rôles donnés" },
    "whitelist roles add-manager": {
      description: "Ajouter un rôle : gestion (ajouter et retirer les pseudos de tous)",
    },
    "whitelist roles remove-manager": { description: "Retirer un rôle des rôles de gestion" },
    "whitelist roles clear": {
      description: "Vider une liste, ou toutes les limites par rôle (avant tout ajout)",
    },
    "whitelist roles clear required": { name: "rôles requis" },
    "whitelist roles clear granted": { name: "rôles donnés" },
    "whitelist roles clear manager": { name: "rôles de gestion" },
    "whitelist roles clear limits": { name: "limites par rôle" },
    "whitelist roles limit": {
      description: "Limite de pseudos d'un rôle : <rôle>=<n> (1-100), ou <rôle>=none pour l'effacer",
    },
    "whitelist add": { description: "Inscrire un pseudo pour un membre (staff de la whitelist)" },
    "whitelist add member": { description: "À qui appartient le pseudo" },
    "whitelist add nick": { description: "Son pseudo Minecraft" },
    "whitelist add expires": {
      description: "Le retirer tout seul après 30m, 12h, 7d… (1 minute à 366 jours) ; par défaut : jamais",
    },
    "whitelist guest": {
      description: "Mettre sur la whitelist un joueur absent de ce serveur Discord (staff de la whitelist)",
    },
    "whitelist guest nick": { description: "Son pseudo Minecraft" },
    "whitelist guest note": {
      description: "Qui il est, pour le staff qui croisera le pseudo plus tard (ami de qui, quel événement)",
    },
    "whitelist guest expires": {
      description: "Le retirer tout seul après 30m, 12h, 7d… (1 minute à 366 jours) ; par défaut : jamais",
    },
    "whitelist remove": {
      description: "Retirer un pseudo d'une whitelist (son propriétaire ou le staff de la whitelist)",
    },
    "* nick": { description: "Le pseudo, en majuscules ou minuscules" },
    "whitelist export": {
      description: "Télécharger une whitelist comme fichier de serveur (staff de la whitelist)",
    },
    "whitelist export format": { description: "Quel fichier" },
    "whitelist export format plain": { name: "plain : whitelist.txt, un pseudo par ligne" },
    "whitelist export format easywhitelist": { name: "easywhitelist : config.yml du plugin EasyWhitelist" },
    "whitelist export format vanilla": { name: "vanilla : le whitelist.json de Minecraft" },
    "whitelist export format bds": { name: "bds : allowlist.json du Bedrock Dedicated Server" },
    "whitelist import": {
      description: "Importer un whitelist.json, une liste de pseudos ou un config.yml EasyWhitelist (staff)",
    },
    "whitelist import file": { description: "Le fichier, jusqu'à 1 Mio et 10 000 noms" },
    "whitelist import member": {
      description: "À qui appartiennent les pseudos (par défaut : toi ; à transférer plus tard)",
    },
    "whitelist import dry-run": { description: "Seulement indiquer ce qui se passerait ; ne rien changer" },
    "whitelist transfer": { description: "Transférer un pseudo à un autre membre (staff de la whitelist)" },
    "whitelist transfer member": { description: "À qui appartient le pseudo désormais" },
    "whitelist transfer whitelist": {
      description: "Quelle whitelist (par défaut : celle de ce salon, ou la seule du serveur)",
    },
    "whitelist log-channel": {
      description: "Choisir où je consigne les changements et les demandes à valider (Gérer le serveur)",
    },
    "whitelist log-channel channel": { description: "Le salon de logs ; omets-le pour arrêter les logs" },
    "whitelist ban-sync": {
      description:
        "Un bannissement Discord refuse les pseudos du banni ; le débannir lève le refus (Gérer le serveur)",
    },
    "whitelist ban-sync enabled": {
      description: "True : les bannissements touchent les whitelists ; false : non",
    },
    "whitelist deny": {
      description: "Refuser un pseudo sur une whitelist, et le retirer s'il y est (staff de la whitelist)",
    },
    "whitelist deny nick": { description: "Le pseudo Minecraft (Bedrock : le gamertag) à refuser" },
    "whitelist deny reason": { description: "Pourquoi : montré à quiconque essaie de l'inscrire" },
    "whitelist undeny": {
      description: "Autoriser de nouveau un pseudo refusé sur une whitelist (staff de la whitelist)",
    },
    "whitelist undeny nick": { description: "Le pseudo refusé" },
    "whitelist whois": {
      description: "Qui détient un pseudo : propriétaire, ajouté par, quand, comment, expiration (staff)",
    },
    "whitelist whois nick": {
      description: "Le pseudo, majuscules ou minuscules (Bedrock : le gamertag ou le nom en jeu)",
    },
    "whitelist whois whitelist": {
      description: "Seulement cette whitelist (par défaut : toutes les whitelists du serveur)",
    },
    "whitelist member": {
      description: "Les pseudos d'un membre sur toutes les whitelists (staff ; membres : eux-mêmes)",
    },
    "whitelist member user": { description: "Les pseudos de qui" },
    "whitelist ranks": { description: "Groupes de jeu (rangs) qui suivent les rôles Discord" },
    "whitelist ranks add": {
      description:
        "Mettre les détenteurs d'un rôle dans un groupe de jeu sur les serveurs (Gérer le serveur)",
    },
    "whitelist ranks add group": {
      description: "Le groupe de jeu, tel que LuckPerms le nomme (1-36 de a-z 0-9 _ - . +)",
    },
    "whitelist ranks add role": {
      description: "Un rôle (géré aussi ; @everyone : tout le monde sur la whitelist)",
    },
    "whitelist ranks add members": {
      description: "Au lieu d'un rôle : tout le monde sur la whitelist, ou ses comptes vérifiés",
    },
    "* members everyone": { name: "tout le monde sur la whitelist" },
    "* members verified": { name: "comptes vérifiés (prouvés par leur propriétaire)" },
    "whitelist ranks remove": {
      description: "Ne plus mettre les détenteurs d'un rôle dans un groupe de jeu (Gérer le serveur)",
    },
    "whitelist ranks remove group": { description: "Le groupe de jeu" },
    "whitelist ranks remove role": {
      description: "Seulement l'association de ce rôle (aucune option : toutes celles du groupe)",
    },
    "whitelist ranks remove members": {
      description: "Seulement l'association de tout le monde, ou des comptes vérifiés",
    },
    "whitelist ranks list": { description: "À quels groupes de jeu les rôles d'une whitelist sont associés" },
    "whitelist form": { description: "Les questions auxquelles les membres répondent à l'inscription" },
    "whitelist form set": {
      description: "Définir une question du formulaire d'une whitelist (Gérer le serveur)",
    },
    "whitelist form set number": {
      description: "Quelle question, 1 à 5 (après la dernière : une nouvelle à la fin)",
    },
    "whitelist form set question": { description: "Ce que les membres lisent au-dessus du champ" },
    "whitelist form set style": { description: "Une ligne (par défaut) ou un paragraphe" },
    "whitelist form set style short": { name: "short : une ligne" },
    "whitelist form set style paragraph": { name: "paragraph : plusieurs lignes" },
    "whitelist form set required": { description: "Si elle doit avoir une réponse (par défaut : oui)" },
    "whitelist form set min-length": { description: "Le minimum de caractères d'une réponse (par défaut 0)" },
    "whitelist form set max-length": {
      description: "Le maximum de caractères (par défaut : 100 pour une ligne, 1000 pour un paragraphe)",
    },
    "whitelist form set hint": { description: "Texte gris dans le champ vide, ex. une réponse d'exemple" },
    "whitelist form remove": {
      description: "Retirer une question du formulaire d'une whitelist (Gérer le serveur)",
    },
    "whitelist form remove number": { description: "Quelle question, 1 à 5" },
    "whitelist form clear": {
      description: "Retirer le formulaire d'une whitelist : inscription sans questions (Gérer le serveur)",
    },
    "whitelist form show": { description: "Les questions qu'une whitelist pose à l'inscription" },
    "whitelist form preview": {
      description:
        "Ouvrir le formulaire d'une whitelist comme les membres le voient ; rien n'est envoyé (staff)",
    },
    "whitelist form retention": {
      description:
        "Combien de jours les réponses au formulaire sont gardées après décision (Gérer le serveur)",
    },
    "whitelist form retention days": {
      description: "0-365 (0 : seulement tant qu'une demande attend ; par défaut 30)",
    },
    register: {
      name: "inscrire",
      description: "Mettre ton pseudo Minecraft sur une whitelist (ou le code du serveur de liaison)",
    },
    "register nick": { description: "Ton pseudo Minecraft" },
    "register whitelist": {
      description: "Quelle whitelist (par défaut : celle de ce salon, ou la seule du serveur)",
    },
    "register code": {
      description: "Au lieu d'un pseudo : le code que le serveur de liaison t'a montré, ex. K7QX-29MD",
    },
    unregister: { name: "désinscrire", description: "Retirer un pseudo Minecraft d'une whitelist" },
    "unregister nick": { description: "Le pseudo à retirer" },
    "unregister whitelist": {
      description: "Quelle whitelist (par défaut : celle de ce salon, ou la seule du serveur)",
    },
    link: {
      name: "lier",
      description: "Prouver qu'un compte Minecraft Java est à toi : le code du serveur de liaison",
    },
    "link code": {
      description:
        "Le code affiché en rejoignant le serveur de liaison, ex. K7QX-29MD (sans : comment l'obtenir)",
    },
    unlink: { name: "délier", description: "Oublier un compte Minecraft Java lié à toi sur ce serveur" },
    "unlink account": { description: "Son nom (par défaut : ton seul compte lié)" },
    "unlink member": {
      description: "Staff (Gérer le serveur) : délier plutôt le compte de ce membre",
    },
    "server-link": {
      description: "Clés de liaison et webhooks pour serveurs de jeu et intégrations (Gérer le serveur)",
    },
    "server-link create": {
      description: "Créer une clé pour un serveur de jeu ou une intégration (Gérer le serveur)",
    },
    "server-link create name": { description: "À quoi elle sert, ex. serveur-survie" },
    "server-link create whitelist": {
      description: "La limiter à une whitelist (par défaut : tout le serveur)",
    },
    "server-link create may-remove": {
      description:
        "Peut-elle retirer des pseudos ? False pour une page web ou un tableau de bord (défaut : true)",
    },
    "server-link revoke": { description: "Révoquer une clé de liaison immédiatement (Gérer le serveur)" },
    "* id": { description: "L'id de la liaison (affiché à sa création et dans /server-link list)" },
    "server-link webhook": {
      description: "Publier les événements de cette liaison vers une URL, ou arrêter (Gérer le serveur)",
    },
    "server-link webhook url": {
      description: "URL http(s) où envoyer les événements en POST ; omets-la pour retirer",
    },
    "server-link list": {
      description: "Lister les clés de liaison et webhooks du serveur (Gérer le serveur)",
    },
    texts: {
      description:
        "Formuler à ta façon ce que lisent les membres, et la langue du bot ici (Gérer le serveur)",
    },
    "texts list": {
      description: "Les textes que tu peux formuler, tels que les membres les lisent (Gérer le serveur)",
    },
    "texts set": {
      description:
        "Formuler à ta façon un texte lu par les membres, avec ses {paramètres} (Gérer le serveur)",
    },
    "* text": { description: "Quel texte lu par les membres" },
    "* text public.registered": { name: "inscrit : la réponse à une inscription" },
    "* text public.refused": { name: "refusé : une demande que le staff n'a pas acceptée" },
    "* text public.approved": { name: "accepté : une demande que le staff a acceptée" },
    "* text public.removed": { name: "retiré : un pseudo retiré d'une whitelist" },
    "texts set wording": {
      description: "Le texte ; paramètres entre accolades, ex. {nick} et {whitelist}",
    },
    "texts preview": {
      description: "Voir un texte comme les membres le lisent, ou essayer une formulation (Gérer le serveur)",
    },
    "texts preview wording": { description: "Une formulation à essayer ; rien n'est enregistré" },
    "texts reset": { description: "Rétablir le texte par défaut (Gérer le serveur)" },
    "texts language": {
      description: "La langue de ce que tout le monde lit ici : logs, demandes (Gérer le serveur)",
    },
    "texts language language": {
      description: "L'une des langues du bot, ou la langue du serveur dans Discord",
    },
    "texts language language discord": { name: "la langue du serveur dans Discord" },
  },
} satisfies CommandFile;
