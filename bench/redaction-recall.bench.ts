/**
 * Breadth of redaction, held out: how many credential formats survive `redactText` when planted in
 * an env dump, a config file, a command line, a sentence and (prefixed formats) a tool's bare output.
 * DEV is gitleaks' catalogue, which the rules were tuned against; TEST is trufflehog's detectors for
 * providers gitleaks does not cover, never tuned on (test/fixtures/secrets/catalogue.ts). A planting
 * counts as caught when neither the value nor any 12-character slice of it is left.
 *
 *   npm run bench -- redaction-recall
 */
import { redactText } from '../src/core/privacy/redact.ts';
import { tokenFormats } from '../src/core/privacy/token-formats.ts';
import { DEV, PLACES, TEST, render, type Credential, type Place } from '../test/fixtures/secrets/catalogue.ts';
import { baselineCommit, loadPrivacyAt } from './lib/baseline-privacy.ts';
import { machine, machineLine, shouldWrite, writeSection } from './lib/report.ts';
import { table } from './lib/stats.ts';

function leaks(out: string, value: string): boolean {
  if (out.includes(value)) return true;
  for (let i = 0; i + 12 <= value.length; i += 6) if (out.includes(value.slice(i, i + 12))) return true;
  return false;
}

interface Score {
  caught: number;
  planted: number;
  byPlace: Map<Place, [number, number]>;
  missed: string[];
}

function score(set: readonly Credential[], redact: (t: string) => string): Score {
  const s: Score = { caught: 0, planted: 0, byPlace: new Map(), missed: [] };
  set.forEach((c, i) => {
    for (const place of PLACES) {
      const text = render(c, place, i);
      if (text === undefined) continue;
      const ok = !leaks(redact(text), c.value);
      s.planted++;
      if (ok) s.caught++;
      else if (s.missed.length < 400) s.missed.push(`${c.id} @ ${place}`);
      const [a, b] = s.byPlace.get(place) ?? [0, 0];
      s.byPlace.set(place, [a + (ok ? 1 : 0), b + 1]);
    }
  });
  return s;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} % (${a}/${b})` : '–');
const PREFIXES = tokenFormats().flatMap((f) => f.prefixes);
/** Test formats whose value starts with a prefix mnemo's table names (it knew them from elsewhere). */
const namedByTable = (c: Credential) => PREFIXES.some((p) => p.length >= 3 && c.value.startsWith(p));

async function main(): Promise<void> {
  const commit = baselineCommit();
  const old = await loadPrivacyAt(commit);
  const testUnnamed = TEST.filter((c) => !namedByTable(c));
  const sets: [string, readonly Credential[]][] = [
    [`dev: gitleaks (${DEV.length} formats)`, DEV],
    [`**test**: trufflehog, not in gitleaks (${TEST.length} formats)`, TEST],
    [`**test**, without the ${TEST.length - testUnnamed.length} formats whose prefix the table names`, testUnnamed],
  ];
  const rows: string[][] = [];
  const missedLines: string[] = [];
  for (const [name, set] of sets) {
    const before = score(set, old.redactText);
    const now = score(set, redactText);
    rows.push([name, pct(before.caught, before.planted), pct(now.caught, now.planted), ...PLACES.map((p) => pct(...(now.byPlace.get(p) ?? [0, 0])))]);
    console.log(`${name}: baseline ${pct(before.caught, before.planted)}, now ${pct(now.caught, now.planted)}`);
    console.log(`  missed: ${now.missed.join(', ')}`);
    if (now.missed.length) missedLines.push(`- ${name.replace(/\*/g, '')}: ${now.missed.slice(0, 60).join(', ')}`);
  }
  const md = [
    '## Redaction recall, held out (bench/redaction-recall.bench.ts)',
    '',
    machineLine(machine()),
    '',
    `Share of plantings redacted (value and every 12-character slice gone). Baseline: the rules at ${commit.slice(0, 7)}. Test rows are the held-out figures.`,
    '',
    table(['set', 'baseline', 'current', ...PLACES.map((p) => `current: ${p}`)], rows),
    '',
    'Missed (current rules):',
    '',
    ...missedLines,
  ].join('\n');
  if (shouldWrite()) writeSection('redaction-recall', md);
}

await main();
