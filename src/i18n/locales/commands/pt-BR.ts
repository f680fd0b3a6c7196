import type { CommandFile } from "../../messages.ts";

/** Brazilian Portuguese: its command localizations (its messages: ../pt-BR.ts). */
export const ptBR = {
  commands: {
    whitelist: { description: "Gerenciar as whitelists de Minecraft do servidor" },
    "whitelist create": { description: "Criar uma whitelist ligada a um canal (Gerenciar servidor)" },
    "whitelist create name": { description: "1-32 letras, dígitos, - ou _ (único neste servidor)" },
    "* channel": { description: "O canal onde os membros se registram" },
    "whitelist create nick-type": { description: "Quais nicks ela aceita" },
    "* nick-type java": { name: "java: Java Edition, status premium consultado" },
    "* nick-type premium": { name: "premium: só contas Java originais" },
    "* nick-type offline": { name: "offline: sintaxe do Java, nunca consultado" },
    "* nick-type bedrock": { name: "bedrock: gamertag do Xbox (Floodgate)" },
    "* mode": { description: "Como os membros se registram" },
    "* mode command": { name: "command: os membros usam /registrar" },
    "* mode message": { name: "message: os membros postam o nick no canal" },
    "* mode approval": { name: "approval: /registrar cria um pedido que a staff aprova" },
    "* max-nicks": { description: "Quantos nicks um membro pode registrar" },
    "* floodgate-prefix": {
      description: "Bedrock: seu username-prefix do Floodgate (padrão .); none para nenhum prefixo",
    },
    "* replace-spaces": {
      description: "Bedrock: seu replace-spaces do Floodgate (padrão True: espaços das gamertags viram _)",
    },
    "* proof": { description: "Os membros precisam comprovar que a conta registrada é deles, e quando?" },
    "* proof off": { name: "off: os membros registram qualquer nick (padrão)" },
    "* proof required": { name: "required: os membros comprovam antes a conta Java (java, premium)" },
    "* proof first-join": {
      name: "first-join: comprovado na primeira entrada no servidor de jogo (java, premium, bedrock)",
    },
    "* proof-window": {
      description: "Com proof first-join: quanto tempo um nick novo espera a prova, de 10m a 30d (padrão 1d)",
    },
    "whitelist edit": { description: "Alterar as configurações de uma whitelist (Gerenciar servidor)" },
    "* whitelist": { description: "A whitelist (nome ou id)" },
    "whitelist edit name": { description: "Um nome novo (1-32 letras, dígitos, - ou _)" },
    "whitelist edit enabled": { description: "False fecha os registros; os nicks continuam sendo servidos" },
    "whitelist edit remove-on-leave": {
      description: "Remover os nicks de um membro quando ele sai do servidor",
    },
    "whitelist edit entry-lifetime": {
      description: "Os registros próprios expiram após 30m, 12h, 7d… (até 366d); none: nunca",
    },
    "whitelist edit on-role-loss": {
      description: "Os nicks de um membro quando ele não tem mais nenhum cargo exigido",
    },
    "whitelist edit on-role-loss remove": { name: "remove: os nicks dele saem (padrão)" },
    "whitelist edit on-role-loss keep": { name: "keep: os nicks dele ficam" },
    "whitelist edit nickname": {
      description:
        "Os apelidos dos membros no servidor seguem o nick: {discord} ({mc}), {mc}…; none: não mudam",
    },
    "whitelist delete": {
      description: "Excluir uma whitelist, seus nicks e as chaves limitadas a ela (Gerenciar servidor)",
    },
    "whitelist delete confirm": {
      description: "True para excluir de verdade; sem isso você só vê o que sairia",
    },
    "whitelist list": { description: "Listar as whitelists deste servidor" },
    "whitelist show": { description: "Mostrar as configurações e os cargos de uma whitelist" },
    "whitelist roles": {
      description: "Editar os cargos exigidos, dados e de gestão de uma whitelist (Gerenciar servidor)",
    },
    "whitelist roles add-required": {
      description: "Adicionar um cargo: exigido (com um deles o membro pode se registrar)",
    },
    "whitelist roles remove-required": { description: "Tirar um cargo dos cargos exigidos" },
    "whitelist roles add-granted": { description: "Adicionar um cargo: dado no registro" },
    "whitelist roles remove-granted": { description: "Tirar um cargo dos cargos dados" },
    "whitelist roles add-manager": {
      description: "Adicionar um cargo: gestão (adicionar e remover os nicks de qualquer um)",
    },
    "whitelist roles remove-manager": { description: "Tirar um cargo dos cargos de gestão" },
    "whitelist roles clear": {
      description: "Esvaziar uma lista, ou todos os limites por cargo (antes de adicionar)",
    },
    "whitelist roles clear required": { name: "cargos exigidos" },
    "whitelist roles clear granted": { name: "cargos dados" },
    "whitelist roles clear manager": { name: "cargos de gestão" },
    "whitelist roles clear limits": { name: "limites por cargo" },
    "whitelist roles limit": {
      description: "Limite de nicks de um cargo: <cargo>=<n> (1-100), ou <cargo>=none para limpar",
    },
    "whitelist add": { description: "Registrar um nick para um membro (staff da whitelist)" },
    "whitelist add member": { description: "De quem é o nick" },
    "whitelist add nick": { description: "O nick do Minecraft dele" },
    "whitelist add expires": {
      description: "Remover sozinho após 30m, 12h, 7d… (de 1 minuto a 366 dias); padrão: nunca",
    },
    "whitelist guest": {
      description:
        "Colocar na whitelist um jogador que não está neste servidor do Discord (staff da whitelist)",
    },
    "whitelist guest nick": { description: "O nick do Minecraft dele" },
    "whitelist guest note": {
      description: "Quem ele é, para a staff que encontrar o nick depois (amigo de quem, qual evento)",
    },
    "whitelist guest expires": {
      description: "Remover sozinho após 30m, 12h, 7d… (de 1 minuto a 366 dias); padrão: nunca",
    },
    "whitelist remove": { description: "Remover um nick de uma whitelist (o dono ou a staff da whitelist)" },
    "* nick": { description: "O nick, com maiúsculas ou minúsculas" },
    "whitelist export": { description: "Baixar uma whitelist como arquivo de servidor (staff da whitelist)" },
    "whitelist export format": { description: "Qual arquivo" },
    "whitelist export format plain": { name: "plain: whitelist.txt, um nick por linha" },
    "whitelist export format easywhitelist": { name: "easywhitelist: config.yml do plugin EasyWhitelist" },
    "whitelist export format vanilla": { name: "vanilla: o whitelist.json do Minecraft" },
    "whitelist export format bds": { name: "bds: allowlist.json do Bedrock Dedicated Server" },
    "whitelist import": {
      description: "Importar um whitelist.json, uma lista de nicks ou um config.yml do EasyWhitelist (staff)",
    },
    "whitelist import file": { description: "O arquivo, até 1 MiB e 10.000 nomes" },
    "whitelist import member": { description: "De quem são os nicks (padrão: seus; transfira depois)" },
    "whitelist import dry-run": { description: "Só informar o que aconteceria; não mudar nada" },
    "whitelist transfer": { description: "Transferir um nick para outro membro (staff da whitelist)" },
    "whitelist transfer member": { description: "De quem o nick passa a ser" },
    "whitelist transfer whitelist": {
      description: "Qual whitelist (padrão: a deste canal, ou a única do servidor)",
    },
    "whitelist log-channel": {
      description: "Escolher onde registro mudanças e pedidos de aprovação (Gerenciar servidor)",
    },
    "whitelist log-channel channel": { description: "O canal de log; deixe de fora para parar o log" },
    "whitelist ban-sync": {
      description:
        "Banimentos no Discord vetam os nicks do banido; o desbanimento os libera (Gerenciar servidor)",
    },
    "whitelist ban-sync enabled": { description: "True: os banimentos chegam às whitelists; false: não" },
    "whitelist deny": {
      description: "Vetar um nick numa whitelist, e removê-lo se estiver lá (staff da whitelist)",
    },
    "whitelist deny nick": { description: "O nick do Minecraft (Bedrock: a gamertag) a vetar" },
    "whitelist deny reason": { description: "Por quê: mostrado a quem tentar registrá-lo" },
    "whitelist undeny": { description: "Liberar de novo um nick vetado numa whitelist (staff da whitelist)" },
    "whitelist undeny nick": { description: "O nick vetado" },
    "whitelist whois": {
      description:
        "De quem é um nick: dono, adicionado por, quando, como, expiração (staff; membros: os seus)",
    },
    "whitelist whois nick": {
      description: "O nick, maiúsculas ou minúsculas (Bedrock: a gamertag ou o nome no jogo)",
    },
    "whitelist whois whitelist": {
      description: "Só esta whitelist (padrão: todas as whitelists do servidor)",
    },
    "whitelist member": {
      description: "Os nicks de um membro em todas as whitelists (staff; membros: os próprios)",
    },
    "whitelist member user": { description: "De quem são os nicks" },
    "whitelist ranks": { description: "Grupos do jogo (ranks) que seguem os cargos do Discord" },
    "whitelist ranks add": {
      description: "Colocar quem tem um cargo num grupo do jogo nos servidores (Gerenciar servidor)",
    },
    "whitelist ranks add group": {
      description: "O grupo do jogo, como o LuckPerms o chama (1-36 de a-z 0-9 _ - . +)",
    },
    "whitelist ranks add role": {
      description: "Um cargo (gerenciados também; @everyone: todos na whitelist)",
    },
    "whitelist ranks add members": {
      description: "Em vez de um cargo: todos na whitelist, ou suas contas verificadas",
    },
    "* members everyone": { name: "todos na whitelist" },
    "* members verified": { name: "contas verificadas (provadas pelo dono)" },
    "whitelist ranks remove": {
      description: "Parar de colocar quem tem um cargo num grupo do jogo (Gerenciar servidor)",
    },
    "whitelist ranks remove group": { description: "O grupo do jogo" },
    "whitelist ranks remove role": {
      description: "Só a associação deste cargo (nenhuma opção: todas do grupo)",
    },
    "whitelist ranks remove members": { description: "Só a associação de todos, ou das contas verificadas" },
    "whitelist ranks list": {
      description: "A quais grupos do jogo os cargos de uma whitelist estão associados",
    },
    "whitelist form": { description: "As perguntas que os membros respondem ao se registrar" },
    "whitelist form set": {
      description: "Definir uma pergunta do formulário de uma whitelist (Gerenciar servidor)",
    },
    "whitelist form set number": { description: "Qual pergunta, 1-5 (depois da última: uma nova no fim)" },
    "whitelist form set question": { description: "O que os membros leem acima da caixa" },
    "whitelist form set style": { description: "Uma linha (padrão) ou um parágrafo" },
    "whitelist form set style short": { name: "short: uma linha" },
    "whitelist form set style paragraph": { name: "paragraph: várias linhas" },
    "whitelist form set required": { description: "Se precisa ser respondida (padrão: sim)" },
    "whitelist form set min-length": { description: "O mínimo de caracteres de uma resposta (padrão 0)" },
    "whitelist form set max-length": {
      description: "O máximo de caracteres (padrão: 100 para uma linha, 1000 para um parágrafo)",
    },
    "whitelist form set hint": { description: "Texto cinza na caixa vazia, ex. uma resposta de exemplo" },
    "whitelist form remove": {
      description: "Remover uma pergunta do formulário de uma whitelist (Gerenciar servidor)",
    },
    "whitelist form remove number": { description: "Qual pergunta, 1-5" },
    "whitelist form clear": {
      description: "Remover o formulário de uma whitelist: registro sem perguntas (Gerenciar servidor)",
    },
    "whitelist form show": {
      description: "As perguntas que uma whitelist faz quando os membros se registram",
    },
    "whitelist form preview": {
      description:
        "Abrir o formulário de uma whitelist como os membros o veem; nada é enviado (staff da whitelist)",
    },
    "whitelist form retention": {
      description:
        "Por quantos dias as respostas do formulário ficam guardadas após a decisão (Gerenciar servidor)",
    },
    "whitelist form retention days": { description: "0-365 (0: só enquanto um pedido espera; padrão 30)" },
    register: {
      name: "registrar",
      description: "Colocar seu nick do Minecraft numa whitelist (ou o código do servidor de vínculo)",
    },
    "register nick": { description: "Seu nick do Minecraft" },
    "register whitelist": { description: "Qual whitelist (padrão: a deste canal, ou a única do servidor)" },
    "register code": {
      description: "Em vez de um nick: o código que o servidor de vínculo mostrou, ex. K7QX-29MD",
    },
    unregister: { name: "desregistrar", description: "Tirar um nick do Minecraft de uma whitelist" },
    "unregister nick": { description: "O nick a remover" },
    "unregister whitelist": { description: "Qual whitelist (padrão: a deste canal, ou a única do servidor)" },
    link: {
      name: "vincular",
      description: "Comprovar que uma conta do Minecraft Java é sua: o código do servidor de vínculo",
    },
    "link code": {
      description:
        "O código mostrado ao entrar no servidor de vínculo, ex. K7QX-29MD (sem ele: como obter um)",
    },
    unlink: {
      name: "desvincular",
      description: "Esquecer uma conta do Minecraft Java vinculada a você aqui",
    },
    "unlink account": { description: "O nome dela (padrão: sua única conta vinculada)" },
    "unlink member": { description: "Staff (Gerenciar servidor): desvincular a conta deste membro" },
    "server-link": {
      description: "Chaves de vínculo e webhooks para servidores de jogo e integrações (Gerenciar servidor)",
    },
    "server-link create": {
      description: "Criar uma chave para um servidor de jogo ou integração (Gerenciar servidor)",
    },
    "server-link create name": { description: "Para que serve, ex. servidor-survival" },
    "server-link create whitelist": { description: "Limitá-la a uma whitelist (padrão: o servidor inteiro)" },
    "server-link create may-remove": {
      description: "Pode remover nicks? False para uma página web ou um painel (padrão: true)",
    },
    "server-link revoke": { description: "Revogar uma chave de vínculo na hora (Gerenciar servidor)" },
    "* id": { description: "O id do vínculo (mostrado ao criá-lo e em /server-link list)" },
    "server-link webhook": {
      description: "Enviar os eventos deste vínculo para uma URL, ou parar (Gerenciar servidor)",
    },
    "server-link webhook url": {
      description: "URL http(s) para receber os eventos via POST; deixe de fora para remover",
    },
    "server-link list": {
      description: "Listar as chaves de vínculo e webhooks do servidor (Gerenciar servidor)",
    },
    texts: {
      description: "Escreva do seu jeito o que os membros leem, e o idioma do bot aqui (Gerenciar servidor)",
    },
    "texts list": {
      description: "Os textos que você pode reescrever, como os membros os leem agora (Gerenciar servidor)",
    },
    "texts set": {
      description:
        "Escrever do seu jeito um texto que os membros leem, com seus {marcadores} (Gerenciar servidor)",
    },
    "* text": { description: "Qual texto que os membros leem" },
    "* text public.registered": { name: "registrado: a resposta a um registro" },
    "* text public.refused": { name: "recusado: um pedido que a staff não aprovou" },
    "* text public.approved": { name: "aprovado: um pedido que a staff aprovou" },
    "* text public.removed": { name: "removido: um nick tirado de uma whitelist" },
    "texts set wording": { description: "O texto; marcadores entre chaves, ex. {nick} e {whitelist}" },
    "texts preview": {
      description: "Ver um texto como os membros leem, ou testar uma versão sem salvar (Gerenciar servidor)",
    },
    "texts preview wording": { description: "Uma versão para testar; nada é salvo" },
    "texts reset": { description: "Trazer de volta o texto padrão (Gerenciar servidor)" },
    "texts language": {
      description: "O idioma do que todos leem aqui: log, pedidos de aprovação (Gerenciar servidor)",
    },
    "texts language language": { description: "Um dos idiomas do bot, ou o idioma do servidor no Discord" },
    "texts language language discord": { name: "o idioma do servidor no Discord" },
  },
} satisfies CommandFile;
