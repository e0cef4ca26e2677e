import { platform } from '../../../src/platforms/copilot.ts';
import { runPlatformSuite } from './common.case.ts';

const CWD = '/work/demo-repo';
const T = `${CWD}/.no-transcript.jsonl`;
const base = { platform: 'copilot', sessionId: 'cop-91c2d7', cwd: CWD };

runPlatformSuite({
  platform,
  fixture: 'copilot',
  expected: {
    start: { ...base, event: 'SessionStart', source: 'startup' },
    prompt: { ...base, event: 'UserPromptSubmit', prompt: 'COPPROMPT fix the failing lint in src/util/date.ts' },
    // No tool-call id in Copilot's camelCase payloads.
    pre: { ...base, event: 'PreToolUse', toolName: 'bash', toolInput: { command: 'npx eslint src/util/date.ts', description: 'Lint the file' }, toolUseId: undefined },
    post: {
      ...base,
      event: 'PostToolUse',
      toolName: 'bash',
      toolResponse: "COPOUTPUT src/util/date.ts\n  12:7  error  'tz' is assigned a value but never used  no-unused-vars",
      error: undefined,
    },
    // toolArgs as a JSON string (older CLI builds) is decoded.
    'post-args-string': { ...base, event: 'PostToolUse', toolName: 'view', toolInput: { path: `${CWD}/src/util/date.ts` } },
    failure: { ...base, event: 'PostToolUseFailure', toolName: 'edit', error: 'COPERROR No match found for old_str in src/util/date.ts', isInterrupt: undefined },
    // A refused call is an interrupt-like failure.
    rejected: { ...base, event: 'PostToolUseFailure', toolName: 'bash', error: 'The user rejected this tool call.', isInterrupt: true, toolResponse: undefined },
    error: 'ignored',
    subagent: { ...base, event: 'SubagentStop', transcriptPath: T, agentId: 'agent-7', agentType: 'explore', lastAssistantMessage: 'COPSUB date.ts is imported by 3 modules' },
    precompact: { ...base, event: 'PreCompact', transcriptPath: T, trigger: 'manual', customInstructions: 'keep the lint decisions' },
    stop: { ...base, event: 'Stop', transcriptPath: T, lastAssistantMessage: undefined },
    end: { ...base, event: 'SessionEnd', reason: 'abort' },
  },
  sessionStartOutput: (ctx) => ({ additionalContext: ctx }),
  stopOutput: '{}',
  wrongType: { id: 'prompt', field: 'prompt', value: 42 },
});
