import test from 'node:test';
import assert from 'node:assert/strict';
import { formatClaudeCode, parseClaudeCode, platform, PayloadError } from '../../../src/platforms/claude-code.ts';
import { runPlatformSuite } from './common.case.ts';
import { eventById, loadFixture } from './fixtures.ts';

const CWD = '/work/demo-repo';
const T = `${CWD}/.no-transcript.jsonl`;
const base = { platform: 'claude-code', sessionId: 'cc-2b8f41', cwd: CWD, transcriptPath: T };

runPlatformSuite({
  platform,
  fixture: 'claude-code',
  expected: {
    start: { ...base, event: 'SessionStart', source: 'startup', model: 'claude-sonnet-4-5' },
    prompt: { ...base, event: 'UserPromptSubmit', prompt: 'CCPROMPT cache the exchange rates in src/rates.ts', promptId: 'prm-1' },
    post: { ...base, event: 'PostToolUse', toolName: 'Bash', toolUseId: 'toolu_cc_1', durationMs: 2300, toolResponse: { stdout: 'CCOUTPUT 5 passing', stderr: '', interrupted: false, isImage: false } },
    'failure-interrupt': { ...base, event: 'PostToolUseFailure', toolName: 'Bash', error: 'Command was interrupted', isInterrupt: true },
    ignored: 'ignored',
    stop: { ...base, event: 'Stop', lastAssistantMessage: 'CCANSWER Rates are cached for 10 minutes.' },
    end: { ...base, event: 'SessionEnd', reason: 'prompt_input_exit' },
  },
  sessionStartOutput: (ctx) => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: ctx } }),
  stopOutput: '',
  wrongType: { id: 'prompt', field: 'prompt', value: { text: 'SECRET-VALUE' } },
});

test('parseClaudeCode keeps its contract: an event or a PayloadError', () => {
  const f = loadFixture('claude-code', CWD);
  assert.equal(parseClaudeCode(undefined, eventById(f, 'prompt').payload).event, 'UserPromptSubmit');
  // The argument names the event only when the payload does not.
  assert.equal(parseClaudeCode('Stop', { session_id: 's', cwd: CWD }).event, 'Stop');
  assert.throws(() => parseClaudeCode(undefined, eventById(f, 'ignored').payload), (e: unknown) => e instanceof PayloadError && /unknown hook event: Notification/.test((e as Error).message));
  assert.throws(() => parseClaudeCode('Bogus', { session_id: 's' }), /unknown hook event: Bogus/);
  assert.throws(() => parseClaudeCode('Stop', [1]), /not a JSON object \(got an array\)/);
  assert.equal(formatClaudeCode('UserPromptSubmit', { context: 'x' }), JSON.stringify({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: 'x' } }));
  assert.equal(formatClaudeCode('Stop', { context: 'x' }), '', 'Stop never prints: output there keeps Claude talking');
});
