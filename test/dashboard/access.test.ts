import { describe, expect, test } from "bun:test";
import { type Action, accessOf, may, visibleWhitelists } from "../../src/dashboard/access.ts";
import type { Member } from "../../src/registration/model.ts";
import type { Whitelist } from "../../src/whitelists/model.ts";

// The dashboard's one access rule (src/dashboard/access.ts; docs/dashboard.md, Who sees what) as a table: each
// kind of person against each thing a page or a form asks to do.

const STAFF_ROLE = "140000000000000003";
const survival = { id: "survival01", managerRoleIds: [STAFF_ROLE] } as unknown as Whitelist;
const creative = { id: "creative01", managerRoleIds: [] } as unknown as Whitelist;
const whitelists = [survival, creative];

const ME = "130000000000000009";
const OTHER = "130000000000000003";
const person = (roleIds: string[], canManageGuild = false): Member => ({
  userId: ME,
  roleIds,
  canManageGuild,
});

/** Who asks: Manage Server, a manager of survival only, a member, someone not on the server, the bot not knowing. */
const people = {
  server: person([], true),
  manager: person([STAFF_ROLE]),
  member: person(["140000000000000001"]),
  absent: null,
  unknown: undefined,
} as const;

const actions: Record<string, Action> = {
  "see the server": { do: "see-server" },
  "see survival": { do: "see-whitelist", whitelistId: "survival01" },
  "see creative": { do: "see-whitelist", whitelistId: "creative01" },
  "remove or decide on survival": { do: "manage-entries", whitelistId: "survival01" },
  "remove or decide on creative": { do: "manage-entries", whitelistId: "creative01" },
  "edit survival's settings": { do: "edit-whitelist", whitelistId: "survival01" },
  "see their own page": { do: "see-member", userId: ME },
  "see another member's page": { do: "see-member", userId: OTHER },
  "see the audit log": { do: "see-log" },
  "manage link keys": { do: "manage-keys" },
};

/** The table: for each action, who may (Y) and who may not (.), in the order of `people`. */
const TABLE: Record<keyof typeof actions, string> = {
  "see the server": "YYY..",
  "see survival": "YY...",
  "see creative": "Y....",
  "remove or decide on survival": "YY...",
  "remove or decide on creative": "Y....",
  "edit survival's settings": "Y....",
  "see their own page": "YYY..",
  "see another member's page": "YY...",
  "see the audit log": "YY...",
  "manage link keys": "Y....",
};

describe("who may do what in the dashboard", () => {
  for (const [name, action] of Object.entries(actions)) {
    test(`${name}: ${TABLE[name]}`, () => {
      const row = Object.values(people)
        .map((member) => (may(accessOf(member, whitelists), ME, action) ? "Y" : "."))
        .join("");
      expect(row).toBe(TABLE[name] as string);
    });
  }

  test("the whitelists each sees: all, the managed ones, none", () => {
    const seen = Object.fromEntries(
      Object.entries(people).map(([who, member]) => [
        who,
        visibleWhitelists(accessOf(member, whitelists), whitelists).map((whitelist) => whitelist.id),
      ]),
    );
    expect(seen).toEqual({
      server: ["survival01", "creative01"],
      manager: ["survival01"],
      member: [],
      absent: [],
      unknown: [],
    });
  });

  test("Manage Server is read from the member now: losing a role loses the whitelist with it", () => {
    expect(may(accessOf(person([]), whitelists), ME, actions["see survival"] as Action)).toBe(false);
  });
});
