import type { ButtonInteraction, Interaction, ModalSubmitInteraction } from "discord.js";
import { text } from "../i18n/messages.ts";
import { DomainError } from "../shared/errors.ts";
import type { BotContext, Command } from "./context.ts";
import { replyWithError } from "./errors.ts";

/** A button handled by the bot, found by the prefix of its custom id (`<prefix>:<...>`). */
export type ButtonHandler = {
  prefix: string;
  execute(interaction: ButtonInteraction, context: BotContext): Promise<void>;
};

/** A modal's submission handled by the bot, found by the prefix of the modal's custom id (`<prefix>:<...>`). */
export type ModalHandler = {
  prefix: string;
  execute(interaction: ModalSubmitInteraction, context: BotContext): Promise<void>;
};

/** Routes interactions to commands, autocompletes, buttons and modal submissions. */
export function createInteractionHandler(
  commands: Command[],
  handlers: { buttons: ButtonHandler[]; modals: ModalHandler[] },
  context: BotContext,
) {
  const byName = new Map(commands.map((command) => [command.data.name, command]));
  const byPrefix = new Map(handlers.buttons.map((button) => [button.prefix, button]));
  const modalsByPrefix = new Map(handlers.modals.map((modal) => [modal.prefix, modal]));
  return async (interaction: Interaction): Promise<void> => {
    if (interaction.isAutocomplete()) {
      try {
        await byName.get(interaction.commandName)?.autocomplete?.(interaction, context);
      } catch (error) {
        context.logger.warn("autocomplete failed", {
          command: interaction.commandName,
          error: String(error),
        });
        if (!interaction.responded) await interaction.respond([]).catch(() => {});
      }
      return;
    }
    if (!interaction.isRepliable()) return;
    try {
      if (!interaction.inGuild()) {
        throw new DomainError("invalid-input", text("common.dmOnly"));
      }
      if (interaction.isChatInputCommand()) {
        const command = byName.get(interaction.commandName);
        if (!command) throw new DomainError("invalid-input", text("common.unknownCommand"));
        await command.execute(interaction, context);
      } else if (interaction.isButton()) {
        const handler = byPrefix.get(interaction.customId.split(":")[0] ?? "");
        if (!handler) throw new DomainError("invalid-input", text("common.buttonInactive"));
        await handler.execute(interaction, context);
      } else if (interaction.isModalSubmit()) {
        const handler = modalsByPrefix.get(interaction.customId.split(":")[0] ?? "");
        if (!handler) throw new DomainError("invalid-input", text("form.inactive"));
        await handler.execute(interaction, context);
      }
    } catch (error) {
      await replyWithError(interaction, error, context);
    }
  };
}
