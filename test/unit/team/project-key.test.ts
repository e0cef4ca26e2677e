import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isProjectKey, projectKeyFromRemote } from '../../../src/core/team/project-key.ts';

test('every URL form of one repository gets one key', () => {
  const forms = [
    'git@github.com:Acme/API.git',
    'https://github.com/acme/api',
    'https://user@github.com/acme/api.git/',
    'ssh://git@github.com:22/acme/api.git',
    'ssh://git@github.com/acme/api',
    'git://github.com/acme/api.git',
    'https://github.com/acme/api.git?ref=main#readme',
  ];
  for (const f of forms) assert.equal(projectKeyFromRemote(f), 'github.com/acme/api', f);
});

test('nested groups, local paths and nonsense', () => {
  assert.equal(projectKeyFromRemote('git@gitlab.example.com:group/sub/proj.git'), 'gitlab.example.com/group/sub/proj');
  assert.equal(projectKeyFromRemote('file:///srv/git/proj.git'), 'file/srv/git/proj');
  assert.equal(projectKeyFromRemote('/srv/git/proj.git'), 'file/srv/git/proj');
  assert.equal(projectKeyFromRemote(''), undefined);
  assert.equal(projectKeyFromRemote('   '), undefined);
  assert.equal(projectKeyFromRemote('https://github.com/'), undefined);
});

test('keys are recognisable', () => {
  assert.ok(isProjectKey('github.com/acme/api'));
  assert.ok(!isProjectKey('/home/me/api'));
  assert.ok(!isProjectKey('GitHub.com/acme'));
  assert.ok(!isProjectKey('github.com/ac me'));
});
