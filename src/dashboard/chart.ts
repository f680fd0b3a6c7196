import type { DayCount } from "../entries/history.ts";
import type { Words } from "../i18n/words.ts";
import { type Html, html } from "./html.ts";

const WIDTH = 560;
const HEIGHT = 160;
const AXIS = 18;

/**
 * Registrations and removals per day as an SVG bar chart drawn on the server (no script, no inline style: its
 * colours come from the stylesheet's classes), with the same numbers as a table for screen readers.
 */
export function dayChart(words: Words, days: readonly DayCount[]): Html {
  const top = Math.max(1, ...days.map((day) => Math.max(day.added, day.removed)));
  const slot = WIDTH / Math.max(1, days.length);
  const bar = Math.max(2, slot / 2 - 2);
  const scale = (count: number) => Math.round(((HEIGHT - AXIS - 4) * count) / top);
  const bars = days.map((day, index) => {
    const x = Math.round(index * slot + 1);
    const added = scale(day.added);
    const removed = scale(day.removed);
    const label = words.t("dashboard.chart.day", { day: day.day, added: day.added, removed: day.removed });
    return html`<g><title>${label}</title>
<rect class="added" x="${x}" y="${HEIGHT - AXIS - added}" width="${Math.round(bar)}" height="${added}"></rect>
<rect class="removed" x="${Math.round(x + bar + 1)}" y="${HEIGHT - AXIS - removed}" width="${Math.round(bar)}" height="${removed}"></rect>
${index % 7 === 0 ? html`<text x="${x}" y="${HEIGHT - 4}">${day.day.slice(5)}</text>` : ""}</g>`;
  });
  const rows = days.map(
    (day) => html`<tr><th scope="row">${day.day}</th><td>${day.added}</td><td>${day.removed}</td></tr>`,
  );
  return html`<figure>
<svg class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="chart-caption">${bars}</svg>
<figcaption id="chart-caption">${words.t("dashboard.chart.caption", { days: days.length })}
<span class="legend"><span class="added">■ ${words.t("dashboard.chart.added")}</span> <span class="removed">■ ${words.t("dashboard.chart.removed")}</span></span></figcaption>
</figure>
<details><summary>${words.t("dashboard.chart.asTable")}</summary><div class="scroll"><table>
<thead><tr><th scope="col">${words.t("dashboard.chart.dayColumn")}</th><th scope="col">${words.t("dashboard.chart.added")}</th><th scope="col">${words.t("dashboard.chart.removed")}</th></tr></thead>
<tbody>${rows}</tbody></table></div></details>`;
}
