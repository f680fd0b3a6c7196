import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { IDS, PROFILES, SEED, startWorld, type World } from "../bot/world.ts";
import { ROOT } from "../helpers/binary.ts";
import { chromiumAvailable, loopbackPage } from "../helpers/chromium.ts";

// The dashboard in headless Chromium (Debian's chromium through playwright-core), as each of three people meets
// it: signing in on the sandbox's Discord authorization page, the pages they may open, axe-core's accessibility
// rules on every one of them (no serious or critical violation), the Content-Security-Policy holding (the page
// logs a violation as a console error), and nothing fetched off loopback. DASHBOARD_SCREENSHOT=1 also writes
// docs/dashboard-phone.png, a page as a 390 px wide phone shows it.

const available = chromiumAvailable("the dashboard browser test");
const AXE = join(ROOT, "node_modules", "axe-core", "axe.min.js");

let world: World;
let survival = "";
const server = `/dashboard/servers/${IDS.guild}`;

type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };

/** axe-core's serious and critical violations of the page as it stands (injected over DevTools, not by a tag). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(await Bun.file(AXE).text());
  const violations = (await page
    .evaluate("axe.run(document, { resultTypes: ['violations'] })")
    .then((result) => (result as { violations: Violation[] }).violations)) as Violation[];
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) =>
        `${page.url()}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/** Signs in as `username` the way a person does: the dashboard's button, then their name on Discord's page. */
async function signIn(page: Page, username: string): Promise<void> {
  await page.goto(`${world.service.publicUrl}/dashboard`);
  await page.getByRole("link", { name: "Sign in with Discord" }).click();
  await page.getByRole("button", { name: `Sign in as ${username}` }).click();
  await page.waitForURL(`${world.service.publicUrl}/dashboard`);
}

beforeAll(async () => {
  if (!available) return;
  world = await startWorld({ dashboard: true });
  await world.useLogChannel();
  survival = (
    await world.whitelist({
      registrationMode: "approval",
      grantedRoleIds: [IDS.whitelistedRole],
      managerRoleIds: [IDS.staffRole],
      form: [
        {
          label: "Why do you want to join?",
          style: "paragraph" as const,
          required: true,
          minLength: 0,
          maxLength: 400,
          placeholder: null,
        },
      ],
    })
  ).id;
  await world.services.registration.register({
    guildId: IDS.guild,
    whitelist: survival,
    member: { userId: IDS.alice, roleIds: [IDS.playerRole], canManageGuild: false },
    actor: { userId: IDS.owner, roleIds: [], canManageGuild: true },
    nick: PROFILES.notch.name,
    origin: "staff",
  });
  // A key whose agent reported, so the keys page shows an agent's state (axe reads its list too).
  const { key } = await world.services.keys.create({
    guildId: IDS.guild,
    name: "lobby",
    whitelistId: survival,
    mayRemove: false,
    createdBy: IDS.owner,
  });
  await world.services.agentStatus.report(key.id, "a-socket", {
    type: "status",
    agent: "whitelist-sync-agent/1.4.0",
    mode: "file",
    format: "vanilla",
    applied: "3",
    drift: 1,
    error: "RCON 127.0.0.1:25575 refused the connection",
  });
  // A request waiting with its form answers, so the requests page every staff member opens shows one.
  const opened = await world.run(IDS.carol, "register", {
    channelId: IDS.survivalChannel,
    options: { nick: PROFILES.jeb.name },
  });
  if (!("interactionId" in opened.body)) throw new Error(`no form: ${JSON.stringify(opened.body)}`);
  await world.submitModal(IDS.carol, opened.body.interactionId as string, {
    q1: "To build a castle <b>now</b>",
  });
  await world.message(IDS.logChannel, "the request", (message) => message.components.length > 0);
}, 60_000);

afterAll(async () => {
  await world?.stop();
});

const username = (id: string) => SEED.members.find((member) => member.id === id)?.username ?? id;

