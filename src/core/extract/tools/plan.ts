/**
 * @module core/extract/tools/plan
 * Plan mode: entering it, leaving it with a plan, and the user's verdict. An approved plan is
 * the most important kind of plan event (priority 1): it is what the next session should follow.
 * A rejection arrives as a failed ExitPlanMode (the user declined the tool call).
 */
import { asRecord, str } from '../fields.ts';
import { makeEvent } from '../events.ts';
import { ruleGist } from './files.ts';
import type { Extractor } from '../context.ts';
import type { ExtractedEvent } from '../types.ts';

const APPROVED_RE = /\bapproved\b/i;
const REJECTED_RE = /doesn't want to proceed|rejected|declined|denied/i;

/** `plan_enter`, `plan_exit` and the verdict (`plan_approved` / `plan_rejected`). */
export const planExtractor: Extractor = {
  name: 'plan',
  match: (ctx) => ctx.tool === 'EnterPlanMode' || ctx.tool === 'ExitPlanMode',
  extract(ctx) {
    if (ctx.tool === 'EnterPlanMode') return ctx.failure || ctx.phase === 'pre' ? [] : [makeEvent('plan_enter', 'entered plan mode')];
    const plan = str(ctx.input, 'plan') ?? str(asRecord(ctx.response), 'plan') ?? '';
    // Newer Claude Code keeps the plan in a file and returns its path instead of the text.
    const planFile = str(asRecord(ctx.response), 'filePath', 'planFilePath') ?? str(ctx.input, 'planFilePath');
    const summary = plan ? ruleGist(plan) : planFile ? `plan in ${planFile}` : 'left plan mode';
    const out: ExtractedEvent[] = [makeEvent('plan_exit', summary)];
    if (ctx.phase === 'pre') return out;
    const text = typeof ctx.response === 'string' ? ctx.response : str(asRecord(ctx.response), 'message', 'result') ?? '';
    if (ctx.failure || REJECTED_RE.test(text) && !APPROVED_RE.test(text)) {
      const why = ctx.failure?.reason ?? text;
      out.push(makeEvent('plan_rejected', `${summary}${why ? ` — ${why}` : ''}`));
    } else if (ctx.hasResponse) {
      out.push(makeEvent('plan_approved', summary));
    }
    return out;
  },
};
