import { type APIEmbed, type APIMessageTopLevelComponent, EmbedType } from "discord-api-types/v10";

/*
 * What Discord fills in when it answers with a message a bot sent: the sandbox stores what the bot sent and
 * applies these on every answer, so the same message always reads the same.
 */

type Node = { id?: number; components?: unknown; component?: unknown; accessory?: unknown };

/** An embed as Discord answers it: of type `rich`, each field with its `inline` flag. */
export function embedAsAnswered(embed: APIEmbed): APIEmbed {
  return {
    ...embed,
    type: embed.type ?? EmbedType.Rich,
    ...(embed.fields
      ? { fields: embed.fields.map((field) => ({ ...field, inline: field.inline ?? false })) }
      : {}),
  };
}

/**
 * Components as Discord answers them: every one has a numeric `id`. Discord keeps the ids a bot gave and numbers
 * the others 1, 2, 3… in the order they appear (depth first), skipping ids already taken.
 */
export function componentsAsAnswered(
  components: APIMessageTopLevelComponent[],
): APIMessageTopLevelComponent[] {
  const taken = new Set<number>();
  const collect = (node: Node) => {
    if (typeof node.id === "number") taken.add(node.id);
    for (const child of childrenOf(node)) collect(child);
  };
  for (const component of components) collect(component as Node);
  let next = 1;
  const number = (node: Node): Node => {
    let id = node.id;
    if (typeof id !== "number") {
      while (taken.has(next)) next++;
      id = next++;
    }
    const numbered: Node = { ...node, id };
    if (Array.isArray(node.components)) numbered.components = (node.components as Node[]).map(number);
    if (isNode(node.component)) numbered.component = number(node.component);
    if (isNode(node.accessory)) numbered.accessory = number(node.accessory);
    return numbered;
  };
  return components.map((component) => number(component as Node) as APIMessageTopLevelComponent);
}

function childrenOf(node: Node): Node[] {
  return [
    ...(Array.isArray(node.components) ? (node.components as Node[]) : []),
    ...(isNode(node.component) ? [node.component] : []),
    ...(isNode(node.accessory) ? [node.accessory] : []),
  ];
}

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null;
}
