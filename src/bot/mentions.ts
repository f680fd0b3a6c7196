/** A role list as mentions in a message (`<@&id>` renders as the role's name, pinging nobody here). */
export function roleMentions(roleIds: readonly string[]): string {
  return roleIds.map((roleId) => `<@&${roleId}>`).join(", ");
}
