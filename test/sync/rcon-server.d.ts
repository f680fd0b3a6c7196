// rcon-server (npm) ships no types; this is the part the tests use.
declare module "rcon-server" {
  import type { EventEmitter } from "node:events";
  import type { Server, Socket } from "node:net";

  /** A command that reached the server; `resolve` sends its answer. */
  export type CommandRequest = { id: number; type: number; body: string; resolve(answer: string): void };

  export class RCONServer extends EventEmitter {
    constructor(options: { port?: number; host?: string; password?: string; clientLimit?: number });
    connect(): void;
    getSocketServer(): Server;
    getConnectedSockets(): Set<Socket>;
    on(event: "listening", listener: () => void): this;
    on(event: "commandRequest", listener: (request: CommandRequest) => void): this;
    on(event: "login", listener: (login: { password: string; successful: boolean }) => void): this;
  }
}
