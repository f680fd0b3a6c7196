import { DefaultRestOptions, REST, Routes } from "discord.js";
import type { DiscordPorts, RequestBoard } from "../registration/model.ts";
import { approvalRequestMessage } from "./log-channel.ts";
import { createDiscordRoleGateway } from "./roles.ts";

/** The bot's side of Discord's REST API: the client, and the ports the domain uses through it. */
export type DiscordRest = { rest: REST; ports: DiscordPorts };

/**
 * Discord's REST client for a bot token (the sandbox's base URL in tests and `demo`), and the ports registration
 * needs, built on it before the services so the services can be given them. Each request is sent only while
 * `mayCall` holds (of replicas, the leader's live term): a leader replaced while it was frozen sends nothing it
 * had queued (docs/architecture.md, Replicas).
 */
export function createDiscordRest(options: {
  token: string;
  discordApiUrl?: string;
  mayCall?: () => boolean;
}): DiscordRest {
  const { mayCall = () => true } = options;
  const rest = new REST({
    ...(options.discordApiUrl ? { api: options.discordApiUrl } : {}),
    makeRequest: (url, init) =>
      mayCall()
        ? DefaultRestOptions.makeRequest(url, init)
        : Promise.reject(new Error("not sent: this replica no longer leads")),
  }).setToken(options.token);
  return { rest, ports: { roles: createDiscordRoleGateway(rest), board: createRequestBoard(rest) } };
}

/** Posts a registration request with its Approve and Reject buttons; Discord's refusal rejects. */
function createRequestBoard(rest: REST): RequestBoard {
  return {
    async post({ channelId, request, whitelist }) {
      const posted = (await rest.post(Routes.channelMessages(channelId), {
        body: approvalRequestMessage(request, whitelist),
      })) as { id: string };
      return posted.id;
    },
  };
}
