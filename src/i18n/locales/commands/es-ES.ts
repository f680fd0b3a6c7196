import type { CommandFile } from "../../messages.ts";

/** Spanish: its command localizations (its messages: ../es-ES.ts). */
export const esES = {
  commands: {
    whitelist: { description: "Gestionar las whitelists de Minecraft del servidor" },
    "whitelist create": { description: "Crear una whitelist ligada a un canal (Gestionar servidor)" },
    "whitelist create name": { description: "1-32 letras, dígitos, - o _ (único en este servidor)" },
    "* channel": { description: "El canal donde se registran los miembros" },
    "whitelist create nick-type": { description: "Qué nicks acepta" },
    "* nick-type java": { name: "java: Java Edition, se comprueba si es premium" },
    "* nick-type premium": { name: "premium: solo cuentas de Java de pago" },
    "* nick-type offline": { name: "offline: sintaxis de Java, nunca se comprueba" },
    "* nick-type bedrock": { name: "bedrock: gamertag de Xbox (Floodgate)" },
    "* mode": { description: "Cómo se registran los miembros" },
    "* mode command": { name: "command: los miembros usan /registrar" },
    "* mode message": { name: "message: los miembros publican su nick en el canal" },
    "* mode approval": { name: "approval: /registrar crea una solicitud que aprueba el staff" },
    "* max-nicks": { description: "Cuántos nicks puede registrar un miembro" },
    "* floodgate-prefix": {
      description: "Bedrock: tu username-prefix de Floodgate (por defecto .); none para ninguno",
    },
    "* replace-spaces": {
      description: "Bedrock: tu replace-spaces de Floodgate (por defecto True: espacios de gamertag a _)",
    },
    "* proof": {
      description: "¿Deben los miembros demostrar que la cuenta que registran es suya, y cuándo?",
    },
    "* proof off": { name: "off: los miembros registran cualquier nick (por defecto)" },
    "* proof required": { name: "required: los miembros verifican antes su cuenta de Java (java, premium)" },
    "* proof first-join": {
      name: "first-join: se demuestra al entrar por primera vez al servidor de juego (java, premium, bedrock)",
    },
    "* proof-window": {
      description:
        "Con proof first-join: cuánto espera un nick nuevo su prueba, de 10m a 30d (por defecto 1d)",
    },
    "whitelist edit": { description: "Cambiar los ajustes de una whitelist (Gestionar servidor)" },
    "* whitelist": { description: "La whitelist (su nombre o su id)" },
    "whitelist edit name": { description: "Un nombre nuevo (1-32 letras, dígitos, - o _)" },
    "whitelist edit enabled": { description: "False cierra los registros; los nicks se siguen sirviendo" },
    "whitelist edit remove-on-leave": {
      description: "Quitar los nicks de un miembro cuando se va del servidor",
    },
    "whitelist edit entry-lifetime": {
      description: "Los registros propios caducan tras 30m, 12h, 7d… (hasta 366d); none: nunca",
    },
    "whitelist edit on-role-loss": {
      description: "Los nicks de un miembro cuando ya no tiene ningún rol requerido",
    },
    "whitelist edit on-role-loss remove": { name: "remove: sus nicks se van (por defecto)" },
    "whitelist edit on-role-loss keep": { name: "keep: sus nicks se quedan" },
    "whitelist edit nickname": {
      description:
        "Los apodos de los miembros en el servidor siguen su nick: {discord} ({mc}), {mc}…; none: no se tocan",
    },
    "whitelist delete": {
      description: "Borrar una whitelist, sus nicks y las claves limitadas a ella (Gestionar servidor)",
    },
    "whitelist delete confirm": {
      description: "True para borrar de verdad; sin ello solo ves lo que se iría",
    },
    "whitelist list": { description: "Listar las whitelists de este servidor" },
    "whitelist show": { description: "Mostrar los ajustes y roles de una whitelist" },
    "whitelist roles": {
      description: "Editar los roles requeridos, dados y de gestión de una whitelist (Gestionar servidor)",
    },
    "whitelist roles add-required": {
      description: "Añadir un rol: requerido (con uno de ellos un miembro puede registrarse)",
    },
    "whitelist roles remove-required": { description: "Quitar un rol de los roles requeridos" },
    "whitelist roles add-granted": { description: "Añadir un rol: se da al registrarse" },
    "whitelist roles remove-granted": { description: "Quitar un rol de los roles dados" },
    "whitelist roles add-manager": {
      description: "Añadir un rol: gestión (añadir y quitar los nicks de cualquiera)",
    },
    "whitelist roles remove-manager": { description: "Quitar un rol de los roles de gestión" },
    "whitelist roles clear": {
      description: "Vaciar una lista, o todos los límites por rol (antes de añadir)",
    },
    "whitelist roles clear required": { name: "roles requeridos" },
    "whitelist roles clear granted": { name: "roles dados" },
    "whitelist roles clear manager": { name: "roles de gestión" },
    "whitelist roles clear limits": { name: "límites por rol" },
    "whitelist roles limit": {
      description: "Límite de nicks de un rol: <rol>=<n> (1-100), o <rol>=none para quitarlo",
    },
    "whitelist add": { description: "Registrar un nick para un miembro (staff de la whitelist)" },
    "whitelist add member": { description: "De quién es el nick" },
    "whitelist add nick": { description: "Su nick de Minecraft" },
    "whitelist add expires": {
      description: "Quitarlo solo tras 30m, 12h, 7d… (de 1 minuto a 366 días); por defecto: nunca",
    },
    "whitelist guest": {
      description:
        "Poner en la whitelist a un jugador que no está en este servidor de Discord (staff de la whitelist)",
    },
    "whitelist guest nick": { description: "Su nick de Minecraft" },
    "whitelist guest note": {
      description: "Quién es, para el staff que vea el nick más tarde (amigo de quién, qué evento)",
    },
    "whitelist guest expires": {
      description: "Quitarlo solo tras 30m, 12h, 7d… (de 1 minuto a 366 días); por defecto: nunca",
    },
    "whitelist remove": {
      description: "Quitar un nick de una whitelist (su dueño o el staff de la whitelist)",
    },
    "* nick": { description: "El nick, en mayúsculas o minúsculas" },
    "whitelist export": {
      description: "Descargar una whitelist como archivo de servidor (staff de la whitelist)",
    },
    "whitelist export format": { description: "Qué archivo" },
    "whitelist export format plain": { name: "plain: whitelist.txt, un nick por línea" },
    "whitelist export format easywhitelist": { name: "easywhitelist: config.yml del plugin EasyWhitelist" },
    "whitelist export format vanilla": { name: "vanilla: el whitelist.json de Minecraft" },
    "whitelist export format bds": { name: "bds: allowlist.json de Bedrock Dedicated Server" },
    "whitelist import": {
      description: "Importar un whitelist.json, una lista de nicks o un config.yml de EasyWhitelist (staff)",
    },
    "whitelist import file": { description: "El archivo, hasta 1 MiB y 10.000 nombres" },
    "whitelist import member": {
      description: "De quién son los nicks (por defecto: tuyos; traspásalos después)",
    },
    "whitelist import dry-run": { description: "Solo informar de lo que pasaría; no cambiar nada" },
    "whitelist transfer": { description: "Traspasar un nick a otro miembro (staff de la whitelist)" },
    "whitelist transfer member": { description: "De quién es el nick a partir de ahora" },
    "whitelist transfer whitelist": {
      description: "Qué whitelist (por defecto: la de este canal, o la única del servidor)",
    },
    "whitelist log-channel": {
      description: "Elegir dónde registro los cambios y las solicitudes de aprobación (Gestionar servidor)",
    },
    "whitelist log-channel channel": { description: "El canal de registro; omítelo para dejar de registrar" },
    "whitelist ban-sync": {
      description:
        "Los baneos de Discord vetan los nicks del baneado; el desbaneo los levanta (Gestionar servidor)",
    },
    "whitelist ban-sync enabled": { description: "True: los baneos llegan a las whitelists; false: no" },
    "whitelist deny": {
      description: "Vetar un nick en una whitelist, y quitarlo si está (staff de la whitelist)",
    },
    "whitelist deny nick": { description: "El nick de Minecraft (Bedrock: el gamertag) que vetar" },
    "whitelist deny reason": { description: "Por qué: se muestra a quien intente registrarlo" },
    "whitelist undeny": { description: "Volver a permitir un nick vetado en una whitelist (staff)" },
    "whitelist undeny nick": { description: "El nick vetado" },
    "whitelist whois": {
      description:
        "De quién es un nick: dueño, añadido por, cuándo, cómo, caducidad (staff; miembros: los suyos)",
    },
    "whitelist whois nick": {
      description: "El nick, en mayúsculas o minúsculas (Bedrock: el gamertag o el nombre en el juego)",
    },
    "whitelist whois whitelist": {
      description: "Solo esta whitelist (por defecto: todas las whitelists del servidor)",
    },
    "whitelist member": {
      description: "Los nicks de un miembro en todas las whitelists (staff; miembros: los suyos)",
    },
    "whitelist member user": { description: "De quién son los nicks" },
    "whitelist ranks": { description: "Grupos del juego (rangos) que siguen los roles de Discord" },
    "whitelist ranks add": {
      description:
        "Poner a quienes tienen un rol en un grupo del juego en los servidores (Gestionar servidor)",
    },
    "whitelist ranks add group": {
      description: "El grupo del juego, como lo llama LuckPerms (1-36 de a-z 0-9 _ - . +)",
    },
    "whitelist ranks add role": {
      description: "Un rol (también gestionados; @everyone: todos los de la whitelist)",
    },
    "whitelist ranks add members": {
      description: "En vez de un rol: todos los de la whitelist, o sus cuentas verificadas",
    },
    "* members everyone": { name: "todos los de la whitelist" },
    "* members verified": { name: "cuentas verificadas (probadas por su dueño)" },
    "whitelist ranks remove": {
      description: "Dejar de poner a quienes tienen un rol en un grupo del juego (Gestionar servidor)",
    },
    "whitelist ranks remove group": { description: "El grupo del juego" },
    "whitelist ranks remove role": {
      description: "Solo la asignación de este rol (ninguna opción: todas las del grupo)",
    },
    "whitelist ranks remove members": {
      description: "Solo la asignación de todos, o de las cuentas verificadas",
    },
    "whitelist ranks list": { description: "A qué grupos del juego se asignan los roles de una whitelist" },
    "whitelist form": { description: "Las preguntas que responden los miembros al registrarse" },
    "whitelist form set": {
      description: "Fijar una pregunta del formulario de una whitelist (Gestionar servidor)",
    },
    "whitelist form set number": { description: "Qué pregunta, 1-5 (tras la última: una nueva al final)" },
    "whitelist form set question": { description: "Lo que leen los miembros encima del cuadro" },
    "whitelist form set style": { description: "Una línea (por defecto) o un párrafo" },
    "whitelist form set style short": { name: "short: una línea" },
    "whitelist form set style paragraph": { name: "paragraph: varias líneas" },
    "whitelist form set required": { description: "Si hay que responderla (por defecto: sí)" },
    "whitelist form set min-length": {
      description: "El mínimo de caracteres de una respuesta (por defecto 0)",
    },
    "whitelist form set max-length": {
      description: "El máximo de caracteres (por defecto: 100 para una línea, 1000 para un párrafo)",
    },
    "whitelist form set hint": {
      description: "Texto gris en el cuadro vacío, p. ej. una respuesta de ejemplo",
    },
    "whitelist form remove": {
      description: "Quitar una pregunta del formulario de una whitelist (Gestionar servidor)",
    },
    "whitelist form remove number": { description: "Qué pregunta, 1-5" },
    "whitelist form clear": {
      description: "Quitar el formulario de una whitelist: registro sin preguntas (Gestionar servidor)",
    },
    "whitelist form show": {
      description: "Las preguntas que hace una whitelist al registrarse los miembros",
    },
    "whitelist form preview": {
      description: "Abrir el formulario de una whitelist como lo ven los miembros; no se envía nada (staff)",
    },
    "whitelist form retention": {
      description:
        "Cuántos días se guardan las respuestas del formulario tras la decisión (Gestionar servidor)",
    },
    "whitelist form retention days": {
      description: "0-365 (0: solo mientras espera una solicitud; por defecto 30)",
    },
    register: {
      name: "registrar",
      description: "Poner tu nick de Minecraft en una whitelist (o el código del servidor de vinculación)",
    },
    "register nick": { description: "Tu nick de Minecraft" },
    "register whitelist": {
      description: "Qué whitelist (por defecto: la de este canal, o la única del servidor)",
    },
    "register code": {
      description: "En vez de un nick: el código que te mostró el servidor de vinculación, p. ej. K7QX-29MD",
    },
    unregister: { name: "desregistrar", description: "Quitar un nick de Minecraft de una whitelist" },
    "unregister nick": { description: "El nick que quitar" },
    "unregister whitelist": {
      description: "Qué whitelist (por defecto: la de este canal, o la única del servidor)",
    },
    link: {
      name: "vincular",
      description:
        "Demostrar que una cuenta de Minecraft Java es tuya: el código del servidor de vinculación",
    },
    "link code": {
      description:
        "El código que viste al entrar al servidor de vinculación, p. ej. K7QX-29MD (sin él: cómo obtenerlo)",
    },
    unlink: { name: "desvincular", description: "Olvidar una cuenta de Minecraft Java vinculada a ti aquí" },
    "unlink account": { description: "Su nombre (por defecto: tu única cuenta vinculada)" },
    "unlink member": { description: "Staff (Gestionar servidor): desvincular la cuenta de este miembro" },
    "server-link": {
      description:
        "Claves de vinculación y webhooks para servidores de juego e integraciones (Gestionar servidor)",
    },
    "server-link create": {
      description: "Crear una clave para un servidor de juego o una integración (Gestionar servidor)",
    },
    "server-link create name": { description: "Para qué es, p. ej. servidor-survival" },
    "server-link create whitelist": {
      description: "Limitarla a una whitelist (por defecto: todo el servidor)",
    },
    "server-link create may-remove": {
      description: "¿Puede quitar nicks? False para una web o un panel (por defecto: true)",
    },
    "server-link revoke": {
      description: "Revocar una clave de vinculación al instante (Gestionar servidor)",
    },
    "* id": { description: "El id del enlace (se muestra al crearlo y en /server-link list)" },
    "server-link webhook": {
      description: "Enviar los eventos de este enlace a una URL, o dejar de hacerlo (Gestionar servidor)",
    },
    "server-link webhook url": {
      description: "URL http(s) a la que enviar eventos por POST; omítela para quitarlo",
    },
    "server-link list": {
      description: "Listar las claves de vinculación y webhooks del servidor (Gestionar servidor)",
    },
    texts: {
      description:
        "Redacta a tu manera lo que leen los miembros, y el idioma del bot aquí (Gestionar servidor)",
    },
    "texts list": {
      description:
        "Los textos que puedes redactar, tal como los leen ahora los miembros (Gestionar servidor)",
    },
    "texts set": {
      description:
        "Redactar a tu manera un texto que leen los miembros, con sus {marcadores} (Gestionar servidor)",
    },
    "* text": { description: "Qué texto que leen los miembros" },
    "* text public.registered": { name: "registrado: la respuesta a un registro" },
    "* text public.refused": { name: "rechazado: una solicitud que el staff no aprobó" },
    "* text public.approved": { name: "aprobado: una solicitud que el staff aprobó" },
    "* text public.removed": { name: "quitado: un nick retirado de una whitelist" },
    "texts set wording": {
      description: "El texto; marcadores entre llaves, p. ej. {nick} y {whitelist}",
    },
    "texts preview": {
      description:
        "Ver un texto como lo leen los miembros, o probar una versión sin guardarla (Gestionar servidor)",
    },
    "texts preview wording": { description: "Una versión que probar; no se guarda nada" },
    "texts reset": { description: "Recuperar el texto predeterminado (Gestionar servidor)" },
    "texts language": {
      description: "El idioma de lo que todos leen aquí: registro, solicitudes (Gestionar servidor)",
    },
    "texts language language": {
      description: "Uno de los idiomas del bot, o el idioma del servidor en Discord",
    },
    "texts language language discord": { name: "el idioma del servidor en Discord" },
  },
} satisfies CommandFile;
