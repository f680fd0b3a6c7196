// A real Minecraft client nobody here wrote (npm minecraft-protocol), run under Node because it streams
// AES-128-CFB8, which Bun lacks. Called by test/link/minecraft-protocol.full.test.ts with one JSON argument:
//   { action: "join" | "play" | "ping", host, port, version, username?, session?, sessionServer?, limitMs }
// and prints one JSON line: what the client saw ({ disconnect }, { ping }, { error }), then exits. `join` expects
// to be refused at login (the link endpoint lets nobody in); `play` joins a game server and stays in the game until
// it is disconnected there ({ kicked: <reason> }) or at login ({ disconnect }), or the test ends the process.
// `limitMs` is the test's own limit: a client that saw nothing by then says so, and leaves no process behind (a
// fixed 20 s ran out on a busy machine, where loading minecraft-data alone took seconds).
const mc = require("minecraft-protocol");

const options = JSON.parse(process.argv[2]);
let done = false;
const report = (result) => {
  if (done) return;
  done = true;
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
};
setTimeout(
  () => report({ error: `the client saw nothing within ${options.limitMs} ms` }),
  options.limitMs,
).unref();

if (options.action === "ping") {
  mc.ping({ host: options.host, port: options.port, version: options.version }, (error, response) =>
    report(error ? { error: String(error.message ?? error) } : { ping: response }),
  );
} else {
  const client = mc.createClient({
    host: options.host,
    port: options.port,
    version: options.version,
    username: options.username,
    auth: options.session ? "mojang" : "offline",
    session: options.session,
    skipValidation: true,
    // Never the player's own launcher profiles, nor Mojang's hosts: the fake Mojang stands for both.
    profilesFolder: false,
    authServer: options.sessionServer,
    sessionServer: options.sessionServer,
    hideErrors: true,
  });
  client.on("disconnect", (packet) => report({ disconnect: packet.reason, state: client.state }));
  if (options.action === "play") {
    // The reason is a JSON text before 1.20.3 and an NBT compound since; either way its plain text is reported.
    client.on("kick_disconnect", (packet) => {
      const reason = packet.reason;
      const text = typeof reason === "string" ? JSON.parse(reason).text : reason?.value?.text?.value;
      report({ kicked: text ?? JSON.stringify(reason), state: client.state });
    });
  } else {
    client.on("success", () => report({ error: "the endpoint let the client in" }));
  }
  client.on("error", (error) => report({ error: String(error.message ?? error) }));
  client.on("end", (reason) => report({ end: String(reason) }));
}
