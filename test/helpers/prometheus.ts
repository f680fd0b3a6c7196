import { existsSync } from "node:fs";
import { runToEnd } from "./run.ts";

/** A metric family as Prometheus's reference Python client parses it. */
export type MetricFamily = {
  name: string;
  type: string;
  help: string;
  samples: { name: string; labels: Record<string, string>; value: number }[];
};

/** Debian's python3 with python3-prometheus-client (installed by .ci/run). */
const PYTHON = "/usr/bin/python3";

const PARSER = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
families = []
for family in text_string_to_metric_families(sys.stdin.read()):
    families.append({
        "name": family.name, "type": family.type, "help": family.documentation,
        "samples": [{"name": s.name, "labels": s.labels,
                     "value": s.value if math.isfinite(s.value) else str(s.value)} for s in family.samples],
    })
print(json.dumps(families))
`;

/** Whether the parser is there: CI installs it; elsewhere its tests are skipped (and say so). */
export function prometheusParserAvailable(): boolean {
  if (!existsSync(PYTHON)) return false;
  return Bun.spawnSync([PYTHON, "-c", "import prometheus_client.parser"]).exitCode === 0;
}

/**
 * Parses the text exposition format with prometheus_client's parser (the Python reference client, as Debian
 * ships it): a line it cannot read fails the test with the parser's own message.
 */
export async function parsePrometheus(text: string): Promise<MetricFamily[]> {
  const { code, stdout, stderr } = await runToEnd([PYTHON, "-c", PARSER], { input: text });
  if (code !== 0) throw new Error(`prometheus_client could not parse the metrics:\n${stderr}`);
  return JSON.parse(stdout) as MetricFamily[];
}

/** The value of the sample `name` whose labels include `labels`, or undefined when there is none. */
export function sampleValue(
  families: MetricFamily[],
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const family of families) {
    for (const sample of family.samples) {
      if (sample.name !== name) continue;
      if (Object.entries(labels).every(([key, value]) => sample.labels[key] === value)) return sample.value;
    }
  }
  return undefined;
}

/** Prometheus's own promtool (Debian's `prometheus` package, installed by .ci/run), or undefined. */
export const PROMTOOL = ["/usr/bin/promtool", "/usr/local/bin/promtool"].find((path) => existsSync(path));

/** `promtool check metrics` of an exposition text: its exit code and what it said (nothing when all is well). */
export async function promtoolCheck(text: string): Promise<{ code: number; output: string }> {
  if (!PROMTOOL) throw new Error("promtool is missing: .ci/run installs Debian's prometheus package");
  const { code, stdout, stderr } = await runToEnd([PROMTOOL, "check", "metrics"], { input: text });
  return { code, output: `${stdout}${stderr}`.trim() };
}
