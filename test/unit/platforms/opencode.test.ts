import { platform } from '../../../src/platforms/opencode.ts';
import { runPlatformSuite } from './common.case.ts';

const CWD = '/work/demo-repo';
const base = { platform: 'opencode', sessionId: 'ses_oc_5a7e', cwd: CWD };

runPlatformSuite({
  platform,
  fixture: 'opencode',
  expected: {
    start: { ...base, event: 'SessionStart', source: 'startup' },
    // Text parts only (the attached file is not the prompt); the message id is the natural key.
    prompt: { ...base, event: 'UserPromptSubmit', prompt: 'OCPROMPT why does the build fail on CI?', promptId: 'msg_oc_1' },
    before: { ...base, event: 'PreToolUse', toolName: 'bash', toolInput: { command: 'npm run build', description: 'Build the project' }, toolUseId: 'call_oc_1' },
    after: { ...base, event: 'PostToolUse', toolName: 'bash', toolUseId: 'call_oc_1', toolResponse: 'OCOUTPUT built in 2.1s', toolInput: { command: 'npm run build', description: 'Build the project' } },
    'after-read': { ...base, event: 'PostToolUse', toolName: 'read', toolInput: { filePath: `${CWD}/ci.yml` }, toolUseId: 'call_oc_2' },
    'after-error': { ...base, event: 'PostToolUseFailure', toolName: 'bash', error: "Exit code 1\nOCERROR src/index.ts: 'x' is never used", isInterrupt: undefined, toolResponse: undefined },
    'after-interrupt': { ...base, event: 'PostToolUseFailure', toolName: 'bash', isInterrupt: true },
    error: 'ignored',
    compacted: { ...base, event: 'PreCompact', trigger: 'auto' },
    idle: { ...base, event: 'Stop' },
    end: { ...base, event: 'SessionEnd', reason: 'deleted' },
  },
  sessionStartOutput: () => ({}),
  stopOutput: '{}',
  wrongType: { id: 'after', field: 'args', value: 'SECRET-VALUE' },
});
