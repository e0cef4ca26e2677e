/**
 * `npm run eval:summaries`: replays the labelled corpus sessions (eval/summaries/labels.json) through
 * the plugin's hook path, reads `mnemo sessions --json`, and scores each session's brief and
 * detailed summary (eval/summaries/score.ts). Figures are printed per split; the test split is
 * the one to quote.
 *
 *   npm run eval:summaries                      both splits, a table per split
 *   npm run eval:summaries -- --split dev       one split
 *   npm run eval:summaries -- --show ID         also print that session's summaries and findings
 *   npm run eval:summaries -- --write           rewrite the table in eval/summaries/RESULTS.md
 *   MNEMO_CORPUS=/path/to/transcripts …         where the transcripts are (default ../shared/corpus/transcripts;
 *                                               sessions under eval/data/transcripts are read from there)
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { transcriptPayloads } from './payloads.ts';
import { dataDirFor, readSessions, replayConfig, replayPayloads } from './replay.ts';
import { scoreSession, totals, type SessionLabel, type SessionScore, type Totals } from './score.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const REPO = join(HERE, '..', '..');

const { values } = parseArgs({
  options: { split: { type: 'string' }, show: { type: 'string', multiple: true }, write: { type: 'boolean' }, json: { type: 'boolean' } },
  strict: true,
});
const corpus = process.env.MNEMO_CORPUS ?? join(REPO, '..', 'shared', 'corpus', 'transcripts');
if (!existsSync(corpus)) {
  process.stderr.write(`eval:summaries: no corpus at ${corpus} (set MNEMO_CORPUS to the transcripts folder)\n`);
  process.exit(1);
}
const all = (JSON.parse(readFileSync(join(HERE, 'labels.json'), 'utf8')) as { sessions: SessionLabel[] }).sessions;
const labels = values.split ? all.filter((l) => l.split === values.split) : all;
const show = new Set(values.show ?? []);

const root = mkdtempSync(join(tmpdir(), 'mnemo-eval-summaries-'));
const scores: SessionScore[] = [];
try {
  const byTranscript = new Map<string, SessionLabel[]>();
  for (const l of labels) byTranscript.set(l.transcript, [...(byTranscript.get(l.transcript) ?? []), l]);
  for (const [transcript, group] of byTranscript) {
    const started = Date.now();
    const { cfg, env } = replayConfig(dataDirFor(root, transcript));
    // Sessions the search sets brought into the repository are read from there, the rest from the corpus.
    const inRepo = join(REPO, 'eval', 'data', 'transcripts', transcript);
    const payloads = transcriptPayloads(existsSync(inRepo) ? inRepo : join(corpus, transcript));
    await replayPayloads(cfg, payloads);
    const sessions = await readSessions(cfg, env);
    for (const label of group) {
      const session = sessions.find((s) => s.externalId.startsWith(label.session));
      const score = scoreSession(label, session?.summary);
      scores.push(score);
      if (show.has(label.id)) {
        process.stdout.write(`\n===== ${label.id} (${label.split}) =====\n--- brief\n${session?.summary?.brief ?? '(none)'}\n--- detailed\n${session?.summary?.detailed ?? '(none)'}\n`);
        process.stdout.write(`--- findings\n${JSON.stringify({ brief: score.brief, detailed: score.detailed }, null, 2)}\n`);
      }
    }
    process.stderr.write(`${transcript}: ${payloads.length} payloads in ${Date.now() - started} ms\n`);
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

function pct(n: number, d: number): string {
  return d === 0 ? '–' : `${Math.round((100 * n) / d)} %`;
}

function table(split: string, t: Totals): string {
  return [
    `**${split}** (${t.sessions} sessions, ${t.withCommits} with commits, ${t.commits} commit subjects${t.missing ? `, ${t.missing} without a summary` : ''})`,
    '',
    '| measure | value |',
    '|---|---|',
    `| commit subjects named, brief | ${t.briefNamed}/${t.commits} (${pct(t.briefNamed, t.commits)}) |`,
    `| commit subjects named, detailed | ${t.detailedNamed}/${t.commits} (${pct(t.detailedNamed, t.commits)}) |`,
    `| sessions meeting the brief goal (≥ 60 %, ≤ 5 required) | ${t.briefPass}/${t.withCommits} |`,
    `| sessions meeting the detailed goal (≥ 80 %, ≤ 12 required) | ${t.detailedPass}/${t.withCommits} |`,
    `| contradictions (done and open at once) | ${t.contradictions} |`,
    `| noise lines (host bookkeeping, acknowledgements as goals) | ${t.noise} |`,
    `| next steps present where the session ended open | ${t.nextPass}/${t.endedOpen} |`,
    `| other accomplishments kept (detailed) | ${t.doneFound}/${t.done} |`,
    `| open items kept (detailed, open + next) | ${t.openFound}/${t.open} |`,
    `| summaries over the limits (900 / 3,200 characters) | ${t.overLimit} |`,
    ...(t.notDone ? [`| things not done listed as done (labelled ${t.notDone}) | ${t.falseDone} |`] : []),
  ].join('\n');
}

const splits = (['dev', 'test'] as const).filter((s) => labels.some((l) => l.split === s));
const tables = splits.map((s) => table(s === 'test' ? 'test split (held out from tuning)' : 'dev split (tuned on)', totals(labels.filter((l) => l.split === s), scores.filter((x) => x.split === s))));
const perSession = [
  '| session | split | brief commits | detailed commits | contradictions | noise | next steps |',
  '|---|---|---|---|---|---|---|',
  ...scores.map((s) =>
    s.brief && s.detailed
      ? `| ${s.id} | ${s.split} | ${s.brief.commitsNamed}/${s.brief.commitsRequired} | ${s.detailed.commitsNamed}/${s.detailed.commitsRequired} | ${new Set([...s.brief.contradictions, ...s.detailed.contradictions]).size} | ${new Set([...s.brief.noise, ...s.detailed.noise]).size} | ${s.brief.nextPass && s.detailed.nextPass ? 'ok' : 'missing'} |`
      : `| ${s.id} | ${s.split} | – | – | – | – | no summary |`,
  ),
].join('\n');
const report = `${tables.join('\n\n')}\n\nPer session (named/required):\n\n${perSession}`;
if (values.json) process.stdout.write(`${JSON.stringify(scores, null, 2)}\n`);
else process.stdout.write(`\n${report}\n`);

if (values.write) {
  const file = join(HERE, 'RESULTS.md');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '# Summary evaluation\n\n<!-- eval:begin -->\n<!-- eval:end -->\n';
  writeFileSync(file, text.replace(/<!-- eval:begin -->[\s\S]*<!-- eval:end -->/, `<!-- eval:begin -->\n${report}\n<!-- eval:end -->`));
}
