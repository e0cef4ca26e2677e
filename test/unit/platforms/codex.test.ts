import { platform } from '../../../src/platforms/codex.ts';
import { runPlatformSuite } from './common.case.ts';

const CWD = '/work/demo-repo';
const T = `${CWD}/.no-transcript.jsonl`;
const base = { platform: 'codex', sessionId: '019a3c2e-codex-0001', cwd: CWD, transcriptPath: T, model: 'gpt-5-codex' };

runPlatformSuite({
  platform,
  fixture: 'codex',
  expected: {
    // transcript_path null: absent, not "null".
    start: { ...base, transcriptPath: undefined, event: 'SessionStart', source: 'startup' },
    // Codex's turn_id is the prompt's natural key.
    prompt: { ...base, event: 'UserPromptSubmit', prompt: 'CODEXPROMPT add a --dry-run flag to the deploy script', promptId: 'turn-1' },
    pre: { ...base, event: 'PreToolUse', toolName: 'Bash', toolInput: { command: 'cargo test -p deploy' }, toolUseId: 'call_codex_1', promptId: undefined },
    post: { ...base, event: 'PostToolUse', toolName: 'Bash', toolResponse: 'running 7 tests\nCODEXOUTPUT test result: ok. 7 passed; 0 failed', toolUseId: 'call_codex_1' },
    'post-mcp': { ...base, event: 'PostToolUse', toolName: 'mcp__docs__search', toolResponse: { content: [{ type: 'text', text: 'clap: use ArgAction::SetTrue' }] } },
    'post-error': { ...base, event: 'PostToolUse', toolName: 'Bash', toolUseId: 'call_codex_3' },
    interrupt: 'ignored',
    subagent: { ...base, event: 'SubagentStop', agentId: '019a3c2e-child-0002', agentType: 'explorer', lastAssistantMessage: 'CODEXSUB deploy.rs parses flags with clap' },
    precompact: { ...base, event: 'PreCompact', trigger: 'manual' },
    stop: { ...base, event: 'Stop', lastAssistantMessage: 'CODEXANSWER Added --dry-run; cargo test passes.' },
    end: { ...base, event: 'SessionEnd', reason: 'other' },
  },
  sessionStartOutput: (ctx) => ({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: ctx } }),
  stopOutput: '',
  wrongType: { id: 'prompt', field: 'prompt', value: ['SECRET-VALUE'] },
});
