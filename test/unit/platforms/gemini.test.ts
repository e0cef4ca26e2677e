import { platform } from '../../../src/platforms/gemini.ts';
import { runPlatformSuite } from './common.case.ts';

const CWD = '/work/demo-repo';
const T = `${CWD}/.no-transcript.jsonl`;
const base = { platform: 'gemini', sessionId: 'gem-7f3a1c', cwd: CWD, transcriptPath: T };

runPlatformSuite({
  platform,
  fixture: 'gemini',
  expected: {
    start: { ...base, event: 'SessionStart', source: 'startup' },
    prompt: { ...base, event: 'UserPromptSubmit', prompt: 'GEMPROMPT make the retry test in src/http/retry.ts stable' },
    'before-tool': { ...base, event: 'PreToolUse', toolName: 'run_shell_command', toolInput: { command: 'npm test -- retry', description: 'Run the retry tests' }, toolUseId: undefined },
    'after-tool': {
      ...base,
      event: 'PostToolUse',
      toolName: 'run_shell_command',
      toolResponse: 'Command: npm test -- retry\nDirectory: (root)\nOutput: GEMOUTPUT 12 passing\nError: (none)\nExit Code: 0',
      error: undefined,
    },
    'after-tool-mcp': { ...base, event: 'PostToolUse', toolName: 'mcp__github__get_issue', toolInput: { owner: 'acme', repo: 'shop', issue_number: 42 }, toolResponse: 'Issue #42: retry test is flaky' },
    'after-tool-error': {
      ...base,
      event: 'PostToolUseFailure',
      toolName: 'read_file',
      toolInput: { absolute_path: `${CWD}/src/http/missing.ts` },
      error: `GEMERROR File not found: ${CWD}/src/http/missing.ts`,
      isInterrupt: undefined,
      toolResponse: undefined,
    },
    'after-tool-interrupt': { ...base, event: 'PostToolUseFailure', toolName: 'run_shell_command', error: 'Command was cancelled by user before it could complete.', isInterrupt: true },
    stop: { ...base, event: 'Stop', lastAssistantMessage: 'GEMANSWER The retry test now uses fake timers; 12 passing.', prompt: undefined },
    compress: { ...base, event: 'PreCompact', trigger: 'auto' },
    ignored: 'ignored',
    end: { ...base, event: 'SessionEnd', reason: 'exit' },
  },
  sessionStartOutput: (ctx) => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: ctx } }),
  stopOutput: '{}',
  wrongType: { id: 'prompt', field: 'prompt', value: { text: 'SECRET-VALUE' } },
});
