import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractKeyInfo } from '../../../src/core/extract/index.ts';

const words = (s: string): Set<string> => new Set(s.split(' '));

test('identifiers, their parts, error codes and classes', () => {
  const text = [
    'Error: read ECONNRESET',
    '    at acquireConnection (/app/src/db/pool.ts:42:11)',
    '    at HttpServer.handleRequest (/app/src/server.ts:10:3)',
    "TypeError: Cannot read properties of undefined (reading 'maxRetries')",
    'const MAX_POOL_SIZE = 10; def retry_with_backoff(): pass',
    "src/a.ts(3,7): error TS2345: Argument of type 'string' is not assignable",
    'error[E0308]: mismatched types',
  ].join('\n');
  const tags = extractKeyInfo(text);
  const w = words(tags);
  for (const t of ['ECONNRESET', 'TypeError', 'TS2345', 'E0308', 'acquireConnection', 'acquire', 'connection', 'HttpServer', 'handleRequest', 'handle', 'request', 'maxRetries', 'MAX_POOL_SIZE', 'retry_with_backoff', 'backoff', '/app/src/db/pool.ts', 'pool.ts', 'src/a.ts']) {
    assert.ok(w.has(t), `missing ${t} in: ${tags}`);
  }
  const order = tags.split(' ');
  assert.ok(order.indexOf('ECONNRESET') < order.indexOf('acquireConnection'), 'codes come first');
});

test('packages, URLs and issue references', () => {
  const text = [
    "import { z } from 'zod';",
    "const Database = require('better-sqlite3');",
    'from fastapi import FastAPI',
    'npm install @modelcontextprotocol/sdk@1.2.0 express',
    'see https://github.com/acme/api/issues/42?tab=x and acme/api#7, fixes #12, OPS-3',
  ].join('\n');
  const w = words(extractKeyInfo(text));
  for (const t of ['zod', 'better-sqlite3', 'fastapi', '@modelcontextprotocol/sdk', 'express', 'https://github.com/acme/api/issues/42', 'acme/api#7', '#12', 'OPS-3']) {
    assert.ok(w.has(t), `missing ${t}`);
  }
});

test('deduplicated, bounded, no secrets, and ordinary words left out', () => {
  const key = ['gh', 'p_', 'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8'].join('');
  const text = `the quick brown fox ${key} acquireConnection acquireConnection ${'someIdentifierName '.repeat(500)}`;
  const tags = extractKeyInfo(text, 200);
  assert.ok(tags.length <= 200);
  assert.ok(!tags.includes(key) && !tags.includes('REDACTED'));
  assert.equal(tags.split(' ').filter((t) => t === 'acquireConnection').length, 1);
  assert.ok(!words(tags).has('quick'));
  assert.equal(extractKeyInfo(''), '');
  assert.equal(extractKeyInfo(null as unknown as string), '');
});

test('CJK text around identifiers', () => {
  const w = words(extractKeyInfo('连接池 acquireConnection 抛出 ECONNRESET 错误'));
  assert.ok(w.has('acquireConnection') && w.has('ECONNRESET') && w.has('acquire'));
});

test('patterns match wherever the one-pass scan could misjudge a word or a run', () => {
  // `$` is a token character but not a word character: `x$require(...)` and `$from '…'` still name packages.
  assert.ok(words(extractKeyInfo('x$require("leftpad")')).has('leftpad'));
  assert.ok(words(extractKeyInfo('$from "zod" import x')).has('zod'));
  // A declaration keyword must stand alone: `9let beta` declares nothing, `let alpha` does.
  const decl = words(extractKeyInfo('let alpha = 1; 9let beta = 2'));
  assert.ok(decl.has('alpha') && !decl.has('beta'));
  // Error lines end at any line break, U+2028 included; only their quoted names count.
  const err = words(extractKeyInfo("see 'rightpad' here\u2028Error: module 'leftpad' not found"));
  assert.ok(err.has('leftpad') && !err.has('rightpad'));
  // Paths inside runs of path characters, prose full stops and `~` included.
  const paths = words(extractKeyInfo('Open ~/work/app/main.ts and notes.md. The end.'));
  for (const t of ['~/work/app/main.ts', 'main.ts', 'notes.md']) assert.ok(paths.has(t), `missing ${t}`);
  assert.ok(!paths.has('end.') && !paths.has('end'));
  // Issue references with and without `#`.
  const issues = words(extractKeyInfo('fixes #12 and OPS-3'));
  assert.ok(issues.has('#12') && issues.has('OPS-3'));
});