/** What each person opens: every page their access reaches. */
const PAGES: Record<string, { id: string; paths: () => string[] }> = {
  owner: {
    id: IDS.owner,
    paths: () => [
      "/dashboard",
      server,
      `${server}/whitelists/${survival}`,
      `${server}/whitelists/${survival}/entries`,
      `${server}/requests`,
      `${server}/log`,
      `${server}/keys`,
      `${server}/members/${IDS.alice}`,
    ],
  },
  manager: {
    id: IDS.manager,
    paths: () => [server, `${server}/whitelists/${survival}/entries`, `${server}/requests`, `${server}/log`],
  },
  alice: { id: IDS.alice, paths: () => [server, `${server}/members/${IDS.alice}`] },
};

describe.skipIf(!available)("the dashboard in Chromium", () => {
  for (const [who, { id, paths }] of Object.entries(PAGES)) {
    test(`${who} signs in with Discord and every page they open passes axe-core, within the CSP`, async () => {
      const { browser, page, offLoopback, consoleErrors } = await loopbackPage();
      try {
        await signIn(page, username(id));
        const violations: string[] = [];
        const statuses: number[] = [];
        for (const path of paths()) {
          const response = await page.goto(`${world.service.publicUrl}${path}`);
          statuses.push(response?.status() ?? 0);
          violations.push(...(await seriousViolations(page)));
        }
        expect({ statuses, violations, offLoopback, consoleErrors }).toEqual({
          statuses: paths().map(() => 200),
          violations: [],
          offLoopback: [],
          consoleErrors: [],
        });
      } finally {
        await browser.close();
      }
    }, 60_000);
  }

  test("staff remove a nick after the page's confirmation, and the log page shows it live", async () => {
    const staff = await loopbackPage();
    const log = await loopbackPage();
    try {
      await signIn(staff.page, username(IDS.owner));
      await signIn(log.page, username(IDS.manager));
      await log.page.goto(`${world.service.publicUrl}${server}/log`);
      await staff.page.goto(`${world.service.publicUrl}${server}/whitelists/${survival}/entries`);
      staff.page.on("dialog", (dialog) => void dialog.accept());
      await staff.page.getByLabel(`Reason for removing ${PROFILES.notch.name}`).fill("griefing");
      await staff.page.getByRole("button", { name: "Remove" }).click();
      await staff.page.getByText(`${PROFILES.notch.name} was removed.`).waitFor();
      // The row arrives over the page's event stream (server-sent events, connect-src 'self').
      await log.page.locator("tbody tr", { hasText: "griefing" }).waitFor();
      expect([...staff.consoleErrors, ...log.consoleErrors]).toEqual([]);
    } finally {
      await staff.browser.close();
      await log.browser.close();
    }
  }, 60_000);

  test("staff read a request's form answers and approve it: the role is granted in Discord, the log is told", async () => {
    const { browser, page, consoleErrors } = await loopbackPage({ width: 390, height: 844 });
    try {
      await signIn(page, username(IDS.manager));
      await page.goto(`${world.service.publicUrl}${server}/requests`);
      const request = page.locator("section", { hasText: PROFILES.jeb.name });
      // The answer as text: markup a member typed is shown, never obeyed.
      await request.getByText("To build a castle <b>now</b>").waitFor();
      await request.getByLabel(/^Reason/).fill("welcome aboard");
      await request.getByRole("button", { name: "Approve" }).click();
      await page.getByText(`${PROFILES.jeb.name} was approved.`).waitFor();
      await world.roles(IDS.carol, "the granted role", (roles) => roles.includes(IDS.whitelistedRole));
      await world.message(IDS.logChannel, "the request's post become its decision", (message) =>
        message.embeds.some((embed) => embed.title === "Request approved"),
      );
      expect(consoleErrors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  test.skipIf(!process.env.DASHBOARD_SCREENSHOT)(
    "a phone's view (docs/dashboard-phone.png)",
    async () => {
      const { browser, page } = await loopbackPage({ width: 390, height: 844 });
      try {
        await signIn(page, username(IDS.owner));
        await page.goto(`${world.service.publicUrl}${server}`);
        await page.screenshot({ path: join(ROOT, "docs", "dashboard-phone.png") });
      } finally {
        await browser.close();
      }
    },
    60_000,
  );
});
