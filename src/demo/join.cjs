// Joins the demo's link server with a real Minecraft Java client (npm minecraft-protocol, a devDependency: run it
// from a clone of the repository after `bun install`), the way a player proves their account, and prints what
// the server shows instead of a world: the code to type in Discord. Run under Node, since the client streams
// AES-128-CFB8, which Bun lacks. Not part of the binary (nothing imports it).
//
//   node src/demo/join.cjs <host:port> <account name> <fake Mojang URL> [version]
//
// The fake Mojang stands in for Microsoft's login: its session server takes any access token for an account it
// knows, so the client's `join` and the link server's `hasJoined` meet there.
const mc = require("minecraft-protocol");

const [address, username, mojang, version = "1.21.4"] = process.argv.slice(2);
if (!address || !username || !mojang) {
  console.error("usage: node src/demo/join.cjs <host:port> <account name> <fake Mojang URL> [version]");
  process.exit(2);
}
const [host, port] = [
  address.slice(0, address.lastIndexOf(":")),
  Number(address.slice(address.lastIndexOf(":") + 1)),
];

async function main() {
  const profile = await fetch(`${mojang}/users/profiles/minecraft/${encodeURIComponent(username)}`);
  if (profile.status !== 200) throw new Error(`the fake Mojang knows no account ${username}`);
  const { id, name } = await profile.json();
  const client = mc.createClient({
    host,
    port,
    version,
    username: name,
    auth: "mojang",
    session: { accessToken: "demo", selectedProfile: { id, name } },
    skipValidation: true,
    profilesFolder: false,
    authServer: mojang,
    sessionServer: mojang,
    hideErrors: true,
  });
  await new Promise((resolve, reject) => {
    client.on("disconnect", (packet) => {
      const reason = JSON.parse(packet.reason);
      console.log(typeof reason === "string" ? reason : (reason.text ?? packet.reason));
      resolve();
    });
    client.on("success", () => reject(new Error("the link server let the client in")));
    client.on("error", reject);
    client.on("end", (why) => reject(new Error(`the connection ended: ${why}`)));
  });
  process.exit(0);
}

main().catch((error) => {
  console.error(String(error.message ?? error));
  process.exit(1);
});
