import { existsSync } from "node:fs";
import { join } from "node:path";
import { scriptLines } from "../shared/script-lines.ts";
import { DEMO_DENIED, type Demo } from "./index.ts";
import { demo, demoProfiles } from "./seed.ts";

// What `whitelist-sync demo` prints: the lines scripts rely on, and the tour.

/** Notch's account at the demo's fake Mojang, renamed in the tour. */
const NOTCH_UUID = demoProfiles.find((profile) => profile.name === "Notch")?.uuid;

/**
 * The command that joins the link server with a real client: the script's path when it is there (the demo runs
 * from a clone), else where it is in one (a compiled binary carries no scripts).
 */
function joinScript(): string {
  const path = join(import.meta.dir, "join.cjs");
  return existsSync(path) ? path : "src/demo/join.cjs";
}

/** What `whitelist-sync demo` prints: the lines scripts rely on (API:, API key:, Sandbox:, Link:) and a tour. */
export function describeDemo(d: Demo): string {
  const auth = `-H "Authorization: Bearer ${d.key}"`;
  const json = `-H 'content-type: application/json'`;
  const ws = d.apiUrl.replace(/^http/, "ws");
  if (!d.leads) return describeFollower(d, auth, ws);
  const replicas =
    d.running.services.store.kind === "postgres"
      ? `

On PostgreSQL this demo is one replica: start another on the same DATABASE_URL in a second terminal (PORT=3001
whitelist-sync demo, or a serve) and watch a change made through one reach the other's socket.`
      : "";
  return `
whitelist-sync demo: a sandbox Discord server "Blocky Builders" with the bot, five whitelists (java,
premium/approval with an application form, offline/message, bedrock, and java with first-join proof), a few
players, fake Mojang and GeyserMC APIs, and a fake game server kept by the sync agent. Nothing leaves this machine.

${scriptLines.demo.api.line(d.apiUrl)}
${scriptLines.demo.apiKey.line(d.key)}
${scriptLines.demo.sandbox.line(d.sandboxUrl)}
${scriptLines.demo.mojang.line(d.mojang.url)}
${scriptLines.demo.link.line(d.link)}
${scriptLines.demo.docs.line(`${d.running.url}/swagger`)}
${scriptLines.demo.dashboard.line(d.dashboardUrl)}

${whatARestartKeeps(d)}

Read the whitelists and their entries (survival puts its Players in the game group member and its verified
accounts in trusted, /whitelist ranks: each entry carries its groups, a sync agent with --groups luckperms
applies them):
  curl ${auth} ${d.apiUrl}/whitelists
  curl ${auth} ${d.apiUrl}/whitelists/${d.whitelists.survival}/entries
  curl ${auth} "${d.apiUrl}/whitelists/${d.whitelists.survival}/entries?format=vanilla"

Watch changes live (in another terminal), then remove alex's Bedrock nick through the API: the socket gets
entry.removed, the bot takes back the Bedrock role (${demo.roles.bedrock}) it granted for it, and the log
channel shows the removal (origin "API/plugin"):
  bunx wscat ${auth} -c ${ws}/ws
  curl ${d.sandboxUrl}/members/${demo.users.alex}                  # alex's roles, Bedrock among them
  curl -X DELETE ${auth} ${d.apiUrl}/whitelists/${d.whitelists.bedrock}/entries/Alex%20Pocket
  curl ${d.sandboxUrl}/members/${demo.users.alex}                  # Bedrock is gone

Act as a Discord member through the sandbox's control API (survival requires proof of ownership: steve is
told where to join and what to type):
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.steve}","channelId":"${demo.channels.java}","command":"register","options":{"nick":"SteveCraft"}}'
  curl -X POST ${json} ${d.sandboxUrl}/messages -d '{"userId":"${demo.users.alex}","channelId":"${demo.channels.cracked}","content":"AlexOffline"}'
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.steve}","channelId":"${demo.channels.java}","command":"register","options":{"nick":"${DEMO_DENIED.nick}"}}'   # denied
  curl ${d.sandboxUrl}/channels/${demo.channels.log}/messages     # what the bot logged

Apply to hardcore, which asks two questions: /register answers with the form (a Discord modal) and its
"interactionId"; alex submits it (replace ID), and the request reaches staff in the log channel with the answers
and its Approve and Reject buttons. The moderator's look-up shows them afterwards, for the server's retention:
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.alex}","channelId":"${demo.channels.premium}","command":"register","options":{"nick":"Grumm"}}'
  curl -X POST ${json} ${d.sandboxUrl}/modals -d '{"userId":"${demo.users.alex}","interactionId":"ID","values":{"q1":"Build a **huge** redstone farm with friends.","q2":"A friend"}}'
  curl ${d.sandboxUrl}/channels/${demo.channels.log}/messages     # the request and its answers
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.premium}","command":"whitelist","subcommand":"member","options":{"user":"${demo.users.alex}"}}'
Or decide it in the browser: open ${d.dashboardUrl}, sign in with Discord (the sandbox's page: pick the moderator),
open Blocky Builders → Requests, read alex's answers and press Approve (with a reason if you like): alex gets
the role in the sandbox and the log channel shows the decision, as with the button. The owner sees the whole
server, the moderator the whitelists they manage, alex only their own page.

Prove the account: a real Minecraft client (npm minecraft-protocol under Node, from a clone of the repository)
joins the link server ${d.link} as SteveCraft, logging in through the fake Mojang, and prints the code it is
shown; then steve types it (replace CODE): SteveCraft is on survival, verified in the API, and the log says so:
  node ${joinScript()} ${d.link} SteveCraft ${d.mojang.url}
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.steve}","channelId":"${demo.channels.java}","command":"register","options":{"code":"CODE"}}'

${gameTour(d, auth, json)}Staff add a nick for a week for the newcomer, on cracked (survival would refuse: it requires the Player role,
which the newcomer lacks); it then goes by itself, origin "expired". Integrators without a socket poll the
change feed, sending back the "next" it answers as after=:
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.cracked}","command":"whitelist","subcommand":"add","options":{"whitelist":"cracked","member":"${demo.users.newcomer}","nick":"TrialPlayer","expires":"7d"}}'
  curl ${auth} "${d.apiUrl}/events?after=0"

As staff (the moderator): who holds a nick, a member's nicks, deny a nick (it leaves the whitelist):
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"whois","options":{"nick":"Notch"}}'
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"member","options":{"user":"${demo.users.alex}"}}'
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"deny","options":{"whitelist":"survival","nick":"Dinnerbone","reason":"griefing"}}'

Take steve's Player role away: survival requires it, so his nick there goes (origin role-lost):
  curl -X POST ${json} ${d.sandboxUrl}/members/${demo.users.steve}/roles -d '{"roleIds":["${demo.roles.whitelisted}"]}'

Import an existing list for alex (a plain list attached; add "dry-run":true to only see the report):
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"import","options":{"whitelist":"survival","member":"${demo.users.alex}","file":{"filename":"whitelist.txt","text":"Grumm\\nnewbie_1\\nnot a nick\\n"}}}'

On survival members' server nicknames follow their Minecraft name ({discord} ({mc})): alex shows as
"alex (Notch)" (the "nick" of the sandbox's member):
  curl ${d.sandboxUrl}/members/${demo.users.alex}                  # alex (Notch)

A player changes their Minecraft name at Mojang (here the fake's own control); within a few seconds (the demo
asks Mojang about one premium account a second, in turn) the log channel shows "Nick renamed", the API lists
the new name (origin renamed, roles kept) and alex's nickname follows: "alex (Notch_2)":
  curl -X PUT ${json} ${d.mojang.url}/_fake/profiles/${NOTCH_UUID} -d '{"name":"Notch_2"}'
  curl ${d.sandboxUrl}/members/${demo.users.alex}                  # alex (Notch_2)

Staff whitelist a player who is not on the Discord server: a guest, noted, counted against nobody's limit:
  curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${demo.users.moderator}","channelId":"${demo.channels.java}","command":"whitelist","subcommand":"guest","options":{"whitelist":"survival","nick":"StreamGuest","note":"the stream guest tonight","expires":"1d"}}'

Ban steve on Discord (ban sync is on here): his nicks go on the deny lists ("banned on Discord", the log channel
says which); unbanning him lifts them:
  curl -X PUT ${json} ${d.sandboxUrl}/bans/${demo.users.steve} -d '{"reason":"griefing"}'
  curl -X DELETE ${d.sandboxUrl}/bans/${demo.users.steve}

The bot speaks each member's Discord language, and the server's in what everyone reads: start the demo with
DEMO_LOCALE=de (or fr, es-ES, pt-BR, pl, ru) and the answers and log posts above read in it; staff word what members
read their way with /texts set. A member's language can change on the fly:
  curl -X POST ${json} ${d.sandboxUrl}/members/${demo.users.alex}/locale -d '{"locale":"pl"}'
${replicas}

Press Ctrl+C to stop.`;
}

