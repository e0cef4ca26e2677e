import { platform } from '../../../src/platforms/vscode.ts';
import { runPlatformSuite } from './common.case.ts';

const CWD = '/work/demo-repo';
const T = `${CWD}/.no-transcript.jsonl`;
const base = { platform: 'vscode', sessionId: 'vsc-4e0b9a', cwd: CWD, transcriptPath: T };

runPlatformSuite({
  platform,
  fixture: 'vscode',
  expected: {
    // "new" is VS Code's only source: a fresh session, which mnemo spells startup.
    start: { ...base, event: 'SessionStart', source: 'startup' },
    prompt: { ...base, event: 'UserPromptSubmit', prompt: 'VSCPROMPT add input validation to the signup form' },
    pre: { ...base, event: 'PreToolUse', toolName: 'editFiles', toolInput: { files: [`${CWD}/src/signup.ts`] }, toolUseId: 'tool-vsc-1' },
    post: { ...base, event: 'PostToolUse', toolName: 'editFiles', toolUseId: 'tool-vsc-1', toolResponse: 'VSCOUTPUT File edited successfully' },
    'post-terminal': { ...base, event: 'PostToolUse', toolName: 'runInTerminal', toolInput: { command: 'npm test -- signup' }, toolUseId: 'tool-vsc-2' },
    subagent: { ...base, event: 'SubagentStop', agentId: 'subagent-456', agentType: 'Plan', lastAssistantMessage: undefined },
    precompact: { ...base, event: 'PreCompact', trigger: 'auto' },
    ignored: 'ignored',
    stop: { ...base, event: 'Stop' },
  },
  sessionStartOutput: (ctx) => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: ctx } }),
  stopOutput: '{}',
  wrongType: { id: 'post', field: 'tool_input', value: 'SECRET-VALUE' },
});
