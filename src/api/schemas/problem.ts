import { Type } from "@sinclair/typebox";
import { t } from "elysia";

/** RFC 9457 problem details, the body of every error response. */
export const Problem = t.Object(
  {
    type: t.String({
      description: "Stable identifier of the error kind",
      examples: ["urn:whitelist-sync:problem:whitelist-not-found"],
    }),
    title: t.String({ description: "Short summary of the error kind", examples: ["Whitelist not found"] }),
    // Plain TypeBox: Elysia's t.Integer also admits numeric strings, which the document would then show.
    status: Type.Integer({ description: "The HTTP status code", examples: [404] }),
    detail: t.String({
      description: "What went wrong in this case",
      examples: [
        "No whitelist k3v9x0q2ab on this key's server. The API takes a whitelist's id, not its name: GET /api/v1/whitelists lists them.",
      ],
    }),
  },
  { title: "Problem", description: "RFC 9457 problem details (`application/problem+json`)" },
);