/**
 * The tour's game server: a registration on smp reaching its allowlist through the management API, and a join
 * proving it (first-join proof); nothing when this demo runs none.
 */
function gameTour(d: Demo, auth: string, json: string): string {
  if (!d.game) return "";
  const game = d.game.controlUrl;
  const smp = (body: string, user: string = demo.users.steve) =>
    `curl -X POST ${json} ${d.sandboxUrl}/interactions -d '{"userId":"${user}","channelId":"${demo.channels.smp}",${body}}'`;
  const newcomerRoles = (roleIds: string[]) =>
    `curl -X POST ${json} ${d.sandboxUrl}/members/${demo.users.newcomer}/roles -d '{"roleIds":${JSON.stringify(roleIds)}}'`;
  return `A game server runs beside the demo: a fake of Minecraft's management API (what Java 1.21.9 and later open
with management-server-enabled=true) at ${d.game.url}, and a sync agent on it keeping its allowlist from smp, as
\`whitelist-sync sync --management-url ${d.game.url} --management-secret-file FILE --whitelist smp\` would. smp
asks for first-join proof: steve's registration is on the allowlist at once, awaiting proof; when SteveMiner joins,
the agent disconnects him with a code (the kick message on his screen), steve types it with /link, and the entry is
verified (its "proofDueAt" gone). The fake's control surface plays the game:
  ${smp(`"command":"register","options":{"nick":"SteveMiner"}`)}
  curl ${game}/_fake/allowlist                                  # SteveMiner is on it
  curl -X POST ${json} ${game}/_fake/join -d '{"name":"SteveMiner"}'
  curl ${game}/_fake/kicks                                      # the code on SteveMiner's screen
  ${smp(`"command":"link","options":{"code":"CODE"}`)}
  curl ${auth} ${d.apiUrl}/whitelists/${d.whitelists.smp}/entries   # SteveMiner, verified

Ranks follow Discord roles there too: smp puts its Players in the LuckPerms group member and its verified accounts
in trusted, and the agent, with --groups luckperms, types LuckPerms' commands on the server's console (the fake has
LuckPerms, with both groups): SteveMiner went in member at his registration and in trusted once proved. The
newcomer, who holds no role, registers NewbieMiner; given the Player role on Discord, NewbieMiner goes in member at
once, and out again when the role goes:
  ${smp(`"command":"register","options":{"nick":"NewbieMiner"}`, demo.users.newcomer)}
  ${newcomerRoles([demo.roles.player])}   # the Player role
  curl ${game}/_fake/console                                    # lp user 3a9c5e7f-… parent add member
  curl ${game}/_fake/luckperms                                  # NewbieMiner: default, member
  ${newcomerRoles([])}   # no role again
  curl ${game}/_fake/luckperms                                  # NewbieMiner: default only

`;
}

