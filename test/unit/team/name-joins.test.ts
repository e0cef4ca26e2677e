import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinedIn, nameJoins, pairWord } from '../../../src/store/postgres/name-joins.ts';
import { unitQuery, walkNewest } from '../../../src/store/postgres/search.ts';
import { planQuery } from '../../../src/core/search/query-plan.ts';

test('pair words come from words written next to each other with only punctuation between them', () => {
  assert.equal(nameJoins('see src/db/pool.ts:42 now'), 'src0db db0pool pool0ts ts042');
  assert.equal(nameJoins('connection pool timeout'), '');
  assert.equal(nameJoins('Next.js and a.b.c a.b.c'), 'next0js a0b b0c');
  // CJK bigrams and non-ASCII words are not paired (their index words differ in kind).
  assert.equal(nameJoins('修复/连接池 café/menu'), '');
  assert.equal(pairWord('src', 'db'), 'src0db');
});

test('a query keeps its pairs only where it wrote the words joined', () => {
  assert.equal(joinedIn('src/db/pool.ts', ['src', 'db', 'pool', 'ts']), true);
  assert.equal(joinedIn('look at SRC/DB/Pool.ts please', ['src', 'db', 'pool', 'ts']), true);
  assert.equal(joinedIn('"connection pool timeout"', ['connection', 'pool', 'timeout']), false);
  assert.equal(joinedIn('pool', ['pool']), false);
});

test('a joined name asks for its pairs and the phrase; a phrase in prose only for the phrase', () => {
  const path = planQuery('src/db/pool.ts').units[0]!;
  assert.equal(unitQuery(path, 'src/db/pool.ts'), "('src0db' & 'db0pool' & 'pool0ts' & ('src' <-> 'db' <-> 'pool' <-> 'ts'))");
  const quoted = planQuery('"connection pool timeout"').units[0]!;
  assert.equal(unitQuery(quoted, '"connection pool timeout"'), "('connection' <-> 'pool' <-> 'timeout')");
  const prefix = planQuery('src/db/po*').units[0]!;
  assert.equal(unitQuery(prefix, 'src/db/po*'), "('src' <-> 'db' <-> 'po':*)");
  // Quotes and backslashes in a token cannot leave the lexeme.
  assert.equal(unitQuery({ tokens: ["it's"], prefix: false, script: 'word' }), "'it''s'");
});

test('the newest matches are walked to only when they are dense enough to beat fetching them all', () => {
  // 600 of 100,000 rows: walking would test ~100,000 rows, fetching reads 600.
  assert.equal(walkNewest(600, 100_000, 600), false);
  // Half the rows: walking tests ~1,200, fetching reads 50,000.
  assert.equal(walkNewest(50_000, 100_000, 600), true);
  // Crossover grows with the square root of the rows: 2 % is fetched at 100,000 and walked at 1,000,000 × 10.
  assert.equal(walkNewest(2_000, 100_000, 600), false);
  assert.equal(walkNewest(200_000, 10_000_000, 600), true);
  assert.equal(walkNewest(0, 100, 600), false);
  assert.equal(walkNewest(10, 0, 600), false);
});
