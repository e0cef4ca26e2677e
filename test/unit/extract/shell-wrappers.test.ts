import assert from 'node:assert/strict';
import { test } from 'node:test';
import { commandParts } from '../../../src/core/extract/shell/actions.ts';
import { programWords } from '../../../src/core/extract/shell/split.ts';

test('wrappers: the command a wrapper runs, its options skipped with their values', () => {
  const cases: [string, string][] = [
    ['sudo -u deploy npm install', 'npm install'],
    ['sudo -iu postgres psql -c "select 1"', 'psql -c select 1'],
    ['sudo --user=deploy -E make build', 'make build'],
    ['sudo --user deploy make build', 'make build'],
    ['FOO=1 sudo -E env BAR=2 pytest -x', 'pytest -x'],
    ['env -u HOME -C /srv node server.js', 'node server.js'],
    ['timeout 60 cargo test', 'cargo test'],
    ['timeout -s KILL -k 5 10m npm test', 'npm test'],
    ['nice -n 10 make -j4', 'make -j4'],
    ['nice -10 make', 'make'],
    ['time -f %e go build ./...', 'go build ./...'],
    ['xargs -n 1 -P 4 grep -l TODO', 'grep -l TODO'],
    ['xargs -I{} cp {} out/', 'cp {} out/'],
    ['xargs -i cp {} out/', 'cp {} out/'],
    ['xargs -0 rm -f', 'rm -f'],
    ['stdbuf -o L tail -f log', 'tail -f log'],
    ['sudo -- rm -rf /tmp/x', 'rm -rf /tmp/x'],
    ['nohup timeout 30 ./run.sh', './run.sh'],
  ];
  for (const [command, expected] of cases) assert.equal(programWords(command).join(' '), expected, command);
});

test('wrappers: a wrapper that runs nothing is itself the command; other programs are untouched', () => {
  assert.deepEqual(programWords('sudo -v'), ['sudo', '-v']);
  assert.deepEqual(programWords('xargs'), ['xargs']);
  assert.deepEqual(programWords('timeout 5'), ['timeout', '5']);
  // Not a wrapper: `-u` of git is its own option.
  assert.deepEqual(programWords('git push -u origin main'), ['git', 'push', '-u', 'origin', 'main']);
});

test('wrappers: the action of a wrapped command is the wrapped program', () => {
  assert.deepEqual(commandParts('sudo -u deploy npm run build').map((p) => p.family), ['npm run build']);
  assert.deepEqual(commandParts('find . -name "*.ts" | xargs -n 1 grep -l TODO').map((p) => p.family), ['find', 'grep']);
  assert.deepEqual(commandParts('timeout 120 pytest -x tests/').map((p) => p.family), ['pytest']);
});

test('actions: a failed variant of a script is the same action as the script itself, not the other way round', async () => {
  const { sameAction } = await import('../../../src/core/extract/shell/actions.ts');
  const part = (c: string) => commandParts(c)[0]!;
  assert.equal(sameAction(part('bun run lint:fix'), part('bun run lint')), true);
  assert.equal(sameAction(part('npm run test:unit'), part('npm run test')), true);
  assert.equal(sameAction(part('bun run lint'), part('bun run lint:fix')), false);
  assert.equal(sameAction(part('bun run lint:fix'), part('bun run typecheck')), false);
  assert.equal(sameAction(part('bun run lint:fix'), part('bun run lint:fix')), true);
});
