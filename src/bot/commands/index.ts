import type { Command } from "../context.ts";
import type { ButtonHandler } from "../interactions.ts";

/** Every slash command, listed by import (the compiled binary bundles only what is imported). */
export const commands: Command[] = [];

/** Every button handler. */
export const buttons: ButtonHandler[] = [];
