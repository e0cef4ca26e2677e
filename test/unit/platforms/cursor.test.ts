import { platform } from '../../../src/platforms/cursor.ts';
import { runPlatformSuite } from './common.case.ts';

const CWD = '/work/demo-repo';
const T = `${CWD}/.no-transcript.jsonl`;
const base = { platform: 'cursor', sessionId: 'cur-5d21-conv', cwd: CWD };

runPlatformSuite({
  platform,
  fixture: 'cursor',
  expected: {
    start: { ...base, event: 'SessionStart', source: 'startup', transcriptPath: T, model: 'claude-4.5-sonnet' },
    prompt: { ...base, event: 'UserPromptSubmit', prompt: 'CURSORPROMPT rename fetchJson to getJson everywhere' },
    pre: { ...base, event: 'PreToolUse', toolName: 'Shell', toolInput: { command: 'rg -l fetchJson', working_directory: CWD }, toolUseId: 'toolu_cur_1' },
    // tool_output arrives as a JSON string and is decoded.
    post: { ...base, event: 'PostToolUse', toolName: 'Shell', toolUseId: 'toolu_cur_1', toolResponse: { exitCode: 0, stdout: 'src/api.ts\nCURSOROUTPUT src/cart.ts' }, durationMs: 412 },
    failure: {
      ...base,
      event: 'PostToolUseFailure',
      toolName: 'Shell',
      toolUseId: 'toolu_cur_2',
      error: "CURSORERROR src/cart.ts(4,10): error TS2305: Module has no exported member 'fetchJson'",
      isInterrupt: false,
    },
    'failure-interrupt': { ...base, event: 'PostToolUseFailure', toolName: 'Shell', error: 'Command aborted', isInterrupt: true },
    // The per-kind events become tool calls of the same shape.
    shell: { ...base, event: 'PostToolUse', toolName: 'Shell', toolInput: { command: 'git status --short', cwd: CWD }, toolResponse: ' M src/api.ts\nCURSORSHELL M src/cart.ts', toolUseId: undefined },
    edit: {
      ...base,
      event: 'PostToolUse',
      toolName: 'Edit',
      toolInput: {
        file_path: `${CWD}/src/cart.ts`,
        edits: [
          { old_string: "import { fetchJson } from './api'", new_string: "import { getJson } from './api'" },
          { old_string: 'await fetchJson(url)', new_string: 'await getJson(url)' },
        ],
      },
    },
    mcp: { ...base, event: 'PostToolUse', toolName: 'linear_get_issue', toolInput: { id: 'ENG-12' }, toolResponse: { content: [{ type: 'text', text: 'CURSORMCP ENG-12 rename API helpers' }] } },
    response: { ...base, event: 'Stop', lastAssistantMessage: 'CURSORANSWER Renamed fetchJson to getJson in 2 files; typecheck passes.' },
    subagent: { ...base, event: 'SubagentStop', agentType: 'explore', lastAssistantMessage: 'CURSORSUB Found 2 importers of fetchJson' },
    precompact: { ...base, event: 'PreCompact', trigger: 'auto' },
    stop: { ...base, event: 'Stop', lastAssistantMessage: undefined },
    ignored: 'ignored',
    end: { ...base, event: 'SessionEnd', reason: 'user_close', durationMs: 61000 },
  },
  sessionStartOutput: (ctx) => ({ additional_context: ctx }),
  stopOutput: '{}',
  wrongType: { id: 'prompt', field: 'prompt', value: { text: 'SECRET-VALUE' } },
});