/** What stopping and starting the demo again keeps, and why the API key is new at each start. */
export function whatARestartKeeps(d: Pick<Demo, "kept" | "keysReplaced" | "running">): string {
  if (!d.kept) {
    return "The database is a temporary one: stopping the demo ends it all (set DATABASE_PATH to keep it).";
  }
  const postgres = d.running.services.store.kind === "postgres";
  const replaced =
    d.keysReplaced === 0
      ? ""
      : ` The ${d.keysReplaced === 1 ? "key" : `${d.keysReplaced} keys`} of earlier starts no longer work.`;
  return `The database is kept: a restart keeps its whitelists, nicks, denials, settings and keys. The sandbox
Discord starts afresh from its seed, given back the roles the bot granted and the nicknames it set; its messages,
and what its control API changed, are gone. The API key is new at each start (keys are stored hashed and shown
once): ${postgres ? "each replica's demo prints its own, and the others' keep working." : `it replaces the last start's.${replaced}`}`;
}

/** What a demo that follows another replica prints: the same lines scripts rely on, and how to see a change cross. */
function describeFollower(d: Demo, auth: string, ws: string): string {
  return `
whitelist-sync demo, as a replica that follows: another replica on this PostgreSQL database leads, and the
Discord bot runs there (act in that demo's sandbox). A change made through either replica shows on both; if the
leader stops, this one takes over within seconds and its bot connects to this sandbox.

${scriptLines.demo.api.line(d.apiUrl)}
${scriptLines.demo.apiKey.line(d.key)}
${scriptLines.demo.sandbox.line(d.sandboxUrl)}
${scriptLines.demo.mojang.line(d.mojang.url)}
${scriptLines.demo.docs.line(`${d.running.url}/swagger`)}

Watch changes live on this replica, then remove alex's Bedrock nick through the leader's API (a key works on
every replica: they share the database); entry.removed arrives here, and the entries read here no longer list it:
  bunx wscat ${auth} -c ${ws}/ws
  curl -X DELETE ${auth} http://<the leader's HOST:PORT>/api/v1/whitelists/${d.whitelists.bedrock}/entries/Alex%20Pocket
  curl ${auth} ${d.apiUrl}/whitelists/${d.whitelists.bedrock}/entries

Press Ctrl+C to stop.`;
}
