// bench/link-siege.ts's honest players: npm minecraft-protocol's own client under Node (as
// test/link/node-client.cjs runs it; it streams AES-128-CFB8, which Bun lacks), loaded once for every login.
// Called with one JSON argument:
//   { host, port, version, sessionServer, accounts: [{ name, uuid }], count, everyMs, timeoutMs, addresses: [..] }
// First one login from the last of addresses, unmeasured (it compiles the protocol's states, once per process), then
// login i at i × everyMs, from addresses[i] (bound by node:net: each player has an address of its own), as
// account i mod the accounts, with the session given and `sessionServer` at the fake Mojang. Prints one JSON line
// per login as it ends: { i, ms (from createClient to the disconnect), text } or { i, ms, error } (the warm-up's i
// is -1); then exits.
const net = require("node:net");
const mc = require("minecraft-protocol");

const options = JSON.parse(process.argv[2]);
let left = options.count;

const one = (i, then) => {
  const account = options.accounts[(i + options.accounts.length) % options.accounts.length];
  const started = performance.now();
  let done = false;
  const report = (result) => {
    if (done) return;
    done = true;
    process.stdout.write(`${JSON.stringify({ i, ms: performance.now() - started, ...result })}\n`);
    client.end();
    if (then) then();
    else if (--left === 0) process.exit(0);
  };
  const client = mc.createClient({
    host: options.host,
    port: options.port,
    version: options.version,
    username: account.name,
    auth: "mojang",
    session: {
      accessToken: "a-token-the-fake-takes",
      selectedProfile: { id: account.uuid.replaceAll("-", ""), name: account.name },
    },
    skipValidation: true,
    // Never the player's own launcher profiles, nor Mojang's hosts: the fake Mojang stands for both.
    profilesFolder: false,
    authServer: options.sessionServer,
    sessionServer: options.sessionServer,
    hideErrors: true,
    connect: (client) =>
      client.setSocket(
        net.connect({ host: options.host, port: options.port, localAddress: options.addresses.at(i) }),
      ),
  });
  const timer = setTimeout(
    () => report({ error: `no answer within ${options.timeoutMs} ms` }),
    options.timeoutMs,
  );
  const settle = (result) => {
    clearTimeout(timer);
    report(result);
  };
  client.on("disconnect", (packet) => settle({ text: JSON.parse(packet.reason).text }));
  client.on("success", () => settle({ error: "the endpoint let the client in" }));
  client.on("error", (error) => settle({ error: String(error.message ?? error) }));
  client.on("end", (reason) => settle({ error: `closed: ${reason}` }));
};

one(-1, () => {
  for (let i = 0; i < options.count; i++) setTimeout(() => one(i), i * options.everyMs);
});
