import type { Command } from "../context.ts";
import { withLocalizations } from "../localize.ts";
import { link } from "./link.ts";
import { register } from "./register.ts";
import { serverLink } from "./server-link/index.ts";
import { texts } from "./texts/index.ts";
import { unlink } from "./unlink.ts";
import { unregister } from "./unregister.ts";
import { whitelist } from "./whitelist/index.ts";

/** Every slash command, listed by import (the compiled binary bundles only what is imported). */
export const commands: Command[] = [whitelist, register, unregister, link, unlink, serverLink, texts].map(
  (command) => ({ ...command, data: withLocalizations(command.data) }),
);
