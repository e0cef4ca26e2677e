import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { redactText, redactValue } from '../../../src/core/privacy/redact.ts';
import { FAKE } from './fake-secrets.ts';

const anyText = fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('a', 'Z', '0', '=', ':', '"', "'", ' ', '\n', '-', '_', '/', '@', '.', '?', '&', 'k', 'e', 'y', 'p', 's', 'w', 'd', 't', 'o', 'n') }));

test('redactText never throws, returns a string, and is idempotent', () => {
  fc.assert(
    fc.property(anyText, (s) => {
      const once = redactText(s);
      assert.equal(typeof once, 'string');
      assert.equal(redactText(once), once);
    }),
    { numRuns: 3000 },
  );
});

test('redactValue never throws on arbitrary JSON and keeps its shape', () => {
  fc.assert(
    fc.property(fc.jsonValue(), (v) => {
      const out = redactValue(v);
      assert.equal(Array.isArray(out), Array.isArray(v));
      assert.equal(typeof out, typeof v);
    }),
    { numRuns: 2000 },
  );
});

test('a secret embedded anywhere in arbitrary text is removed', () => {
  const secrets = [FAKE.githubClassic, FAKE.anthropic, FAKE.awsAccessKey, FAKE.jwt, FAKE.stripeLive, FAKE.slackBot, FAKE.npm];
  fc.assert(
    fc.property(fc.string(), fc.string(), fc.constantFrom(...secrets), fc.constantFrom(' ', '\n', '"', "'", '=', ': ', '('), (pre, post, secret, sep) => {
      const out = redactText(`${pre}${sep}${secret}${sep === '(' ? ')' : sep}${post}`);
      assert.ok(!out.includes(secret));
    }),
    { numRuns: 1500 },
  );
});

test('text without secret shapes comes back unchanged', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom('a', 'b', 'c', ' ', '\n', '.', ',', '1', '2', '(', ')', '{', '}') }), (s) => {
      assert.equal(redactText(s), s);
    }),
    { numRuns: 1000 },
  );
});
