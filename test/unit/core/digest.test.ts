// The digest an LLM summarizes carries the facts the heuristic summarizer settled, the goal included:
// the user's requests (main request first), never the remarks and replies around them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { digestOf } from '../../../src/compress/session.ts';
import { summarizeHeuristically } from '../../../src/core/summarize/heuristic.ts';
import { SessionBuilder } from './session-builder.ts';

test('the digest names the requests as the goal and keeps remarks and replies out of it; the facts list them as no goal', () => {
  const input = new SessionBuilder()
    .prompt('Move the collector to a shell script that watches the logs folder.')
    .edit('collector.sh')
    .stop('The collector runs. Want me to add a log viewer too, or keep it minimal?')
    .prompt('keep it minimal')
    .prompt('okay, im watching the logs now')
    .input();
  const h = summarizeHeuristically(input);
  const digest = digestOf(input.observations, h.facts);
  const goal = digest.split('\n').slice(digest.split('\n').indexOf('What the user asked for (the goal, main request first):') + 1).filter((l) => l.startsWith('- '));
  assert.equal(goal[0], '- Move the collector to a shell script that watches the logs folder.');
  assert.ok(!digest.split('[log]')[0]!.includes('watching the logs now'), digest);
  assert.deepEqual(h.facts.notGoals, ['keep it minimal', 'okay, im watching the logs now']);
});
