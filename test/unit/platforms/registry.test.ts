/**
 * The registry and the routing between hosts that read each other's hook files, and the contract with
 * the installer: every hook command `mnemo install <assistant>` writes names a platform and an event
 * its adapter records.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { install, supportedAssistants } from '../../../src/install/index.ts';
import { DEFAULT_PLATFORM, PLATFORM_NAMES, adapterFor, platformNamed } from '../../../src/platforms/index.ts';
import { Fields } from '../../../src/platforms/payload.ts';
import { loadFixture } from './fixtures.ts';

const HOOK_JS = '/opt/mnemo/plugin/dist/hook.js';

test('one adapter per hook-driven assistant, claude-code by default', () => {
  assert.deepEqual([...PLATFORM_NAMES].sort(), ['claude-code', 'codex', 'copilot', 'cursor', 'gemini', 'opencode', 'vscode']);
  assert.equal(DEFAULT_PLATFORM, 'claude-code');
  for (const name of PLATFORM_NAMES) assert.equal(platformNamed(name)?.name, name);
  assert.equal(platformNamed('trae'), undefined, 'Trae has no hooks: it reports through the MCP hook_event tool');
  assert.equal(platformNamed('Claude-Code'), undefined);
});

test('a payload that arrived through another host\'s hook file is read as the host that sent it', () => {
  const fixture = loadFixture('shared-settings');
  assert.ok(fixture.$source.length > 0);
  for (const ev of fixture.events) {
    const declared = platformNamed(ev.declared!)!;
    const adapter = adapterFor(declared, ev.payload);
    assert.equal(adapter.name, ev.expect, `${ev.id}: read by ${ev.expect}`);
    const parsed = adapter.parse(ev.argv, ev.payload);
    assert.equal(parsed.kind, 'event', ev.id);
    if (parsed.kind === 'event') assert.equal(parsed.event.platform, ev.expect);
  }
});

test('real Claude Code payloads stay Claude Code\'s', () => {
  const claude = platformNamed('claude-code')!;
  for (const ev of loadFixture('claude-code').events) assert.equal(adapterFor(claude, ev.payload), claude, ev.id);
  // Other hosts' own payloads are never re-routed.
  for (const name of ['codex', 'gemini', 'cursor', 'opencode']) {
    const p = platformNamed(name)!;
    for (const ev of loadFixture(name).events) assert.equal(adapterFor(p, ev.payload), p, `${name} ${ev.id}`);
  }
});

test('Fields: first spelling present wins; wrong types are skipped and named once', () => {
  const f = new Fields({ session_id: 7, sessionId: 'abc', prompt: ['x'], ok: true, n: Number.NaN, roots: ['/r'], args: '{"a":1}', bad: '{oops' });
  assert.equal(f.str('session_id', 'sessionId'), 'abc');
  assert.equal(f.str('prompt'), undefined);
  assert.equal(f.bool('ok'), true);
  assert.equal(f.num('n'), undefined);
  assert.equal(f.firstOf('roots'), '/r');
  assert.deepEqual(f.objOrJson('args'), { a: 1 });
  assert.equal(f.objOrJson('bad'), undefined);
  assert.equal(f.str('missing'), undefined);
  assert.deepEqual(f.wrongTyped.sort(), ['bad', 'n', 'prompt', 'session_id']);
});

/** Every string in a JSON value. */
function strings(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) strings(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) strings(x, out);
  return out;
}

function filesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p));
    else out.push(p);
  }
  return out;
}

/** `[platform, event]` for each hook command in a file `mnemo install` wrote. */
function hookCommandsIn(file: string): Array<[string, string]> {
  const text = readFileSync(file, 'utf8');
  const found: Array<[string, string]> = [];
  if (file.endsWith('.js')) {
    // The OpenCode plugin: forwarded bus events and the plugin hooks it sends, all as `--platform opencode`.
    const forwarded = JSON.parse(/const FORWARDED = new Set\((\[.*?\])\)/.exec(text)![1]!) as string[];
    for (const e of forwarded) found.push(['opencode', e]);
    for (const m of text.matchAll(/send\("([a-z.]+)"/g)) found.push(['opencode', m[1]!]);
    return found;
  }
  if (!file.endsWith('.json')) return found;
  for (const s of strings(JSON.parse(text))) {
    if (!s.includes(HOOK_JS)) continue;
    const tokens = s.split(/\s+/).map((t) => t.replace(/^[&'"]+|['"]+$/g, ''));
    const at = tokens.findIndex((t) => t.endsWith('hook.js'));
    const event = tokens[at + 1]!;
    const p = tokens.indexOf('--platform');
    found.push([p >= 0 ? tokens[p + 1]! : DEFAULT_PLATFORM, event]);
  }
  return found;
}

test('every hook the installer writes names a platform whose adapter knows the event', async () => {
  const seen = new Map<string, Set<string>>();
  for (const assistant of supportedAssistants()) {
    const root = mkdtempSync(join(tmpdir(), 'mnemo-platforms-install-'));
    try {
      await install({ assistant, home: join(root, 'home'), dataDir: join(root, 'data'), hookCommand: ['node', HOOK_JS], mcpCommand: ['node', '/opt/mnemo/plugin/dist/cli.js', 'mcp'] });
      const commands = filesUnder(join(root, 'home')).flatMap(hookCommandsIn);
      if (assistant === 'trae') {
        assert.deepEqual(commands, [], 'Trae gets no hooks');
        continue;
      }
      assert.ok(commands.length > 0, `${assistant} installs hooks`);
      for (const [platform, event] of commands) {
        const adapter = platformNamed(platform);
        assert.ok(adapter, `${assistant}: --platform ${platform} exists`);
        assert.ok(adapter.events.has(event), `${assistant}: ${platform} knows ${event}`);
        if (!seen.has(platform)) seen.set(platform, new Set());
        seen.get(platform)!.add(event);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  assert.deepEqual([...seen.keys()].sort(), [...PLATFORM_NAMES].sort(), 'every adapter is reachable from an install');
  // Installed events mnemo ignores: only errors outside tool calls, which have no mnemo event yet.
  const ignoredHere = (platform: string) => [...seen.get(platform)!].filter((e) => platformNamed(platform)!.events.get(e) === null);
  const expected: Record<string, string[]> = { copilot: ['errorOccurred'], opencode: ['session.error'] };
  for (const name of PLATFORM_NAMES) assert.deepEqual(ignoredHere(name), expected[name] ?? [], `${name}: hooked events mnemo ignores`);
});
