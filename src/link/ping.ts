import { concat, PacketSplitter, packet } from "./protocol.ts";
import { NEWEST_LOGIN } from "./versions.ts";

/** What a Minecraft server's list entry says: its MOTD as plain text and its version's name. */
export type PingAnswer = { motd: string; version: string };

/** The largest Status Response read (a vanilla server's is a few KB with an icon; the endpoint's, a few hundred B). */
const MAX_STATUS = 65_536;

/**
 * Asks a Minecraft Java server for its list entry as a client does (minecraft.wiki, Server List Ping: Handshake
 * with next state 1, Status Request, Status Response): how `doctor` sees the link endpoint as players would.
 * Rejects when nothing answers, the answer is not a status, or `timeoutMs` passes.
 */
export async function pingServer(options: {
  hostname: string;
  port: number;
  timeoutMs: number;
}): Promise<PingAnswer> {
  const { hostname, port, timeoutMs } = options;
  const host = hostname.replace(/^\[|\]$/g, "");
  const splitter = new PacketSplitter();
  return new Promise<PingAnswer>((resolve, reject) => {
    let settled = false;
    let close = () => {};
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      close();
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`))),
      timeoutMs,
    );
    Bun.connect({
      hostname: host,
      port,
      socket: {
        open(socket) {
          close = () => socket.end();
          socket.write(
            concat([
              packet(
                0x00,
                { varInt: NEWEST_LOGIN },
                { string: host },
                { bytes: Uint8Array.of(port >> 8, port & 0xff) },
                { varInt: 1 },
              ),
              packet(0x00),
            ]),
          );
        },
        data(_socket, bytes) {
          try {
            splitter.push(new Uint8Array(bytes));
            const response = splitter.next(MAX_STATUS);
            if (!response) return;
            if (response.id !== 0x00) throw new Error(`packet ${response.id} instead of a Status Response`);
            const status = JSON.parse(response.body.string(32_767)) as {
              version?: { name?: string };
              description?: unknown;
            };
            finish(() =>
              resolve({ motd: plainText(status.description), version: status.version?.name ?? "" }),
            );
          } catch (error) {
            finish(() => reject(new Error(`not a Minecraft server's answer: ${(error as Error).message}`)));
          }
        },
        close: () => finish(() => reject(new Error("the connection closed without an answer"))),
        error: (_socket, error) => finish(() => reject(error)),
      },
    }).catch((error: unknown) => finish(() => reject(error as Error)));
  });
}

/** A text component (or a plain string) as the plain text it shows. */
function plainText(component: unknown): string {
  if (typeof component === "string") return component;
  if (Array.isArray(component)) return component.map(plainText).join("");
  if (component && typeof component === "object") {
    const { text, extra } = component as { text?: unknown; extra?: unknown };
    return `${typeof text === "string" ? text : ""}${extra === undefined ? "" : plainText(extra)}`;
  }
  return "";
}
