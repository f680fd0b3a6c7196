import type { LanguageFile } from "../messages.ts";

// Português do Brasil. Termos de Minecraft e Discord como a comunidade usa: whitelist, nick, gamertag, servidor,
// cargo, staff. Comandos: /registrar, /desregistrar, /vincular, /desvincular; as opções mantêm o nome em inglês.

/** Brazilian Portuguese: its messages (its command localizations: ./commands/pt-BR.ts). */
export const ptBR = {
  messages: {
    "common.apology": "Algo deu errado do nosso lado; isso foi registrado. Tente de novo mais tarde.",
    "common.dmOnly": "O whitelist-sync funciona dentro de um servidor, não em mensagens diretas.",
    "common.unknownCommand": "Este comando não é (mais) conhecido; tente de novo em um minuto.",
    "common.unknownSubcommand": "Este subcomando não é (mais) conhecido; tente de novo em um minuto.",
    "common.buttonInactive": "Este botão não está mais ativo.",
    "common.needsManageGuild":
      "Só membros com a permissão “Gerenciar servidor” podem fazer isso. Peça a um admin do servidor.",
    "common.oneOf": "{option} precisa ser um destes: {allowed}.",
    "common.andMore": "… e mais {count}.",
    "common.none": "nenhum",
    "common.verbatim": "{text}",
    "common.dash": "—",

    "error.notManager":
      "Só a staff de {whitelist} (Gerenciar servidor ou um dos cargos de gestão dela) pode fazer isso.",
    "error.closed": "{whitelist} está fechada para registros agora. Pergunte à staff quando ela reabre.",
    "error.missingRole.self": "Para se registrar em {whitelist}, você precisa de um dos cargos exigidos.",
    "error.missingRole.approval": "Esse membro não tem mais nenhum dos cargos que {whitelist} exige.",
    "error.missingRole.staff":
      "Esse membro não tem nenhum dos cargos que {whitelist} exige, e os nicks dela seguem esses cargos (on-role-loss: remove): um nick adicionado para ele seria removido na hora.",
    "error.denied": "{nick} está vetado em {whitelist}{as}{reason}.",
    "error.denied.as": " (como {nick})",
    "error.denied.reason": ": {reason}",
    "error.taken.spelled":
      "{nick} já está em {whitelist}, escrito assim. {spelling} Se não for seu, registre outro nick.",
    "error.taken":
      "{nick} já está em {whitelist}. Se for seu, peça à staff para verificar; senão, registre outro nick.",
    "error.takenJustNow": "{nick} acabou de ser registrado em {whitelist} por outra pessoa.",
    "error.takenPlain": "{nick} já está em {whitelist}.",
    "error.limit.self": "Você já tem {held} em {whitelist}, o máximo permitido ({max}).",
    "error.limit.other": "Esse membro já tem {held} em {whitelist}, o máximo permitido ({max}).",
    "error.limit.nicks": { one: "{count} nick", many: "{count} de nicks", other: "{count} nicks" },
    "error.limit.withWaiting": {
      one: "{count} nick registrado ou aguardando aprovação",
      many: "{count} de nicks registrados ou aguardando aprovação",
      other: "{count} nicks registrados ou aguardando aprovação",
    },
    "error.pending":
      "Você já pediu {nick} em {whitelist}; a staff vai analisar em breve. Não precisa pedir de novo.",
    "error.wrongMode.approval": "Registros em {whitelist} precisam de aprovação da staff.",
    "error.wrongMode.direct": "{whitelist} não precisa de aprovação.",
    "error.linkedElsewhere.self":
      "{nick} pertence a outro membro deste servidor, que provou ser o dono: só ele pode registrá-lo.",
    "error.linkedElsewhere.other":
      "{nick} pertence a outro membro deste servidor, que provou ser o dono: só pode ser registrado para ele.",
    "error.proof.notPremium":
      "{whitelist} só aceita contas comprovadas, e {nick} não é uma conta premium: ninguém pode comprová-la.",
    "error.proof.self": "{whitelist} só aceita contas comprovadas: comprove primeiro que {nick} é sua.",
    "error.proof.other":
      "{whitelist} só aceita contas comprovadas, e esse membro não comprovou que {nick} é dele.",
    "error.notOwner": "{nick} em {whitelist} pertence a outro membro; só ele ou a staff podem removê-lo.",
    "error.memberLeft.register": "Esse membro não está mais no servidor; nada foi registrado.",
    "error.memberLeft.transfer": "Esse membro não está mais no servidor; nada foi transferido.",
    "error.notOn": "{nick} não está em {whitelist}. Confira a grafia e tente de novo.",
    "error.notOnPlain": "{nick} não está em {whitelist}.",
    "error.thatNick": "Esse nick",
    "error.goneMeanwhile":
      "{nick} foi removido de {whitelist} ou transferido nesse meio-tempo; nada foi alterado.",
    "error.nick.empty": "O nick está vazio. {rule}",
    "error.nick.invalid": "“{nick}” não é um nick válido. {rule}",
    "error.nick.javaRule":
      "Um nick do Minecraft Java tem de 3 a 16 caracteres: letras A-Z, dígitos 0-9 e `_`, sem espaços. Confira a grafia e tente de novo.",
    "error.nick.bedrockRule":
      "Uma gamertag do Bedrock (Xbox) tem de 1 a 16 letras A-Z, dígitos e espaços simples, e não começa com dígito (digite como no Xbox, ou como o jogo mostra, com o prefixo e `_`). Confira a grafia e tente de novo.",
    "error.notPremium":
      "{nick} não é uma conta premium (original) do Minecraft, e {whitelist} só aceita contas premium. Confira a grafia ou registre o nick da sua conta premium.",
    "error.gamertagUnknown":
      "Nenhuma conta Xbox tem a gamertag {gamertag}. Confira a grafia no seu perfil do Xbox e tente de novo.",
    "error.mojangDown": "Não dá para falar com a Mojang agora; tente de novo em um minuto.",
    "error.geyserDown":
      "Não dá para falar com a busca de gamertags do GeyserMC agora; tente de novo em um minuto.",
    "error.storeBusy":
      "O banco de dados está ocupado (outro programa está com ele); nada foi alterado. Tente de novo em alguns segundos.",
    "error.storeDown":
      "Não foi possível acessar o banco de dados, ou ele está ocupado; nada foi alterado. Tente de novo em alguns segundos.",
    "error.storeSlow": "O banco de dados não respondeu em {ms} ms{detail}. Tente de novo em alguns segundos.",
    "error.whitelist.unknown": "Não existe a whitelist “{name}” neste servidor.",
    "error.whitelist.none": "Este servidor ainda não tem nenhuma whitelist.",
    "error.whitelist.which": "Qual whitelist? Este servidor tem {names}.",
    "error.whitelist.gone": "Essa whitelist não existe.",
    "error.whitelist.justDeleted": "Essa whitelist acabou de ser excluída.",
    "error.request.gone":
      "Esse pedido não existe mais (a whitelist dele pode ter sido excluída). O membro pode pedir de novo.",
    "error.request.deciding": "Outro membro da staff está decidindo este pedido agora.",
    "error.request.decided.approved": "Este pedido já foi aprovado; nada a fazer.",
    "error.request.decided.rejected": "Este pedido já foi recusado; nada a fazer.",
    "error.request.decided.cancelled": "Este pedido já foi cancelado; nada a fazer.",
    "error.request.notYours": "Só o membro que pediu, ou a staff, pode retirar este pedido.",
    "error.request.noLogChannel":
      "{whitelist} precisa de aprovação da staff, mas os pedidos não podem ser postados em nenhum canal de log.",
    "error.code.malformed":
      "Isso não é um código: um código tem 8 letras e dígitos, como K7QX-29MD, e aparece quando você entra no servidor de vínculo (ou no servidor de jogo, que pede que você prove sua conta).",
    "error.code.limited": "Muitos códigos que não funcionaram: espere antes de digitar outro.",
    "error.code.wrong": "Esse código não existe: confira e digite de novo.",
    "error.code.expired":
      "Esse código expirou (códigos duram 10 minutos): entre de novo no servidor de vínculo para receber outro.",
    "error.code.reused": "Esse código já foi usado: entre de novo no servidor de vínculo para receber outro.",
    "error.code.expired.firstJoin":
      "Esse código expirou (códigos duram 10 minutos): entre de novo no servidor de jogo para receber outro.",
    "error.code.reused.firstJoin":
      "Esse código já foi usado: entre de novo no servidor de jogo para receber outro.",
    "error.code.foreign.server":
      "Esse código comprova um registro em outro servidor do Discord: digite-o lá.",
    "error.code.foreign.member":
      "Esse código comprova o registro de outro membro: só o membro que registrou essa conta pode digitá-lo.",
    "error.code.held":
      "{account} está vinculada a outro membro deste servidor, que a comprovou antes de você. Se a conta agora é sua, peça para ele desvinculá-la, ou fale com a staff.",
    "error.code.notJava":
      "{whitelist} aceita nicks {nickType}, e um código comprova uma conta Java. Vincule-a com /vincular, ou registre-se em uma whitelist java ou premium.",
    "error.unlink.notStaff": "Só a staff com “Gerenciar servidor” pode desvincular a conta de outro membro.",
    "error.unlink.none.self": "Você não tem nenhuma conta vinculada neste servidor.",
    "error.unlink.none.other": "Esse membro não tem nenhuma conta vinculada neste servidor.",
    "error.unlink.noneNamed.self": "Você não tem uma conta vinculada {account} neste servidor.",
    "error.unlink.noneNamed.other": "Esse membro não tem uma conta vinculada {account} neste servidor.",
    "error.unlink.several.self": "Você tem {count} contas vinculadas ({accounts}): diga qual.",
    "error.unlink.several.other": "Esse membro tem {count} contas vinculadas ({accounts}): diga qual.",
    "error.unlink.gone": "{account} não está mais vinculada.",
    "error.transfer.proven":
      "{nick} foi comprovado pelo membro que o tem. Outro membro o recebe comprovando a conta ele mesmo, o que a transfere.",
    "error.transfer.same": "{nick} em {whitelist} já pertence a esse membro.",
    "error.lookup.others":
      "{nick} em {whitelists} pertence a outro membro; só a staff dessa whitelist pode ver de quem.",
    "error.lookup.notStaff":
      "Só a staff pode consultar os nicks de outro membro; você pode consultar os seus.",
    "error.deny.reasonTooLong": "Um motivo tem no máximo {max} caracteres.",
    "error.guest.noteTooLong": "Uma nota de convidado tem no máximo {max} caracteres.",
    "error.key.notFound": "Nenhum vínculo ativo com o id {id}.",
    "error.rank.group":
      "O nome de um grupo do jogo tem de 1 a {max} caracteres a-z 0-9 _ - . + (os nomes de grupo do LuckPerms, em minúsculas); “{given}” não é um.",
    "error.rank.holder":
      "Um rank nomeia um cargo, todos na whitelist ou suas contas verificadas; “{given}” não é nenhum deles.",
    "error.rank.tooMany":
      "Uma whitelist associa no máximo {max} cargos a grupos do jogo: remova um primeiro (`/whitelist ranks remove`).",
    "error.roleLimit.notRole": "Um limite por cargo precisa do id de um cargo; “{given}” não é id de cargo.",
    "error.roleLimit.everyone":
      "@everyone não pode ter um limite de nicks próprio: todo membro o tem. Defina o limite de todos com `{command}`.",
    "error.roleLimit.range":
      "O limite de nicks de um cargo é um número inteiro de 1 a {max} (recebido: {given}).",
    "error.deny.notDenied": "{nick} não está vetado em {whitelist}; não há nada para liberar.",
    "error.memberUnknown":
      "<@{userId}> não é (mais) membro deste servidor, então nada pode ser registrado para ele.",
    "error.download": "Não consegui baixar {file} do Discord ({reason}); tente de novo.",
    "error.download.tooSlow": "demorou demais",
    "error.download.status": "status {status}",

    "failure.missingRole.self":
      "Para se registrar em {whitelist}, você precisa de um destes cargos: {roles}. Peça um à staff e tente de novo.",
    "failure.missingRole.approval":
      "Esse membro não tem mais nenhum dos cargos que {whitelist} exige ({roles}). Dê um a ele e aprove de novo, ou recuse o pedido.",
    "failure.missingRole.staff":
      "Esse membro não tem nenhum dos cargos que {whitelist} exige ({roles}), e os nicks dela seguem esses cargos: um nick adicionado para ele seria removido na hora. Dê um dos cargos a ele primeiro, ou mantenha os nicks na perda de cargo com `/whitelist edit on-role-loss:keep`.",
    "failure.limit.self": "{refusal} Remova um antes com /desregistrar.",
    "failure.limit.staff":
      "{refusal} Remova um antes, ou aumente o limite com /whitelist edit (max-nicks) ou o de um cargo com /whitelist roles (limit).",
    "failure.wrongMode.approval":
      "Registros em {whitelist} precisam de aprovação da staff: use /registrar e a staff vai analisar.",
    "failure.wrongMode.direct": "{whitelist} não precisa de aprovação: registre-se direto com /registrar.",
    "failure.noWhitelist":
      "Este servidor ainda não tem nenhuma whitelist. Peça à staff para criar uma com /whitelist create.",
    "failure.unknownWhitelist": "{refusal} Escolha um dos nomes que o comando sugere.",
    "failure.whichWhitelist":
      "Qual whitelist? Este servidor tem {names}: diga qual na opção `whitelist`, ou use o comando no canal de uma whitelist.",
    "failure.denied.self":
      "⛔ A staff vetou {nick} em {whitelist}{as}.{reason}\nRegistre outro nick, ou fale com a staff se acha que é um engano.",
    "failure.denied.staff":
      "⛔ {nick} está vetado em {whitelist}{as}.{reason}\nLibere antes com /whitelist undeny se ele deve ser registrado.",
    "failure.denied.as": " (como {nick})",
    "failure.denied.reason": " Motivo: {reason}",
    "failure.noLogChannel":
      "{whitelist} precisa de aprovação da staff, mas não consigo postar pedidos em nenhum canal de log. Peça à staff para definir um com /whitelist log-channel e tente de novo.",
    "failure.formRequired":
      "{whitelist} faz algumas perguntas antes, que uma mensagem não consegue mostrar: use `/registrar` em {channel} e responda lá.",
    "failure.proofRequired": "🔒 {refusal}\n{how}",
    "failure.proofRequired.then": "digite aqui `/registrar code:<code> whitelist:{whitelist}`",
    "failure.code.lastTry": " Essa foi sua última tentativa por enquanto.",
    "failure.code.triesLeft": {
      one: " Resta {count} tentativa antes de uma espera.",
      many: " Restam {count} de tentativas antes de uma espera.",
      other: " Restam {count} tentativas antes de uma espera.",
    },
    "failure.code.linkServer": " O servidor de vínculo é `{address}`.",
    "failure.code.limited": "⏳ {refusal} Tente de novo {when}.",

    "proof.off":
      "A comprovação de contas ainda não está configurada neste serviço (o servidor de vínculo está desligado): fale com a staff.",
    "proof.how":
      "No Minecraft: Java Edition, adicione o servidor `{address}` e entre com essa conta: você não entra em nenhum mundo, aparece um código. Depois {then} em até 10 minutos.",
    "proof.linkedLine": "**{account}** (UUID `{uuid}`), comprovada {when}",
    "proof.linked": "🔗 **{account}** está vinculada a você neste servidor: você comprovou que é sua.",
    "proof.took":
      "Outros membros a tinham em {whitelists}; esses nicks foram removidos, já que você comprovou que é sua (a staff vê o motivo no log).",
    "proof.within":
      "✅ Você comprovou que **{account}** é sua no servidor de jogo que mostrou o código: essa prova vale só para a whitelist dele, então a conta não fica vinculada a você neste servidor.",
    "proof.verified": "Sua **{account}** em {whitelists} agora está verificada.",
    "proof.firstJoin":
      "🔒 Prove que **{nick}** é seu: entre no servidor de jogo com ele antes de {until} ({in}). Você será desconectado com um código: digite `/vincular code:<code>` aqui e entre de novo. Sem prova até lá, ele é removido.",
    "proof.firstJoin.staff":
      "🔒 O nick entra na hora e o membro prova na primeira vez que entra no servidor de jogo: o agente `sync`, via RCON, o desconecta com um código que ele digita com `/vincular code:`. Sem prova após {window}, é removido (adições da staff não precisam de prova).",

    "link.status.title": "Vínculo de conta para {community}",
    "link.status.anyCommunity": "esta comunidade do Discord",
    "link.status.hint": "Entre para receber um código para o Discord (você não vai entrar em nenhum mundo)",
    "link.proven":
      "{name}, você provou que a conta é sua.\nSeu código: {code}\nNo Discord, digite {link} em até 10 minutos\n(ou {register} para colocá-la em uma whitelist).",
    "link.refused.version":
      "Este servidor vincula contas do Minecraft Java {oldest} a {newest}; seu jogo usa o protocolo {protocol}.\nEntre com uma versão de {oldest} a {newest} para receber seu código.",
    "link.refused.name": "Esse não é um nome do Minecraft Java. Entre com sua conta Java premium.",
    "link.refused.rateLimited": "Entradas demais a partir do seu endereço. Espere um minuto e entre de novo.",
    "link.refused.encryption": "A troca de criptografia falhou. Reinicie o jogo e entre de novo.",
    "link.refused.notJoined":
      "Não foi possível verificar sua conta com a Mojang.\nReinicie o jogo e o launcher e entre de novo (é preciso uma conta Java premium).",
    "link.refused.sessionUnavailable":
      "Não foi possível verificar sua conta com a Mojang: o servidor de sessão dela não respondeu.\nEntre de novo em um minuto.",
    "link.refused.sessionInvalid":
      "Não foi possível verificar sua conta com a Mojang: a resposta do servidor de sessões não pôde ser lida.\nEntre de novo em um minuto.",
    "link.refused.sessionMismatch":
      "A Mojang confirmou outra conta, não aquela com que você entrou.\nReinicie o jogo e o launcher e entre de novo com sua conta Java premium.",
    "link.refused.failed": "Algo deu errado do nosso lado. Entre de novo em um minuto.",
    "link.refused.timeout": "O login demorou demais. Entre de novo.",

    "public.registered": "✅ **{nick}** está em **{whitelist}**. Você já pode entrar no servidor.",
    "public.approved":
      "{member} ✅ seu pedido de **{nick}** em **{whitelist}** foi aprovado: você já pode entrar.",
    "public.refused":
      "{member} seu pedido de **{nick}** em **{whitelist}** não foi aprovado. Fale com a staff se quiser saber o motivo.",
    "public.removed": "🗑️ **{nick}** não está mais em **{whitelist}**.",

    "texts.refused.empty": "O texto está vazio: escreva o que os membros devem ler.",
    "texts.refused.long": "O texto tem {length} caracteres; no máximo {max} são guardados.",
    "texts.refused.brace":
      "Uma chave não abre nem fecha nenhum marcador. Um marcador é um nome entre chaves: {allowed}.",
    "texts.refused.unknown": "Este texto não tem o marcador {unknown}. Ele tem {allowed}.",
    "texts.name.public.registered": "registrado: a resposta a um registro",
    "texts.name.public.refused": "recusado: um pedido que a staff não aprovou",
    "texts.name.public.approved": "aprovado: um pedido que a staff aprovou",
    "texts.name.public.removed": "removido: um nick tirado de uma whitelist",
    "texts.saved":
      "✅ Os membros agora leem a sua versão de **{name}**, seja qual for o idioma deles. Com valores de exemplo:\n{preview}\n`/texts reset` traz o padrão de volta.",
    "texts.preview": "**{name}** ({source}), com valores de exemplo:\n{preview}\nSeus marcadores: {allowed}.",
    "texts.source.custom": "sua versão",
    "texts.source.default": "o padrão, em {language}",
    "texts.reset": "↩️ **{name}** voltou ao padrão, no idioma de cada leitor:\n{preview}",
    "texts.reset.none": "**{name}** não tinha sido reescrito: já está no padrão.",
    "texts.list":
      "Textos que a staff pode escrever do seu jeito (`/texts set`), com o que os membros leem agora:\n{texts}",
    "texts.list.item": "• **{name}** ({source}): {preview}",
    "texts.language.set":
      "✅ O que todos leem aqui (o canal de log, os pedidos de aprovação, as respostas no modo mensagem) fica em {language} a partir de agora. Cada membro continua lendo as próprias respostas no idioma do Discord dele.",
    "texts.language.discord":
      "✅ O que todos leem aqui segue o idioma deste servidor no Discord: {language} agora.",
    "texts.sample.nick": "Steve",
    "language.name": "Português do Brasil",
    "texts.sample.whitelist": "survival",

    "register.requested":
      "📨 Seu pedido de **{nick}** em **{whitelist}** foi enviado à staff. Você vai ser avisado em {channel} quando decidirem; não precisa fazer mais nada.",
    "register.awaitingProof": "✅ **{nick}** está em **{whitelist}**, aguardando você provar que é seu.",
    "register.verified": "🔗 Verificada: você comprovou que esta conta é sua.",
    "register.floodgateName": "Esse é o nome que o Floodgate dá à gamertag {gamertag} no jogo.",
    "register.expires": "⏳ Expira {when}: {whitelist} mantém registros só por tempo limitado.",
    "register.rolesWaiting":
      "🕒 Seus cargos chegam em instantes: o Discord só deixa um bot dar cargos num certo ritmo.",
    "register.rolesRefused": "Não consegui te dar {roles}; a staff foi avisada e vai resolver.",
    "register.undo": "Mudou de ideia? {command} remove.",
    "register.nickOrCode":
      "Informe seu nick do Minecraft (`nick`), ou o código que o servidor de vínculo mostrou (`code`).",
    "register.notBoth": "Informe seu nick ou um código, não os dois.",
    "register.already": "**{nick}** já era seu em **{whitelist}**; agora está verificado.",
    "register.codeRefused": "Não foi possível colocá-lo em **{whitelist}**: {refusal}",
    "register.exactSpelling":
      "Entre exatamente como {nick}: um servidor em modo offline diferencia jogadores pelas maiúsculas e minúsculas do nome.",
    "register.exactSpellingOther":
      "Entre exatamente como {nick}: um servidor em modo offline diferencia jogadores pelas maiúsculas e minúsculas do nome ({other} seria outro jogador, e não entra).",

    "unregister.owner": " Pertencia a {owner}.",
    "unregister.done":
      "{removed}{owner} Os cargos dados por ele foram retirados. Registre-se de novo quando quiser com `/registrar`.",

    "link.how": "Para vincular uma conta do Minecraft Java: {how}",
    "link.how.then": "digite aqui `/vincular code:<code>`",
    "link.none": "Você ainda não tem nenhuma conta vinculada neste servidor.",
    "link.list": "Suas contas vinculadas aqui:\n{accounts}",
    "link.next":
      "Coloque-a numa whitelist com {command}: não precisa entrar de novo. `/desvincular` a esquece.",
    "unlink.you": "você",
    "unlink.done":
      "🔓 **{account}** não está mais vinculada a {whom} neste servidor. Os nicks registrados com ela continuam nas whitelists (`/desregistrar` remove um); para comprová-la de novo, use `/vincular`.",

    "approval.expires": " Expira {when}.",

    "approval.reason": " A equipe disse: {reason}",
    "approval.rolesRefused": "{member} Não consegui te dar {roles}; a staff foi avisada.",
    "approval.cancelled":
      "{member} seu pedido de **{nick}** em **{whitelist}** foi cancelado: a staff excluiu essa whitelist.",

    "form.title": "Candidatura: {whitelist}",
    "form.inactive": "Este formulário não está mais ativo.",
    "form.gone": "Essa whitelist não existe mais; nada foi enviado.",
    "form.preview":
      "👀 Uma prévia do formulário de **{whitelist}**: nada foi enviado. A staff vê as respostas assim:",
    "form.preview.none":
      "{whitelist} ainda não tem formulário: adicione uma pergunta com /whitelist form set.",
    "form.answers.title": "Respostas para {whitelist}",
    "form.answer.more": {
      one: "… (mais {count} caractere)",
      many: "… (mais {count} de caracteres)",
      other: "… (mais {count} caracteres)",
    },
    "form.member.given": "Dadas {when} {about}; {kept}.",
    "form.member.withNick": "com **{nick}**",
    "form.member.withRequest": "com o pedido `{id}`",
    "form.member.removed": "com um registro já removido",
    "form.member.waiting": "guardadas enquanto o pedido aguarda",
    "form.member.deleted": "excluídas {when}",
    "form.none": "**{whitelist}** não tem formulário: os membros se registram sem responder perguntas.",
    "form.header": {
      one: "**{whitelist}** faz {count} pergunta aos membros no registro:",
      many: "**{whitelist}** faz {count} de perguntas aos membros no registro:",
      other: "**{whitelist}** faz {count} perguntas aos membros no registro:",
    },
    "form.question": "{number}. {label} ({style}, {required}, {length}{hint})",
    "form.style.short": "uma linha",
    "form.style.paragraph": "parágrafo",
    "form.required": "obrigatória",
    "form.optional": "opcional",
    "form.length.between": {
      one: "de {min} a {count} caractere",
      many: "de {min} a {count} de caracteres",
      other: "de {min} a {count} caracteres",
    },
    "form.length.upTo": {
      one: "até {count} caractere",
      many: "até {count} de caracteres",
      other: "até {count} caracteres",
    },
    "form.hint": ", dica “{hint}”",
    "form.where.approval":
      "`/registrar` abre as perguntas num formulário, e as respostas vão para a staff com o pedido.",
    "form.where.command":
      "`/registrar` abre as perguntas num formulário; as respostas ficam guardadas com o nick para a staff ver.",
    "form.where.message":
      "Uma mensagem não consegue mostrar um formulário: a um nick postado no canal eu respondo indicando `/registrar`, que o abre.",
    "form.cleared":
      "✅ **{whitelist}** não tem mais formulário: os membros se registram sem responder perguntas. As respostas já dadas ficam guardadas enquanto o servidor as mantiver (`/whitelist form retention`).",
    "form.setNote":
      "Veja como os membros vão ver com `/whitelist form preview`. Formulários abertos antes desta mudança são recusados ao enviar: esses membros usam `/registrar` de novo.",
    "form.retention.now": {
      one: "As respostas do formulário ficam guardadas {count} dia depois que o pedido é decidido.",
      many: "As respostas do formulário ficam guardadas {count} de dias depois que o pedido é decidido.",
      other: "As respostas do formulário ficam guardadas {count} dias depois que o pedido é decidido.",
    },
    "form.retention.zero":
      "✅ As respostas do formulário só ficam guardadas enquanto o pedido aguarda a staff; as de pedidos decididos saem na hora.",
    "form.retention.set": {
      one: "✅ As respostas do formulário ficam guardadas {count} dia depois que o pedido é decidido (ou o registro é feito) e depois são excluídas; isso vale também para as já guardadas. Elas também saem quando o membro sai ou o nick é removido.",
      many: "✅ As respostas do formulário ficam guardadas {count} de dias depois que o pedido é decidido (ou o registro é feito) e depois são excluídas; isso vale também para as já guardadas. Elas também saem quando o membro sai ou o nick é removido.",
      other:
        "✅ As respostas do formulário ficam guardadas {count} dias depois que o pedido é decidido (ou o registro é feito) e depois são excluídas; isso vale também para as já guardadas. Elas também saem quando o membro sai ou o nick é removido.",
    },
    "form.show.kept": {
      one: "As respostas ficam guardadas {count} dia após a decisão, para a staff.",
      many: "As respostas ficam guardadas {count} de dias após a decisão, para a staff.",
      other: "As respostas ficam guardadas {count} dias após a decisão, para a staff.",
    },
    "error.form.tooMany":
      "Um formulário tem no máximo {max} perguntas (o limite do Discord para um formulário).",
    "error.form.label": "A pergunta {number} precisa de um texto de 1 a {max} caracteres em uma linha.",
    "error.form.style": "A pergunta {number} é respondida com short ou paragraph.",
    "error.form.hint": "A pergunta {number} tem uma dica de no máximo {max} caracteres em uma linha.",
    "error.form.minLength": "O tamanho mínimo da pergunta {number} deve ser de 0 a {max} caracteres.",
    "error.form.maxLength": "O tamanho máximo da pergunta {number} deve ser de 1 a {max} caracteres.",
    "error.form.minOverMax":
      "A pergunta {number} pede pelo menos {min} caracteres, mas aceita no máximo {max}.",
    "error.form.numbered": "As perguntas são numeradas de 1 a {max}.",
    "error.form.none": "Esta whitelist não tem formulário.",
    "error.form.numberedNow": "O formulário tem as perguntas 1 a {max}.",
    "error.form.mismatch":
      "As respostas não batem com as perguntas do formulário; comece de novo, por favor.",
    "error.form.unanswered": "“{question}” precisa de uma resposta.",
    "error.form.length": "A resposta a “{question}” tem de {min} a {max} caracteres.",
    "error.form.changed":
      "A staff mudou as perguntas de {whitelist} enquanto você respondia; nada foi enviado. Use /registrar de novo para ver as novas.",
    "error.form.needed": "{whitelist} faz algumas perguntas antes: registre-se com /registrar no canal dela.",
    "error.formRetention":
      "As respostas do formulário ficam guardadas de 0 a {max} dias (0: só enquanto um pedido aguarda).",
    "error.guest.noNote":
      "Um convidado precisa de uma nota dizendo quem é (amigo de quem, qual evento), para a staff que encontrar o nick depois.",
    "banSync.on":
      '✅ A sincronização de banimentos está ligada: quando alguém é banido deste servidor, cada nick que tinha fica vetado na respectiva whitelist ("{reason}"), então nenhuma outra conta consegue registrá-lo; retirar o banimento libera esses vetos (não os da staff). Banimentos feitos enquanto eu estava offline não são vistos.',
    "banSync.off":
      "✅ A sincronização de banimentos está desligada: banimentos só removem nicks como qualquer saída. Vetos que um banimento criou continuam até o banimento do membro ser retirado, ou até a staff liberá-los com `/whitelist undeny`.",
    "answers.deleted.title": "A mensagem de um membro foi excluída antes da minha resposta",
    "answers.deleted":
      "Em {channel} uma mensagem com um nick foi excluída (AutoMod, um bot de moderação ou o membro) antes que eu pudesse responder: respondi com uma mensagem simples mencionando o membro. Nada a corrigir, a não ser que essas exclusões não sejam intencionais. (Dito uma vez por canal até eu reiniciar.)",
    "answers.history.title": "Não consigo responder aos membros nem reagir às mensagens deles",
    "answers.history":
      "Em {channel} não tenho {lacking}; sem isso não consigo responder nem reagir: os membros recebem uma mensagem simples mencionando eles em vez de uma resposta ou um ✅. Para corrigir: libere isso para o bot (ou o cargo dele) em Editar canal → Permissões. (Dito uma vez por canal até eu reiniciar.)",
    "answers.lacking.history": "a permissão “Ver histórico de mensagens”",
    "answers.lacking.reactions": "a permissão “Adicionar reações”",
    "answers.lacking.both": "as permissões “Ver histórico de mensagens” e “Adicionar reações”",
    "nickname.scope":
      "O Discord não deixa nenhum bot mudar o apelido do dono do servidor{above}: eles mantêm os próprios apelidos.",
    "nickname.scope.above": ", nem o de membros com {roles} (no nível do meu cargo ou acima)",
    "nickname.blocked": "⚠️ Não consigo mudar o apelido de {member}: {reason}.",

    "message.expiring": "⏳ **{nick}** está registrado até expirar {when}.",
    "message.registered": "{reaction} **{nick}** está registrado.",
    "message.rolesRefused": "Você está registrado, mas não consegui te dar {roles}; a staff foi avisada.",
    "message.paused":
      "Os registros em {whitelist} estão pausados: o Discord não está me deixando ler mensagens agora (o intent Message Content do bot está desligado). A staff foi avisada; tente de novo mais tarde.",

    "time.in": "em {duration} ({when})",
    "time.days": { one: "{count} dia", many: "{count} de dias", other: "{count} dias" },
    "time.hours": { one: "{count} hora", many: "{count} de horas", other: "{count} horas" },
    "time.minutes": { one: "{count} minuto", many: "{count} de minutos", other: "{count} minutos" },
    "time.seconds": { one: "{count} segundo", many: "{count} de segundos", other: "{count} segundos" },
    "time.forGood": "para sempre",
    "time.lifetime": "{duration} para os registros dos próprios membros (a staff escolhe com `expires`)",

    "staff.list.none":
      "Este servidor ainda não tem nenhuma whitelist. A staff cria uma com `/whitelist create`.",
    "staff.list.header": {
      one: "{count} whitelist:",
      many: "{count} de whitelists:",
      other: "{count} whitelists:",
    },
    "staff.list.item": "• **{name}** (`{id}`) em {channel}: {nickType}, modo {mode}, {nicks}{closed}",
    "staff.list.closed": ", fechada",
    "staff.list.footer": "Detalhes com `/whitelist show`; registro com `/registrar`.",
    "staff.remove.done":
      "{removed} Pertencia a {owner}. Os cargos dados por ele foram retirados; os servidores de jogo ficam sabendo na hora.",
    "staff.undeny.done":
      "✅ **{nick}** pode ser registrado de novo em **{whitelist}**. Nada foi adicionado de volta: o dono registra de novo com `/registrar`, ou a staff com `/whitelist add`.",
    "staff.transfer.done":
      "🔀 **{nick}** em **{whitelist}** agora pertence a {to} (era de {from}). Os servidores de jogo não veem nenhuma mudança.",
    "staff.transfer.doneGuest":
      "🔀 **{nick}** em **{whitelist}** agora pertence a {to} (era um convidado de {from}). Os servidores de jogo não veem mudança.",
    "staff.transfer.grantFailed": "Não consegui dar {roles} a ele; o nick é dele mesmo assim.",
    "staff.transfer.revertFailed":
      "Não consegui tirar {roles} de {from}; remova à mão se ele não deve manter.",
    "staff.whois.found": "🔎 **{nick}** está em {whitelists}.",
    "staff.whois.none": "🔎 **{nick}** não está em nenhuma whitelist que você pode ver.",
    "staff.whois.hidden": {
      one: "Também está em {count} whitelist que você não gerencia, para outro membro.",
      many: "Também está em {count} de whitelists que você não gerencia, para outro membro.",
      other: "Também está em {count} whitelists que você não gerencia, para outro membro.",
    },
    "staff.whois.more": "… e mais {count}: diga uma whitelist.",
    "staff.member.partial": "as whitelists que você gerencia",
    "staff.member.all": "as whitelists deste servidor",
    "staff.member.linked": "Contas vinculadas (comprovadas):",
    "staff.member.none": "{member} não tem nicks em {where}.",
    "staff.member.header": {
      one: "{member} tem {count} nick em {where}:",
      many: "{member} tem {count} de nicks em {where}:",
      other: "{member} tem {count} nicks em {where}:",
    },
    "staff.member.item": "• **{nick}** em **{whitelist}**: {how} {when}{expires}{verified}{ranks}",
    "staff.member.registered": "registrado",
    "staff.member.addedBy": "adicionado por {member}",
    "staff.member.expires": ", expira {when}",
    "staff.member.ranks": ", ranks: {groups}",
    "staff.member.verified": ", verificado",
    "staff.member.awaiting": ", aguardando a prova na primeira entrada",
    "staff.member.guests": "Convidados que adicionou (jogadores sem Discord):",
    "staff.member.guest": "• **{nick}** em **{whitelist}**: {note}, {when}{expires}",
    "staff.member.answers": "Respostas do formulário (abaixo{files}{more}):",
    "staff.member.answers.files": "; as longas, inteiras no arquivo",
    "staff.member.answers.more": {
      one: "; {count} mais antiga não mostrada",
      many: "; {count} de respostas mais antigas não mostradas",
      other: "; {count} mais antigas não mostradas",
    },
    "staff.logChannel.off":
      "O log está desligado. Pedidos de aprovação precisam de um canal de log: defina um de novo com `/whitelist log-channel`.",
    "staff.logChannel.set":
      "✅ Agora faço log em {channel}. Deixe-o visível só para a staff: os botões de aprovação ficam lá.",
    "staff.logChannel.failed": "⚠️ {channel} foi definido, mas não consegui postar lá.",
    "staff.export.done":
      "📄 **{whitelist}** como `{file}` ({nicks}). Coloque na pasta do seu servidor, ou deixe o servidor buscar: `{url}` com uma chave de `/server-link create`.",
    "lookup.how.member": "o membro registrou",
    "lookup.how.staff": "staff: `/whitelist add`, ou um pedido aprovado",
    "lookup.how.guest": "a staff: `/whitelist guest`, um jogador sem Discord",
    "lookup.never": "nunca",
    "lookup.verified.yes": "sim: o dono comprovou a conta",
    "lookup.verified.awaiting": "não: aguardando a prova na primeira entrada, removido {when}",
    "lookup.entry.title": "{nick} em {whitelist}",
    "lookup.denial.title": "{nick} está vetado em {whitelist}",
    "lookup.field.owner": "Dono",
    "lookup.field.addedBy": "Adicionado por",
    "lookup.field.how": "Como",
    "lookup.field.when": "Quando",
    "lookup.field.deniedBy": "Vetado por",

    "staff.link.created":
      "🔑 Vínculo **{name}** para {scope}, {access}. Copie a chave agora: ela aparece uma vez e nunca mais.",
    "staff.link.howToUse": 'Como usar: `curl -H "Authorization: Bearer {key}" {url}/whitelists`',
    "staff.link.next.remove": "Próximo passo: coloque a chave na config do seu plugin",
    "staff.link.next.read":
      "Próximo passo: guarde a chave no seu próprio servidor (nunca numa página web ou nos scripts dela)",
    "staff.link.next":
      "{next}, ou receba os eventos com `/server-link webhook id:{id}`. Perdeu? `/server-link revoke id:{id}` e crie outra.",
    "staff.link.none": "Nenhum vínculo ainda. Crie um para o seu servidor de jogo com `/server-link create`.",
    "staff.link.header": {
      one: "{count} vínculo:",
      many: "{count} de vínculos:",
      other: "{count} vínculos:",
    },
    "staff.link.footer":
      "As chaves nunca são mostradas de novo: revogue uma perdida com `/server-link revoke` e crie outra.",
    "staff.link.item":
      "• **{name}** `{id}`{state}: {scope}; {access}; criado {created} por {by}, {used}; {hook}",
    "staff.link.revoked": " — **revogado** {when}",
    "staff.link.neverUsed": "nunca usado",
    "staff.link.lastUsed": "usado pela última vez {when}",
    "staff.link.webhook": "webhook → {host} ({delivery})",
    "staff.link.noWebhook": "sem webhook",
    "staff.link.delivery.none": "nenhum envio ainda",
    "staff.link.delivery.last": "último {result} em {ms} ms {when}",
    "staff.link.delivery.failed": "falhou: {error}",
    "staff.link.revokedDone":
      "🚫 O vínculo **{name}** (`{id}`) foi revogado: a chave é recusada a partir de agora e as conexões abertas foram fechadas. Dê uma nova ao servidor de jogo com `/server-link create`.",
    "staff.webhook.removed":
      "Webhook do vínculo `{id}` removido: sem mais envios. Defina outro com uma `url`.",
    "staff.webhook.set":
      "🪝 O vínculo `{id}` agora envia cada mudança via POST para **{host}**, assinada conforme o Standard Webhooks.",
    "staff.webhook.verify":
      "Verifique o cabeçalho `webhook-signature` com este segredo (ele aparece uma vez). O resultado de cada envio aparece em `/server-link list`; rode de novo para trocar o segredo.",

    "staff.deny.premium": "A conta premium dele também fica vetada (UUID `{uuid}`), mesmo se mudar de nome.",
    "staff.deny.bedrock":
      "A conta Xbox dele também fica vetada (UUID do Floodgate `{uuid}`), seja qual for a gamertag.",
    "staff.deny.unavailable":
      "⚠️ Não foi possível falar com {service}, então {nick} fica vetado só pelo nome{before}: rode de novo mais tarde para vetar a conta também, mesmo se mudar de nome.",
    "staff.deny.before": " (e pelo UUID encontrado antes)",
    "staff.deny.now":
      "⛔ **{nick}** agora está vetado em **{whitelist}**{reason}. Registrá-lo é recusado, para membros e staff.",
    "staff.deny.still":
      "⛔ **{nick}** continua vetado em **{whitelist}**{reason}. Registrá-lo é recusado, para membros e staff.",
    "staff.deny.reason": ": {reason}",
    "staff.deny.noReason": " (sem motivo)",
    "staff.deny.removed":
      "Ele estava na whitelist ({nicks}, para {owners}) e foi removido; os cargos dados por ele foram retirados.",
    "staff.deny.undo": "Desfaça com {command}.",
    "staff.add.done": "✅ **{nick}** está em **{whitelist}** para {member}.",
    "staff.add.expires": "⏳ Expira {when}, e então sai junto com os cargos.",
    "staff.add.rolesRefused": "Não consegui dar {roles} a ele (detalhes no canal de log); o nick continua.",
    "staff.add.undo": "Desfaça com {command}.",
    "staff.guest.done": "✅ **{nick}** está em **{whitelist}** como seu convidado: {note}.",
    "staff.guest.noRoles":
      "Nenhum cargo é dado e não contam no limite de ninguém; ficam se você sair do servidor.",
    "staff.guest.expires": "⏳ São removidos sozinhos {when}.",
    "staff.guest.undo":
      "Desfaça com {remove}; quando entrarem no servidor, {transfer} passa o nick para eles.",
    "whitelist.floodgate": "Floodgate: {prefix}, {spaces} (a gamertag {gamertag} joga como {example})",
    "whitelist.floodgate.noPrefix": "sem prefixo",
    "whitelist.floodgate.prefix": "prefixo {prefix}",
    "whitelist.floodgate.spacesReplaced": "espaços como `_`",
    "whitelist.floodgate.spacesKept": "espaços mantidos",
    "whitelist.floodgate.gamertag": "Alex Pocket",
    "whitelist.created": "✅ **{name}** criada (id `{id}`): nicks {nickType}, {max} por membro.{floodgate}",
    "whitelist.created.floodgate": " {floodgate}.",
    "whitelist.how.command": "Os membros se registram com `/registrar` em {channel}.",
    "whitelist.how.message":
      "Os membros postam o nick como mensagem em {channel}; eu reajo com ✅ ou explico por que não.",
    "whitelist.how.message.paused":
      "⚠️ Os membros postam o nick como mensagem em {channel}, mas isso está pausado: {paused}",
    "whitelist.how.approval":
      "Os membros usam `/registrar` em {channel}; os pedidos aparecem no canal de log com os botões Aprovar e Recusar.{logChannel}",
    "whitelist.how.approval.noLogChannel": " Defina esse canal antes com `/whitelist log-channel`.",
    "whitelist.how.proof":
      "🔒 Primeiro eles comprovam a conta: entram em `{address}` no Minecraft Java e digitam o código que aparece com `/registrar code:` (adições da staff não precisam de prova e ficam marcadas como não verificadas).",
    "whitelist.how.proof.off":
      "⚠️ A prova é exigida, mas o servidor de vínculo deste serviço está desligado (LINK_PORT não está definido): os membros não conseguem comprovar nenhuma conta, então não conseguem se registrar até ele rodar. Adições da staff continuam funcionando.",
    "whitelist.created.next":
      "Próximo passo: defina os cargos exigidos, dados e de gestão com `/whitelist roles` e dê acesso ao seu servidor de jogo com `/server-link create`.",
    "whitelist.edited.nothing":
      "Nada para mudar: informe pelo menos uma destas opções: name, channel, mode, max-nicks, enabled, remove-on-leave, floodgate-prefix, replace-spaces, entry-lifetime, on-role-loss, proof, proof-window, nickname.",
    "whitelist.edited": "✅ **{name}** agora: {settings}.",
    "whitelist.edited.name": "nome **{name}**",
    "whitelist.edited.channel": "canal {channel}",
    "whitelist.edited.mode": "modo {mode}",
    "whitelist.edited.maxNicks": {
      one: "{count} nick por membro",
      many: "{count} de nicks por membro",
      other: "{count} nicks por membro",
    },
    "whitelist.state.open": "aberta",
    "whitelist.state.closed": "fechada para registros",
    "whitelist.state.paused": "pausada (veja abaixo)",
    "whitelist.edited.removeOnLeave": "nicks removidos quando os membros saem",
    "whitelist.edited.keepOnLeave": "nicks mantidos quando os membros saem",
    "whitelist.edited.lifetime": "duração das entradas: {lifetime}",
    "whitelist.edited.removeOnRoleLoss": "nicks removidos quando os membros perdem todos os cargos exigidos",
    "whitelist.edited.keepOnRoleLoss": "nicks mantidos quando os membros perdem todos os cargos exigidos",
    "whitelist.edited.nicknamesAlone": "apelidos dos membros intocados",
    "whitelist.edited.nicknames": "apelidos dos membros seguem **{template}**",
    "whitelist.edited.proof.required": "prova de posse exigida",
    "whitelist.edited.proof.firstJoin": "prova de posse na primeira entrada",
    "whitelist.edited.proof.off": "nenhuma prova de posse pedida",
    "whitelist.edited.proofWindow": "{window} para comprovar um nick na primeira entrada",
    "whitelist.respelled": {
      one: "{count} nick do Bedrock reescrito para combinar (enviado como uma remoção e uma adição).",
      many: "{count} de nicks do Bedrock reescritos para combinar (cada um enviado como uma remoção e uma adição).",
      other:
        "{count} nicks do Bedrock reescritos para combinar (cada um enviado como uma remoção e uma adição).",
    },
    "whitelist.respelled.clashes": {
      one: "{count} manteve a grafia antiga: outro nick já tem a nova (veja o log do serviço).",
      many: "{count} de nicks mantiveram a grafia antiga: outro nick já tem a nova (veja o log do serviço).",
      other: "{count} mantiveram a grafia antiga: outro nick já tem a nova (veja o log do serviço).",
    },
    "whitelist.respelled.pending": {
      one: "{count} ainda espera o GeyserMC dar o XUID; tentamos de novo a cada 10 minutos.",
      many: "{count} de nicks ainda esperam o GeyserMC dar o XUID; tentamos de novo a cada 10 minutos.",
      other: "{count} ainda esperam o GeyserMC dar o XUID; tentamos de novo a cada 10 minutos.",
    },
    "whitelist.edited.lifetimeNote":
      "Os nicks já registrados mantêm a expiração que tinham; a nova duração vale a partir de agora.",
    "whitelist.edited.proofNote":
      "Os nicks já registrados ficam; só os novos registros precisam de uma conta comprovada.",
    "whitelist.edited.settled": {
      one: "{count} nick que aguardava a prova na primeira entrada fica, não verificado, e não espera mais.",
      many: "{count} de nicks que aguardavam a prova na primeira entrada ficam, não verificados, e não esperam mais.",
      other:
        "{count} nicks que aguardavam a prova na primeira entrada ficam, não verificados, e não esperam mais.",
    },
    "whitelist.edited.windowNote":
      "Os nicks aguardando a prova mantêm o prazo que tinham; o novo vale a partir de agora.",
    "whitelist.edited.nicknamesStop":
      "Os apelidos que o bot definiu ficam até a próxima mudança de cada membro, que devolve o que ele tinha.",
    "whitelist.edited.nicknamesFollow":
      "O apelido de cada membro passa a seguir a partir do próximo registro, renomeação, transferência ou remoção (nada é renomeado agora); o que ele tinha volta quando o último nick sai.",
    "whitelist.edited.closedHow": "Os registros estão fechados; reabra com `enabled:True`.",
    "whitelist.edited.seeAll": "Veja todas as configurações com `/whitelist show`.",
    "whitelist.show.staffHint":
      "A staff muda as configurações com `/whitelist edit` e os cargos com `/whitelist roles`.",
    "whitelist.show.description": "id `{id}` · {status}",
    "whitelist.show.field.channel": "Canal",
    "whitelist.show.field.nickType": "Tipo de nick",
    "whitelist.show.field.mode": "Modo",
    "whitelist.show.field.perMember": "Nicks por membro",
    "whitelist.show.field.nicks": "Nicks",
    "whitelist.show.field.pending": "Pedidos pendentes",
    "whitelist.show.field.onLeave": "Ao sair",
    "whitelist.show.field.lifetime": "Duração das entradas",
    "whitelist.show.field.proof": "Prova de posse",
    "whitelist.show.field.form": "Formulário",
    "whitelist.show.field.nicknames": "Apelidos",
    "whitelist.show.field.banSync": "Sincronização de banimentos (servidor)",
    "whitelist.show.field.onRoleLoss": "Na perda de cargo",
    "whitelist.show.field.required": "Cargos exigidos",
    "whitelist.show.field.granted": "Cargos dados",
    "whitelist.show.field.manager": "Cargos de gestão",
    "whitelist.show.field.ranks": "Ranks (grupo do jogo ← quem está nele)",
    "whitelist.show.field.roleLimits": "Limites de nicks por cargo",
    "whitelist.show.field.denied": "Nicks vetados",
    "whitelist.show.field.bedrock": "Bedrock",
    "whitelist.show.field.uuidsPending": "⚠️ UUIDs do Bedrock pendentes",
    "whitelist.show.field.problems": "⚠️ Problemas",
    "whitelist.show.field.paused": "⚠️ Os registros por mensagem estão pausados",
    "whitelist.show.field.departures": "⚠️ As saídas não são vistas",
    "whitelist.show.field.roleLoss": "⚠️ As perdas de cargo não são vistas",
    "whitelist.show.nicks": "{nicks} ({verified}{awaiting})",
    "whitelist.show.verified": {
      one: "{count} verificado",
      many: "{count} de nicks verificados",
      other: "{count} verificados",
    },
    "whitelist.show.awaiting": {
      one: ", {count} aguardando prova",
      many: ", {count} de nicks aguardando prova",
      other: ", {count} aguardando prova",
    },
    "whitelist.show.nicksRemoved": "nicks removidos",
    "whitelist.show.nicksKept": "nicks mantidos",
    "whitelist.show.proof.off": "off: qualquer nick pode ser registrado",
    "whitelist.show.proof.firstJoin":
      "first-join: os membros comprovam a conta na primeira entrada no servidor de jogo, em até {window}",
    "whitelist.show.proof.required": "required: os membros comprovam a conta Java em `{address}`",
    "whitelist.show.proof.linkOff":
      "required, mas o servidor de vínculo está desligado (LINK_PORT não definido): os membros não conseguem comprovar conta",
    "whitelist.show.form": {
      one: "{count} pergunta: `/whitelist form show`",
      many: "{count} de perguntas: `/whitelist form show`",
      other: "{count} perguntas: `/whitelist form show`",
    },
    "whitelist.show.nicknames.alone": "intocados",
    "whitelist.show.nicknames": "seguem o nick: **{template}**",
    "whitelist.show.banSync.on": "ligada: um banimento no Discord veta os nicks do membro",
    "whitelist.show.banSync.off": "desligada",
    "whitelist.show.required.none": "nenhum: qualquer um pode se registrar",
    "whitelist.show.manager.none": "nenhum: só “Gerenciar servidor”",
    "whitelist.show.bedrock": "{floodgate}.",
    "whitelist.show.uuidsPending": {
      one: "{count} nick espera o GeyserMC dar o XUID, então o `whitelist.json` ainda não pode deixá-lo entrar. Ele é pedido a cada 10 minutos.",
      many: "{count} de nicks esperam o GeyserMC dar o XUID, então o `whitelist.json` ainda não pode deixá-los entrar. Eles são pedidos a cada 10 minutos.",
      other:
        "{count} nicks esperam o GeyserMC dar o XUID, então o `whitelist.json` ainda não pode deixá-los entrar. Eles são pedidos a cada 10 minutos.",
    },
    "whitelist.show.denials.count": {
      one: "{count} nick; a staff vê qual.",
      many: "{count} de nicks; a staff vê quais.",
      other: "{count} nicks; a staff vê quais.",
    },
    "whitelist.show.denials.header": {
      one: "{count} nick:",
      many: "{count} de nicks:",
      other: "{count} nicks:",
    },
    "whitelist.show.denials.reason": ": {reason}",
    "whitelist.show.denials.more": "… e mais {count} (um por vez: `/whitelist whois`)",
    "error.whitelist.name": "O nome de uma whitelist tem de 1 a 32 letras, dígitos, `-` ou `_`.",
    "error.whitelist.maxNicks": "O máximo de nicks por membro precisa ser um número inteiro de pelo menos 1.",
    "error.whitelist.floodgatePrefix":
      "Um prefixo do Floodgate tem até 15 caracteres imprimíveis sem espaços, como `username-prefix` no config.yml do Floodgate (padrão `.`). O Floodgate usa `.` sem avisar no lugar de um prefixo de 16 caracteres ou mais: se o seu é desse tamanho, seus jogadores do Bedrock recebem `.`, então defina `.` aqui.",
    "error.whitelist.onRoleLoss": "on-role-loss é um destes: {allowed}.",
    "error.whitelist.proof": "proof é um destes: {allowed}.",
    "error.whitelist.types": "{list} e {last}",
    "error.whitelist.proof.required":
      "A prova de posse antes do registro é para whitelists {types}: nicks {nickType} não podem ser comprovados com um login Java.",
    "error.whitelist.proof.firstJoin":
      "A prova na primeira entrada é para whitelists {types}: nicks {nickType} não têm conta para comprovar.",
    "error.whitelist.nameTaken": "Já existe uma whitelist chamada “{name}”.",
    "error.whitelist.nameLookalike":
      "Uma whitelist chamada “{name}” seria confundida com “{existing}”, que já existe.",
    "error.whitelist.messageChannel":
      "Esse canal já recebe registros no modo mensagem para {whitelist}, e uma mensagem só pode registrar em uma whitelist: escolha outro canal ou outro modo.",
    "error.duration.format":
      "um número inteiro e uma unidade: `30m` (minutos), `12h` (horas) ou `7d` (dias), de 1 minuto a 366 dias",
    "error.duration.empty": "Nenhuma duração informada. Informe {format}.",
    "error.duration.invalid": "“{typed}” não é uma duração. Informe {format}.",
    "error.duration.typed": "`{typed}`",
    "error.lifetime.tooShort":
      "{duration} é curto demais: uma entrada pode durar de 1 minuto a 366 dias (`1m` a `366d`).",
    "error.lifetime.tooLong":
      "{duration} é longo demais: uma entrada pode durar de 1 minuto a 366 dias (`1m` a `366d`).",
    "error.lifetime.whole": "A duração de uma entrada é em segundos inteiros; recebido: {seconds}.",
    "error.proofWindow": "Um prazo de prova vai de 10 minutos a 30 dias (10m a 30d); recebido: {window}.",
    "error.nicknameTemplate.example":
      "Escreva com `{mc}` para o nome do Minecraft, por ex. `{discord} ({mc})` ou `{mc}`.",
    "error.nicknameTemplate.mcOnce":
      "Um modelo de apelido cita o nome do Minecraft exatamente uma vez. {example}",
    "error.nicknameTemplate.discordOnce":
      "Um modelo de apelido cita o nome do Discord no máximo uma vez. {example}",
    "error.nicknameTemplate.invalid":
      "“{template}” não é um modelo de apelido: os únicos marcadores são `{mc}` e `{discord}`, em uma linha. {example}",
    "error.nicknameTemplate.long":
      "Um modelo de apelido tem no máximo {own} caracteres além dos marcadores, para que qualquer nome do Minecraft (até {mcMax}) caiba nos {max} do Discord.",
    "staff.delete.preview":
      "Excluir **{whitelist}** remove os {nicks} dela (os cargos dados por eles são retirados), descarta os pedidos pendentes e revoga {keys} limitadas a ela. Nada mudou ainda: rode {command} para seguir.",
    "staff.delete.done":
      "🗑️ **{whitelist}** excluída: {nicks} removidos, {keys} revogadas. Servidores de jogo com uma chave do servidor inteiro recebem 404 para ela a partir de agora; crie outra com `/whitelist create`.",

    "account.premium": "premium, UUID {uuid}",
    "account.notPremium": "não premium",
    "account.offline": "nick offline, não consultado",
    "account.bedrock": "gamertag do Bedrock {gamertag}, {uuid}",
    "account.bedrock.uuid": "UUID do Floodgate {uuid}",
    "account.bedrock.waiting": "o UUID espera o GeyserMC",

    "log.origin.discord": "Discord",
    "log.origin.api": "API/plugin",
    "log.origin.memberLeft": "membro saiu",
    "log.origin.staff": "staff",
    "log.origin.system": "whitelist-sync",
    "log.origin.roleLost": "cargo perdido",
    "log.origin.expired": "expirado",
    "log.origin.renamed": "renomeado (Mojang)",
    "log.origin.roles": "cargos",
    "log.groups.title": "Ranks alterados",
    "log.groups": "**{nick}** em **{whitelist}**",
    "log.groups.field.joined": "Entrou em",
    "log.groups.field.left": "Saiu de",
    "log.groups.field.now": "Agora em",
    "log.ranks.mapped.title": "Rank associado",
    "log.ranks.unmapped.title": "Associação de rank removida",
    "log.ranks": "`{group}` ← {holders} em **{whitelist}**",
    "log.ranks.field.changed": "Nicks reagrupados",
    "log.field.member": "Membro",
    "log.field.by": "Por",
    "log.field.origin": "Origem",
    "log.field.account": "Conta",
    "log.field.verified": "Verificada",
    "log.field.expires": "Expira",
    "log.field.why": "Por quê",
    "log.field.reason": "Motivo",
    "log.field.request": "Pedido",
    "log.field.access": "Acesso",
    "log.field.nicks": "Nicks",
    "log.field.approvedBy": "Aprovado por",
    "log.field.rejectedBy": "Recusado por",
    "log.field.guest": "Convidado",
    "log.byKey": "chave de vínculo “{key}”",
    "log.guestOf": "de {member}: {note}",
    "log.added.title": "Nick adicionado",
    "log.removed.title": "Nick removido",
    "log.added": "**{nick}** adicionado a **{whitelist}**",
    "log.removed": "**{nick}** removido de **{whitelist}**",
    "log.verified.yes": "sim: comprovada pelo membro",
    "log.verified.no": "não",
    "log.verified.awaiting": "ainda não: aguardando a prova na primeira entrada, até {until}",
    "log.provenBy": "{member} comprovou ser dono desta conta (um dono por conta em cada servidor).",
    "log.event": "evento {id}",
    "log.events": "eventos {first}–{last}",
    "log.renamed.title": "Nick renomeado",
    "log.renamed": "**{old}** agora é **{nick}** em **{whitelist}**",
    "log.roles.grant.title": "Não foi possível dar cargos",
    "log.roles.revoke.title": "Não foi possível remover cargos",
    "log.roles.for": "Para {member} (**{nick}**):",
    "log.roles.imported": {
      one: "{count} nick importado",
      many: "{count} de nicks importados",
      other: "{count} nicks importados",
    },
    "log.roleReason.permission":
      "permissão faltando: dê ao bot “Gerenciar cargos” e coloque o cargo dele acima deste",
    "log.roleReason.unknownRole": "o cargo não existe mais",
    "log.roleReason.unknownMember": "o membro não está mais no servidor",
    "log.roleReason.managed":
      "uma integração (um bot ou o impulso do servidor) gerencia este cargo, então ninguém pode dá-lo nem tirá-lo: escolha outro cargo com /whitelist roles",
    "log.roleReason.refused": "O Discord recusou ({code}: {message})",
    "log.roleReason.unreachable": "Não foi possível falar com o Discord ({message})",
    "log.roleReason.botUnreachable": "O bot não conseguiu falar com o Discord ({message}).",
    "log.roleReason.offline": "O bot do Discord não está conectado (sem DISCORD_TOKEN).",
    "log.roleReason.unconfirmedGrant": "O Discord não confirmou que o cargo foi dado.",
    "log.roleReason.unconfirmedRevoke": "O Discord não confirmou que o cargo foi removido.",
    "log.request.title": "Pedido de registro",
    "log.request": "{member} pede **{nick}** em **{whitelist}**",
    "log.request.footer": "Staff desta whitelist: aprove ou recuse abaixo.",
    "log.request.cut": "Respostas longas são cortadas aqui: /whitelist member as mostra inteiras.",
    "log.request.approve": "Aprovar",
    "log.request.reject": "Recusar",
    "log.request.cancelled.title": "Pedido cancelado",
    "log.request.cancelled": "O pedido de {member} para **{nick}** foi cancelado: {because}.",
    "log.request.cancelled.deleted": "a staff excluiu **{whitelist}**",
    "log.request.cancelled.left": "ele saiu do servidor",
    "log.request.approved.title": "Pedido aprovado",
    "log.request.rejected.title": "Pedido recusado",
    "log.request.decided": "**{nick}** em **{whitelist}** para {member}",
    "log.access.remove": "lê e remove",
    "log.access.read": "somente leitura",
    "log.key.created.title": "Chave de vínculo criada",
    "log.key.revoked.title": "Chave de vínculo revogada",
    "log.key": "**{name}** (`{id}`) para {scope}",
    "log.scope.server": "o servidor inteiro",
    "log.scope.whitelist": "a whitelist **{whitelist}**",
    "log.scope.deleted": "uma whitelist excluída",
    "log.webhook.set.title": "Webhook definido",
    "log.webhook.cleared.title": "Webhook removido",
    "log.webhook.set": "O vínculo **{name}** (`{id}`) agora envia seus eventos para **{host}**",
    "log.webhook.cleared": "O vínculo **{name}** (`{id}`) não envia mais eventos",
    "log.denied.title": "Nick vetado",
    "log.allowed.title": "Nick liberado de novo",
    "log.denial": "**{nick}** em **{whitelist}**",
    "log.denial.uuid": "UUID {uuid}",
    "log.denial.byName": "só pelo nome",
    "log.deleted.title": "Whitelist excluída",
    "log.deleted": "**{whitelist}** (`{id}`) não existe mais: {nicks} removidos, {keys} revogadas.",
    "log.count.nicks": { one: "{count} nick", many: "{count} de nicks", other: "{count} nicks" },
    "log.count.keys": {
      one: "{count} chave de vínculo",
      many: "{count} de chaves de vínculo",
      other: "{count} chaves de vínculo",
    },
    "log.imported.title": "Nicks importados",
    "log.imported": "{added} de **{file}** ({lines}) adicionados a **{whitelist}**, em nome de {member}",
    "log.count.names": { one: "{count} nome", many: "{count} de nomes", other: "{count} nomes" },
    "log.transfer.title": "Nick transferido",
    "log.transfer": "**{nick}** em **{whitelist}**: {from} → {to}",
    "log.transfer.guestOf": "um convidado de {member}",
    "log.list.item": "• **{nick}** de **{whitelist}**",
    "log.list.deleted": "• **{nick}** ({member})",
    "log.list.more": "… e mais {count}: a lista completa está anexada.",
    "log.left.title": "Membro saiu",
    "log.roleLost.title": "Cargo exigido perdido",
    "log.left": {
      one: "{member} saiu do servidor: {count} nick removido.",
      many: "{member} saiu do servidor: {count} de nicks removidos.",
      other: "{member} saiu do servidor: {count} nicks removidos.",
    },
    "log.roleLost": {
      one: "{member} não tem mais nenhum cargo que as whitelists dele exigem: {count} nick removido.",
      many: "{member} não tem mais nenhum cargo que as whitelists dele exigem: {count} de nicks removidos.",
      other: "{member} não tem mais nenhum cargo que as whitelists dele exigem: {count} nicks removidos.",
    },
    "log.channel.title": "Canal de log",
    "log.channel":
      "{member} escolheu este canal para o log do whitelist-sync: entradas, saídas, pedidos de aprovação e problemas de cargos.",
    "log.intent.title": "O Discord não concede o {intent}",
    "log.intent":
      "Enquanto estiver desligado, {without}.{paused}\nPara corrigir: ligue **{intent}** em {portal} e reinicie o whitelist-sync.",
    "log.intent.paused": " Pausadas: {whitelists}.",
    "log.file.departed": "nicks-removidos-{member}.txt",
    "log.file.deleted": "{whitelist}-removidos.txt",
    "log.file.item": "{nick} de {whitelist}",
    "log.file.deletedItem": "{nick} ({member})",
    "log.ban.title": "Membro banido: nicks negados",
    "log.ban":
      '{member} foi banido no Discord. Os nicks ficam negados ("{reason}") até o banimento ser retirado.',
    "log.ban.removed":
      '{member} foi banido no Discord. Os nicks ficam negados ("{reason}") até o banimento ser retirado; {nicks} removidos das whitelists.',
    "log.ban.denied": "• **{whitelist}**: {nicks}",
    "log.ban.kept": "• **{whitelist}**, já negados: {nicks}",
    "log.ban.none": "Não tinha nenhum nick.",
    "log.unban.title": "Banimento retirado: negações suspensas",
    "log.unban":
      "O banimento de {member} no Discord foi retirado. O que o banimento negou pode ser registrado de novo (nada é adicionado de volta; negações da staff continuam):",
    "log.unban.lifted": "• **{whitelist}**: {nicks}",

    "intent.portal":
      "Bot → Privileged Gateway Intents no portal de desenvolvedores do Discord (https://discord.com/developers/applications)",
    "intent.serverMembers.without":
      "membros que saem mantêm seus nicks, assim como membros que perdem os cargos exigidos de uma whitelist (nenhuma das duas coisas é vista, e a verificação do que aconteceu offline, ao iniciar e após reconectar, fica desligada); remova os nicks deles com /whitelist remove",
    "intent.messageContent.without":
      "as whitelists no modo mensagem ficam pausadas, porque o bot não consegue ler os nicks postados lá; membros que postam ou usam /registrar lá são avisados",
    "intent.pausedForStaff":
      "O Discord não deixa o bot ler mensagens. Ligue **Message Content Intent** em {portal} e reinicie o whitelist-sync.",
    "intent.departuresUnseen":
      "O Discord não avisa o bot de quem sai, então os nicks ficam até serem removidos à mão. Ligue **Server Members Intent** em {portal} e reinicie o whitelist-sync.",
    "intent.roleLossUnseen":
      "O Discord não avisa o bot quando membros perdem cargos, então os nicks de membros sem cargo exigido ficam até serem removidos à mão. Ligue **Server Members Intent** em {portal} e reinicie o whitelist-sync.",
    "permission.AddReactions": "“Adicionar reações”",
    "permission.Administrator": "“Administrador”",
    "permission.BanMembers": "“Banir membros”",
    "permission.ViewAuditLog": "“Ver registro de auditoria”",
    "permission.ManageNicknames": "“Gerenciar apelidos”",
    "permission.ViewChannel": "“Ver canais”",
    "permission.SendMessages": "“Enviar mensagens”",
    "permission.EmbedLinks": "“Inserir links”",
    "permission.AttachFiles": "“Anexar arquivos”",
    "permission.ReadMessageHistory": "“Ver histórico de mensagens”",
    "permission.ManageRoles": "“Gerenciar cargos”",
    "setup.list": "{first}, {rest}",
    "setup.rolesPlace": "Configurações do servidor → Cargos",
    "setup.turnOn.fix": "ative {permission} para o cargo do bot em {place}",
    "setup.server.ok": "o bot tem todas as permissões que usa em {server}",
    "setup.server.lacks": "falta ao bot em {server}: {permissions}",
    "setup.server.lacks.fix":
      "ative {permissions} para o cargo do bot em {place} (ou convide-o de novo com o link de `whitelist-sync invite`, que pede essas permissões)",
    "setup.banSync":
      "a sincronização de banimentos está ligada em {server}, mas o Discord não avisa o bot de nenhum banimento: falta {permission}",
    "setup.nickname.owner": "é o dono do servidor, e o Discord não deixa nenhum bot mudar o apelido do dono",
    "setup.nickname.above":
      "o cargo mais alto dele está no nível do meu ({role}) ou acima: arraste {role} para cima dele em {place}",
    "setup.nickname.permission": "falta {permission} para mim: ative para {role} em {place}",
    "setup.logChannel.gone": "o canal de log ({id}) não existe mais em {server}",
    "setup.chooseAnother.fix": "escolha outro com {command}",
    "setup.channel.log": "o canal de log {channel}",
    "setup.channel.whitelist": "o canal {channel} de {whitelist}",
    "setup.channel.post": "{where}: consigo ler e postar lá",
    "setup.channel.react": "{where}: consigo ler, responder e reagir lá",
    "setup.channel.lacks": "{where}: falta {permissions} para mim lá",
    "setup.channel.lacks.fix":
      "permita {permissions} para o bot (ou o cargo dele) em Editar canal → Permissões de {channel}",
    "setup.whitelist.channelGone": "{whitelist}: o canal dela ({id}) não existe mais",
    "setup.whitelist.roleGone.required": "{whitelist}: um cargo exigido ({id}) não existe mais",
    "setup.whitelist.roleGone.manager": "{whitelist}: um cargo de gestão ({id}) não existe mais",
    "setup.whitelist.roleGone.granted": "{whitelist}: um cargo dado ({id}) não existe mais",
    "setup.whitelist.setRoles.fix": "defina os cargos dela de novo com {command}",
    "setup.whitelist.managed": "{whitelist}: não consigo dar {role}: uma integração gerencia esse cargo",
    "setup.whitelist.managed.fix": "dê um cargo próprio no lugar com {command}",
    "setup.whitelist.cannotGrant": "{whitelist}: não consigo dar {role}: falta {permission} para mim",
    "setup.whitelist.below": "{whitelist}: não consigo dar {role}: meu cargo está abaixo dele",
    "setup.whitelist.below.fix": "arraste o cargo do bot ({bot}) para cima de {role} em {place}",
    "setup.whitelist.canGrant": "{whitelist}: consigo dar {role}",
    "setup.whitelist.nicknames.ok": "{whitelist}: consigo definir os apelidos dos membros",
    "setup.whitelist.nicknames.lacks":
      "{whitelist}: os apelidos dos membros devem seguir o nome no Minecraft, mas falta {permission} para mim",
    "setup.whitelist.messageContent":
      "{whitelist} registra por mensagem, mas o Message Content Intent está desligado: os nicks dos membros não podem ser lidos",
    "setup.whitelist.messageContent.fix": "ligue o Message Content Intent em {portal}, ou {command}",
    "setup.whitelist.noLogChannel":
      "{whitelist} precisa da aprovação da staff, mas nenhum canal de log está definido para postar os pedidos",
    "setup.whitelist.noLogChannel.fix": "defina um com {command}",
    "setup.warning": "⚠️ {title}. Como resolver: {fix}.",
    "access.rolesUnseen":
      "⚠️ O Discord não me deixa ver os cargos dos membros (o Server Members Intent está desligado), então membros sem cargo exigido ficam com os nicks até serem removidos à mão.",
    "access.allHold": "Todo membro com um nick nela tem um dos cargos exigidos dela.",
    "access.removed": {
      one: "{count} nick de um membro sem nenhum dos cargos exigidos dela foi removido (origem: cargo perdido).",
      many: "{count} de nicks de membros sem nenhum dos cargos exigidos dela foram removidos (origem: cargo perdido).",
      other:
        "{count} nicks de membros sem nenhum dos cargos exigidos dela foram removidos (origem: cargo perdido).",
    },
    "ranks.oneHolder":
      "Diga quem está no grupo com uma só opção: `role`, ou `members` (todos na whitelist, ou suas contas verificadas).",
    "ranks.holder.everyone": "todos na whitelist",
    "ranks.holder.verified": "contas verificadas",
    "ranks.line": "`{group}` ← {holders}",
    "ranks.added":
      "{holder} → `{group}` em **{whitelist}**: os agentes dos servidores de jogo dão a cada jogador o seu grupo.",
    "ranks.addedAgain": "{holder} já está em `{group}` em **{whitelist}**: nada mudou.",
    "ranks.changed": "Nicks cujos grupos mudaram: {count}.",
    "ranks.removed": "`{group}` em **{whitelist}** não segue mais {holders}.",
    "ranks.noneRemoved": "**{whitelist}** não associa nada a `{group}`: nada mudou.",
    "ranks.noneRemoved.holder": "**{whitelist}** não coloca {holder} em `{group}`: nada mudou.",
    "ranks.rolesUnseen":
      "⚠️ O Discord não dá ao bot o intent Server Members: ele não vê nenhuma mudança de cargo, então os grupos seguem os cargos que os membros tinham ao se registrar até que seja ativado.",
    "ranks.list.none":
      "**{whitelist}** não associa nenhum cargo a um grupo do jogo. Adicione um com `/whitelist ranks add`.",
    "ranks.list.header": "Ranks de **{whitelist}** (grupo do jogo ← quem está nele):",
    "ranks.list.how":
      "Os servidores de jogo os aplicam pelo agente `sync` (`--groups luckperms`, `--on-group-add`, ou o permissions.json de um servidor Bedrock).",
    "roleLimit.usage":
      "Escreva o limite de nicks de um cargo como `<cargo>=<número>` (1-{max}), por exemplo `@Doador=3`, ou `@Doador=none` para tirar; o cargo pela menção, pelo ID ou pelo nome exato.",
    "roleLimit.ambiguous": "Vários cargos se chamam “{name}”: informe a menção ou o ID do cargo no lugar.",
    "roleLimit.unknownName":
      "Não há nenhum cargo “{name}” neste servidor, então nenhum limite foi definido. Escolha pela menção (digite @ e o nome), pelo ID ou pelo nome exato.",
    "roleLimit.unknownId":
      "Não há nenhum cargo com o ID {id} neste servidor, então nenhum limite foi definido. Escolha pela menção (digite @ e o nome), pelo ID ou pelo nome exato.",
    "roleLimit.notNumber":
      "O limite de nicks de um cargo é um número inteiro de 1 a {max}, ou none para tirar; “{value}” não é nenhum dos dois.",
    "roleLimit.none": "nenhum (cada membro: {max}, max-nicks)",
    "roleLimit.others": " (um membro fica com o maior dos seus cargos; {max} sem nenhum, max-nicks)",
    "roleLimit.more": " … e mais {count}",
    "roles.list.required": "Exigidos (um deles deixa um membro se registrar)",
    "roles.list.granted": "Dados no registro",
    "roles.list.manager": "Gestão (adicionar e remover os nicks de qualquer um)",
    "roles.everyone": "@everyone não pode ser usado aqui; escolha um cargo de verdade.",
    "roles.header": "Cargos de **{whitelist}**:",
    "roles.header.changed": "✅ Cargos de **{whitelist}**:",
    "roles.line": "• {label}: {roles}",
    "roles.limits": "• Limites de nicks por cargo: {limits}",
    "roles.how":
      "Mude uma lista com `add-…`/`remove-…` (um cargo por vez), ou esvazie com `clear`; defina o limite de nicks de um cargo com `limit:@Cargo=3` (`@Cargo=none` tira).",
    "import.outcome.added": "adicionado",
    "import.outcome.wouldBeAdded": "seria adicionado",
    "import.outcome.already": "já estava lá",
    "import.outcome.invalid": "inválido",
    "import.outcome.denied": "vetado",
    "import.outcome.unchecked": "não verificado",
    "import.outcome.refused": "recusado",
    "import.format.plain": "uma lista simples",
    "import.format.easywhitelist": "um config.yml do EasyWhitelist",
    "import.format.vanilla": "um whitelist.json do Minecraft",
    "import.file": "**{file}** ({format}, {names})",
    "import.tally": "{label}: {count}",
    "import.dryRun": "🔎 Simulação de {file} em **{whitelist}** para {member}: nada foi alterado.",
    "import.done": "📥 {file} importado em **{whitelist}** para {member}.",
    "import.unchecked": {
      one: "⏳ {count} nome não pôde ser consultado, então nada foi salvo para ele: importe o mesmo arquivo de novo mais tarde (o que já estiver na whitelist vai aparecer como “{already}”).",
      many: "⏳ {count} de nomes não puderam ser consultados, então nada foi salvo para eles: importe o mesmo arquivo de novo mais tarde (o que já estiver na whitelist vai aparecer como “{already}”).",
      other:
        "⏳ {count} nomes não puderam ser consultados, então nada foi salvo para eles: importe o mesmo arquivo de novo mais tarde (o que já estiver na whitelist vai aparecer como “{already}”).",
    },
    "import.rolesRefused":
      "Não consegui dar {roles} a {member} (detalhes no canal de log); os nicks continuam.",
    "import.next":
      "Cada nome e o que aconteceu com ele está no arquivo anexo `{file}`. Transfira os nicks para os jogadores com `/whitelist transfer`.",
    "import.next.dryRun":
      "Cada nome e o que aconteceu com ele está no arquivo anexo `{file}`. Rode o comando de novo sem `dry-run` para importar.",
    "import.detail.taken": "já está em {whitelist}",
    "import.detail.held": "já está em {whitelist} ({nick})",
    "import.detail.notPremium": "não é uma conta premium; {whitelist} só aceita contas premium",
    "import.detail.unreachable":
      "não foi possível falar com {service}: não verificado, importe o arquivo de novo",
    "import.detail.earlier": "já listado antes, na linha {line}",
    "import.detail.meanwhile": "registrado em {whitelist} nesse meio-tempo",
    "import.detail.notStored": "não salvo: {reason}",
    "import.detail.unexpected": "um erro inesperado parou a importação (ele foi registrado)",
    "import.refused.noNick": {
      one: "A {count} linha de {file} não é um nick que {whitelist} aceita, então não é uma lista de nicks. {attach}",
      many: "Nenhuma das {count} de linhas de {file} é um nick que {whitelist} aceita, então não é uma lista de nicks. {attach}",
      other:
        "Nenhuma das {count} linhas de {file} é um nick que {whitelist} aceita, então não é uma lista de nicks. {attach}",
    },

    "dashboard.skip": "Pular para o conteúdo",
    "dashboard.signedInAs": "Conectado como {name}",
    "dashboard.signOut": "Sair em todos os lugares",
    "dashboard.nav.server": "Páginas de {server}",
    "dashboard.yes": "sim",
    "dashboard.no": "não",
    "dashboard.signIn.title": "Entrar",
    "dashboard.signIn.intro":
      "O painel do whitelist-sync mostra os servidores em que você está, com o que o Discord deixa você ver lá: à equipe suas whitelists, pedidos e registro; aos membros seus próprios nicks.",
    "dashboard.signIn.button": "Entrar com o Discord",
    "dashboard.signIn.signedOut":
      "Você saiu, em todos os dispositivos, e o acesso pelo Discord foi revogado.",
    "dashboard.error.title": "Não é possível",
    "dashboard.error.back": "Voltar aos seus servidores",
    "dashboard.error.notFound": "Não há nada aqui, ou nada que você possa ver.",
    "dashboard.error.forbidden":
      "Recusado: não veio da sua própria página do painel, ou você não está conectado. Abra a página de novo e tente outra vez.",
    "dashboard.error.internal": "Algo deu errado do nosso lado; foi registrado. Tente mais tarde.",
    "dashboard.error.discord": "Não foi possível falar com o Discord. Tente de novo em um minuto.",
    "dashboard.error.badForm":
      "O formulário não foi preenchido como esperado. Abra a página de novo e tente outra vez.",
    "dashboard.error.memberLeft":
      "Este membro não está mais no servidor, então o pedido dele não pode ser aprovado.",
    "dashboard.error.signInExpired": "Este login expirou ou foi iniciado em outro navegador. Entre de novo.",
    "dashboard.error.signInCancelled": "O login foi cancelado no Discord.",
    "dashboard.error.signInRefused": "O Discord recusou o login. Entre de novo.",
    "dashboard.servers.title": "Seus servidores",
    "dashboard.servers.none":
      "Nenhum dos seus servidores usa o whitelist-sync, ou não há nada neles que você possa ver.",
    "dashboard.access.server": "você gerencia este servidor",
    "dashboard.access.manager": "você gerencia {whitelists}",
    "dashboard.access.member": "seus próprios nicks",
    "dashboard.tab.overview": "Whitelists",
    "dashboard.tab.requests": "Pedidos",
    "dashboard.tab.log": "Registro",
    "dashboard.tab.keys": "Chaves de ligação",
    "dashboard.tab.me": "Minha página",
    "dashboard.overview.title": "Whitelists",
    "dashboard.overview.member":
      "Você é membro aqui: sua página mostra seus nicks, contas vinculadas e pedidos.",
    "dashboard.overview.yours": "Sua página",
    "dashboard.overview.whitelists": "Whitelists que você vê",
    "dashboard.overview.noWhitelists": "Nenhuma whitelist aqui que você possa ver.",
    "dashboard.overview.settings": "Configurações",
    "dashboard.overview.requests": "Pedidos",
    "dashboard.overview.pending": {
      one: "{count} pedido aguardando",
      many: "{count} de pedidos aguardando",
      other: "{count} pedidos aguardando",
    },
    "dashboard.overview.activity": "Registros e remoções",
    "dashboard.whitelist.open": "aberta",
    "dashboard.whitelist.closed": "fechada",
    "dashboard.column.name": "Nome",
    "dashboard.column.nickType": "Tipo de nick",
    "dashboard.column.mode": "Registro",
    "dashboard.column.state": "Estado",
    "dashboard.column.nick": "Nick",
    "dashboard.column.owner": "Membro",
    "dashboard.column.details": "Detalhes",
    "dashboard.column.added": "Adicionado",
    "dashboard.column.remove": "Remover",
    "dashboard.column.when": "Quando",
    "dashboard.column.change": "Mudança",
    "dashboard.column.whitelist": "Whitelist",
    "dashboard.column.by": "Por",
    "dashboard.column.origin": "Origem",
    "dashboard.column.reason": "Motivo",
    "dashboard.chart.caption": "Registros e remoções por dia, os últimos {days} dias (UTC).",
    "dashboard.chart.day": "{day}: {added} adicionados, {removed} removidos",
    "dashboard.chart.added": "adicionados",
    "dashboard.chart.removed": "removidos",
    "dashboard.chart.asTable": "O mesmo em tabela",
    "dashboard.chart.dayColumn": "Dia",
    "dashboard.entries.title": "Entradas de {whitelist}",
    "dashboard.entries.caption": "Os nicks em {whitelist}",
    "dashboard.entries.search": "O nick começa com",
    "dashboard.entries.filter": "Estado",
    "dashboard.entries.kind": "Tipo",
    "dashboard.entries.apply": "Mostrar",
    "dashboard.entries.none": "Nenhuma entrada corresponde.",
    "dashboard.entries.pages": "Páginas",
    "dashboard.entries.first": "Primeira página",
    "dashboard.entries.next": "Próxima página",
    "dashboard.entries.export": "Baixar",
    "dashboard.entries.reason": "Motivo (opcional)",
    "dashboard.entries.reasonFor": "Motivo para remover {nick}",
    "dashboard.entries.remove": "Remover",
    "dashboard.entries.confirm": "Remover {nick} da whitelist?",
    "dashboard.entries.removed": "{nick} foi removido.",
    "dashboard.filter.all": "todas",
    "dashboard.filter.verified": "verificadas",
    "dashboard.filter.awaiting-proof": "aguardando prova",
    "dashboard.filter.expiring": "que expiram",
    "dashboard.kind.any": "qualquer",
    "dashboard.kind.premium": "Java, original",
    "dashboard.kind.offline": "Java, offline",
    "dashboard.kind.bedrock": "Bedrock",
    "dashboard.kind.guest": "convidado (sem Discord)",
    "dashboard.entry.guest": "convidado",
    "dashboard.entry.bedrock": "Bedrock",
    "dashboard.entry.premium": "original",
    "dashboard.entry.offline": "offline",
    "dashboard.entry.verified": "verificado",
    "dashboard.entry.awaiting": "aguardando prova até {when}",
    "dashboard.entry.expires": "expira {when}",
    "dashboard.requests.title": "Pedidos aguardando",
    "dashboard.requests.none": "Nenhum pedido aguardando.",
    "dashboard.requests.heading": "{nick} em {whitelist}",
    "dashboard.requests.by": "Pedido por {member}, {when}.",
    "dashboard.requests.member": "Página do membro",
    "dashboard.requests.noAnswers": "Sem respostas a um formulário.",
    "dashboard.requests.reason": "Motivo (opcional; o membro lê)",
    "dashboard.requests.approve": "Aprovar",
    "dashboard.requests.reject": "Recusar",
    "dashboard.requests.approved": "{nick} foi aprovado.",
    "dashboard.requests.rejected": "{nick} foi recusado.",
    "dashboard.settings.title": "Configurações de {whitelist}",
    "dashboard.settings.channel": "Canal",
    "dashboard.settings.requiredRoles": "Cargos exigidos",
    "dashboard.settings.grantedRoles": "Cargos concedidos",
    "dashboard.settings.managerRoles": "Cargos de gestão",
    "dashboard.settings.maxNicks": "Nicks por membro",
    "dashboard.settings.lifetime": "As entradas expiram após",
    "dashboard.settings.lifetimeHelp": "Uma duração como 30d ou 12h; vazio: para sempre.",
    "dashboard.settings.forGood": "para sempre",
    "dashboard.settings.proof": "Prova de posse",
    "dashboard.settings.inDiscord": "Canal e cargos são alterados no Discord com /whitelist edit.",
    "dashboard.settings.change": "Alterar",
    "dashboard.settings.removeOnLeave": "Remover os nicks de membros que saem",
    "dashboard.settings.onRoleLoss": "Quando um membro perde os cargos exigidos",
    "dashboard.settings.save": "Salvar",
    "dashboard.settings.saved": "Salvo.",
    "dashboard.member.title": "{member}",
    "dashboard.member.yours": "Sua página",
    "dashboard.member.partial": "Só as whitelists que você gerencia são mostradas.",
    "dashboard.member.nicks": "Nicks",
    "dashboard.member.registered": "registrou-se",
    "dashboard.member.addedBy": "adicionado por {member}",
    "dashboard.member.guests": "Jogadores sem Discord que adicionou",
    "dashboard.member.linked": "Contas Java vinculadas",
    "dashboard.member.waiting": "Pedidos aguardando",
    "dashboard.member.answers": "Respostas ao formulário",
    "dashboard.member.history": "Histórico",
    "dashboard.log.title": "Registro",
    "dashboard.log.every": "tudo",
    "dashboard.log.added": "adicionado",
    "dashboard.log.removed": "removido",
    "dashboard.log.member": "Membro (id do Discord)",
    "dashboard.log.live": "Mudanças novas aparecem no topo assim que acontecem.",
    "dashboard.log.arrived": "Chegou uma mudança nova.",
    "dashboard.log.none": "Nenhuma mudança ainda.",
    "dashboard.log.newest": "Mais recentes",
    "dashboard.log.older": "Mais antigas",
    "dashboard.log.key": "chave {name}",
    "dashboard.keys.title": "Chaves de ligação",
    "dashboard.keys.id": "Id",
    "dashboard.keys.scope": "Alcance",
    "dashboard.keys.access": "Pode",
    "dashboard.keys.lastUsed": "Último uso",
    "dashboard.keys.webhookColumn": "Webhook",
    "dashboard.keys.wholeServer": "todas as whitelists do servidor",
    "dashboard.keys.noWebhook": "nenhum",
    "dashboard.keys.webhookUnused": "{host}, nada enviado ainda",
    "dashboard.keys.webhook": "{host}: {outcome}, {when} ({ms} ms)",
    "dashboard.keys.created": "{member}, {when}",
    "dashboard.keys.revoke": "Revogar",
    "dashboard.keys.confirm":
      "Revogar a chave {name}? Servidores de jogo que a usam perdem o acesso na hora.",
    "dashboard.keys.revoked": "revogada {when}",
    "dashboard.keys.revokedDone": "A chave {name} foi revogada.",
    "dashboard.keys.none": "Nenhuma chave de ligação ainda.",
    "dashboard.keys.new": "Nova chave",
    "dashboard.keys.create": "Criar a chave",
    "dashboard.keys.createdOnce": "A chave {name} foi criada. Copie agora: ela só é mostrada desta vez.",
    "dashboard.keys.agentColumn": "Agente",
    "dashboard.keys.agentNone": "sem relatório",
    "dashboard.keys.agentConnected": "conectado, último relatório {when}",
    "dashboard.keys.agentDisconnected": "desconectado, visto pela última vez {when}",
    "dashboard.keys.agentFile": "{agent}, escreve um arquivo {format}",
    "dashboard.keys.agentManagement": "{agent}, pela API de gerenciamento do servidor",
    "dashboard.keys.agentApplied": "última mudança aplicada: {id}",
    "dashboard.keys.agentNoneApplied": "nenhuma mudança aplicada desde sua última leitura completa",
    "dashboard.keys.agentDrift": "jogadores alterados por outra pessoa na sua lista: {count}",
    "dashboard.keys.agentError": "último erro ({when}): {error}",
    "dashboard.keys.agents":
      "O agente de um servidor de jogo (whitelist-sync sync) informa seu estado pelo seu socket; de uma chave usada por outro cliente, o serviço conhece apenas o último uso e a última entrega do seu webhook.",
  },
} satisfies LanguageFile<"pt-BR">;
