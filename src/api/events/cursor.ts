import { t } from "elysia";

/**
 * The `after` query parameter of the event socket and the change feed: an event id, `0` or a decimal integer
 * of up to 16 digits without leading zeros (docs/api.md, Resume).
 */
export const AfterCursor = (description: string) =>
  t.Optional(
    t.String({
      pattern: "^(0|[1-9][0-9]{0,15})$",
      description,
      examples: ["42"],
      error: "after must be an event id (a non-negative integer)",
    }),
  );
