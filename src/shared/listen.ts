import { ConfigError } from "./errors.ts";

/** Which settings chose an address a server listens on, so an error can name them. */
export type ListenSettings = {
  host: string;
  port: number;
  /** The variable that set the host (HOST). */
  hostVariable: string;
  /** The variable that set the port (PORT, SANDBOX_PORT, METRICS_PORT). */
  portVariable: string;
};

/**
 * Turns the error of a failed listen into a ConfigError naming the variable at fault and what to do (start-up
 * prints it on one line and exits 78); any other error is returned unchanged.
 */
export function explainListenError(error: unknown, at: ListenSettings): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const address = `${at.host.includes(":") ? `[${at.host}]` : at.host}:${at.port}`;
  switch (code) {
    case "EADDRINUSE":
      return new ConfigError(
        `${at.portVariable}: ${address} is already in use by another program (choose another ${at.portVariable}, or stop that program)`,
      );
    case "EACCES":
    case "EPERM":
      return new ConfigError(
        `${at.portVariable}: listening on ${address} is not permitted (ports below 1024 need privileges; choose a ${at.portVariable} from 1024 up)`,
      );
    case "EADDRNOTAVAIL":
      return new ConfigError(
        `${at.hostVariable}: ${at.host} is not an address of this machine (use 0.0.0.0 for every address, or 127.0.0.1 for this machine only)`,
      );
    case "EINVAL":
    case "ENOTFOUND":
    case "EAI_AGAIN":
    case "EAI_NONAME":
      return new ConfigError(
        `${at.hostVariable}: cannot listen on ${JSON.stringify(at.host)} (not an address of this machine, or a name that does not resolve; use 0.0.0.0 or 127.0.0.1)`,
      );
    default:
      return error;
  }
}
