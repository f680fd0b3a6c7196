/*
 * Types for the part of `discord-api-spec/zod` the tests use. The package's `zod` entry points its types at the
 * JavaScript file itself, so without this every schema is `any`. Each schema is declared with the package's own
 * type of the same name (`XSchema` parses an `X`), which is how `discord-contract.ts` holds its table to `Paths`.
 */
declare module "discord-api-spec/zod" {
  import type * as Spec from "discord-api-spec";
  import type { ZodMiniType } from "zod/mini";

  /** Swaps the object factory of schemas built after the call: since all are built on import, none. */
  export function setStrictObject(strict: boolean): void;
  export const ApplicationCommandAutocompleteCallbackRequestSchema: ZodMiniType<Spec.ApplicationCommandAutocompleteCallbackRequest>;
  export const ApplicationCommandCreateRequestSchema: ZodMiniType<Spec.ApplicationCommandCreateRequest>;
  export const ApplicationCommandResponseSchema: ZodMiniType<Spec.ApplicationCommandResponse>;
  export const ApplicationCommandUpdateRequestSchema: ZodMiniType<Spec.ApplicationCommandUpdateRequest>;
  export const AttachmentResponseSchema: ZodMiniType<Spec.AttachmentResponse>;
  export const CreateMessageInteractionCallbackRequestSchema: ZodMiniType<Spec.CreateMessageInteractionCallbackRequest>;
  export const ErrorResponseSchema: ZodMiniType<Spec.ErrorResponse>;
  export const GatewayBotResponseSchema: ZodMiniType<Spec.GatewayBotResponse>;
  export const MyGuildResponseSchema: ZodMiniType<Spec.MyGuildResponse>;
  export const GatewayResponseSchema: ZodMiniType<Spec.GatewayResponse>;
  export const GuildChannelResponseSchema: ZodMiniType<Spec.GuildChannelResponse>;
  export const GuildMemberResponseSchema: ZodMiniType<Spec.GuildMemberResponse>;
  export const GuildRoleResponseSchema: ZodMiniType<Spec.GuildRoleResponse>;
  export const GuildWithCountsResponseSchema: ZodMiniType<Spec.GuildWithCountsResponse>;
  export const IncomingWebhookRequestPartialSchema: ZodMiniType<Spec.IncomingWebhookRequestPartial>;
  export const IncomingWebhookUpdateRequestPartialSchema: ZodMiniType<Spec.IncomingWebhookUpdateRequestPartial>;
  export const InteractionCallbackResponseSchema: ZodMiniType<Spec.InteractionCallbackResponse>;
  export const LaunchActivityInteractionCallbackRequestSchema: ZodMiniType<Spec.LaunchActivityInteractionCallbackRequest>;
  export const MessageCreateRequestSchema: ZodMiniType<Spec.MessageCreateRequest>;
  export const MessageEditRequestPartialSchema: ZodMiniType<Spec.MessageEditRequestPartial>;
  export const MessageResponseSchema: ZodMiniType<Spec.MessageResponse>;
  export const ModalInteractionCallbackRequestSchema: ZodMiniType<Spec.ModalInteractionCallbackRequest>;
  export const PongInteractionCallbackRequestSchema: ZodMiniType<Spec.PongInteractionCallbackRequest>;
  export const PrivateApplicationResponseSchema: ZodMiniType<Spec.PrivateApplicationResponse>;
  export const PrivateChannelResponseSchema: ZodMiniType<Spec.PrivateChannelResponse>;
  export const PrivateGroupChannelResponseSchema: ZodMiniType<Spec.PrivateGroupChannelResponse>;
  export const RatelimitedResponseSchema: ZodMiniType<Spec.RatelimitedResponse>;
  export const SnowflakeTypeSchema: ZodMiniType<Spec.SnowflakeType>;
  export const SocialLayerSKUPurchaseEligibilityInteractionCallbackRequestSchema: ZodMiniType<Spec.SocialLayerSKUPurchaseEligibilityInteractionCallbackRequest>;
  export const ThreadResponseSchema: ZodMiniType<Spec.ThreadResponse>;
  export const TypingIndicatorResponseSchema: ZodMiniType<Spec.TypingIndicatorResponse>;
  export const UpdateMessageInteractionCallbackRequestSchema: ZodMiniType<Spec.UpdateMessageInteractionCallbackRequest>;
  export const UserPIIResponseSchema: ZodMiniType<Spec.UserPIIResponse>;
  export const UserResponseSchema: ZodMiniType<Spec.UserResponse>;
}
