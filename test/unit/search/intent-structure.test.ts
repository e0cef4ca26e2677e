import { test } from 'node:test';
import assert from 'node:assert/strict';
import { placesInTime, queryIntent } from '../../../src/core/search/intent.ts';
import { planQuery, topicMask } from '../../../src/core/search/query-plan.ts';
import { recordFact } from '../../../src/core/search/record-facts.ts';
import { liftAbove, neighbourRequests, structureLists, type NeighbourRequest, type RecordFact } from '../../../src/core/search/structure.ts';

test('intent: cues in four languages, English matched by whole word', () => {
  assert.equal(queryIntent('how did we fix the flaky login test').fix, true);
  assert.equal(queryIntent('prefix the table names').fix, false, '`prefix` is not `fix`');
  assert.equal(queryIntent('登录测试是怎么修复的').fix, true);
  assert.equal(queryIntent('テストのエラーはどう直した？').fix, true);
  assert.equal(queryIntent('로그인 오류는 어떻게 해결했어?').fix, true);
  const after = queryIntent('what did I ask right after the deploy failed');
  assert.equal(after.after, true);
  assert.equal(after.ask, true);
  assert.equal(queryIntent('部署之后我说了什么').after, true);
  assert.equal(queryIntent('デプロイの後で何を聞いた？').after, true);
  assert.equal(queryIntent('배포 후에 뭘 했어?').after, true);
  assert.equal(queryIntent('what happened after the compaction').compaction, true);
  assert.equal(queryIntent('why did we drop redis').why, true);
  assert.equal(queryIntent('what changed in the config loader').change, true);
  const none = queryIntent('connection pool timeout');
  assert.ok(!Object.values(none).some(Boolean), 'plain keywords carry no intent');
  assert.ok(!Object.values(queryIntent('')).some(Boolean));
  assert.ok(!Object.values(queryIntent('Next.js')).some(Boolean), 'a dotted name is a name, not the cue `next`');
  assert.equal(queryIntent('src/fix.ts').fix, false, 'nor is a path');
  assert.equal(queryIntent('what broke after the Next.js upgrade').after, true, 'the words around a name still count');
});

const fact = (id: number, type: string, extra: Partial<RecordFact> = {}): RecordFact => ({ id, session: 1, at: id * 1000, type, problem: type === 'error', compaction: type === 'compact', ...extra });

test('structure: the fix after a matching failure, the record after a match, prompts for "what did I ask"', () => {
  const head = [fact(10, 'error'), fact(3, 'conclusion'), fact(40, 'change')];
  const fixIntent = queryIntent('how did we fix the failing build');
  const requests = neighbourRequests(fixIntent, head);
  const fix = requests.find((r) => r.purpose === 'fix');
  assert.equal(fix?.anchor.id, 10, 'the failure is the anchor');
  assert.equal(fix?.direction, 'after');
  const after10 = [fact(11, 'discovery'), fact(12, 'change'), fact(13, 'error'), fact(14, 'command'), fact(15, 'change')];
  const lists = structureLists(fixIntent, head, requests, requests.map((r) => (r.anchor.id === 10 ? after10 : []))).lists;
  const fixes = lists.find((l) => l.name === 'fixes');
  assert.deepEqual(fixes?.ids, [12, 15, 14], 'the edits after the failure first, then the successful commands, nearest first; not the read, not a failed retry');

  const ask = queryIntent('what did I ask after the deploy');
  const seq = neighbourRequests(ask, [fact(5, 'command')]);
  const next = [fact(6, 'pending'), fact(7, 'command'), fact(8, 'prompt'), fact(9, 'change'), fact(20, 'prompt'), fact(21, 'prompt')];
  const l2 = structureLists(ask, [fact(5, 'command')], seq, seq.map(() => next)).lists;
  assert.deepEqual(l2.find((l) => l.name === 'neighbours')?.ids, [8, 20], 'the next prompts, not the records between');

  // "While X": the records on either side of X's; what I said while X went on came after its first records.
  const during = queryIntent('what failed during the deploy');
  assert.equal(during.during, true);
  const duringReq = neighbourRequests(during, [fact(5, 'command')]).filter((r) => r.purpose === 'sequence');
  assert.deepEqual(duringReq.map((r) => r.direction), ['before', 'after']);
  // Those records are likely answers, not the answer: X's own record may be it ("what did she do during the trip").
  const duringList = structureLists(during, [fact(5, 'command')], duringReq, duringReq.map(() => [fact(6, 'error')])).lists.find((l) => l.name === 'neighbours');
  assert.deepEqual(duringList?.ids, [6]);
  assert.ok(duringList!.weight! < 0.5, `a weak list, not ${duringList!.weight}`);
  const afterReq = neighbourRequests(queryIntent('what failed after the deploy'), [fact(5, 'command')]);
  const afterList = structureLists(queryIntent('what failed after the deploy'), [fact(5, 'command')], afterReq, afterReq.map(() => [fact(6, 'error')])).lists.find((l) => l.name === 'neighbours');
  assert.ok(afterList!.weight! > 1, '"after X" asks for exactly those records');
  const saidWhile = queryIntent('what did I tell Claude while it was committing');
  assert.equal(saidWhile.ask && saidWhile.after, true, 'a prompt typed during the work');
  // Typed while the commit ran, it is recorded before the commit's own record: both sides are read.
  const saidReq = neighbourRequests(saidWhile, [fact(5, 'command')]).filter((r) => r.purpose === 'sequence');
  assert.deepEqual(saidReq.map((r) => r.direction), ['before', 'after']);
  const saidList = structureLists(saidWhile, [fact(5, 'command')], saidReq, [[fact(4, 'prompt')], [fact(6, 'command'), fact(7, 'prompt')]]).lists.find((l) => l.name === 'neighbours');
  assert.deepEqual(saidList?.ids, [4, 7]);
  assert.ok(saidList!.weight! > 1, 'the prompts are the answer asked for');
  // Any way of saying something to the model is an ask: typed, wrote back, replied, answered.
  for (const q of ['what did I type while Claude was waiting for Docker to start', 'what did I reply after the plan', 'my answer to the question about the schema', '我回复了什么']) {
    assert.equal(queryIntent(q).ask, true, q);
  }
  assert.equal(queryIntent('what did Claude type into the config').ask, false);
  assert.equal(queryIntent('部署期间我说了什么').during, true);
  assert.equal(queryIntent('배포하는 동안 뭐라고 했어?').during, true);
  // An action noun with 中 is "while doing it"; bare 中 is "in" and orders nothing.
  for (const q of ['テスト修正中に送ったメッセージ', 'デプロイ作業中 追加 依頼', '重构中我说了什么', '버그 수정 중에 보낸 요청']) assert.equal(queryIntent(q).during, true, q);
  for (const q of ['ファイルの中に何を書いた', '代码中的错误', 'README の中身']) assert.equal(queryIntent(q).during, false, q);

  // "The first thing I asked in that session": the edge of the best match's session, whatever its words.
  const opening = queryIntent('what was the very first thing I asked in that ops session');
  assert.equal(opening.sessionEdge && opening.first && opening.ask, true);
  assert.equal(queryIntent('how did the session wrap up').last, true, '"wrap up" is how a session ends');
  assert.equal(queryIntent('the first attempt at the migration').sessionEdge, false, 'the first of several alike is not a session edge');
  const edgeReq = neighbourRequests(opening, [fact(40, 'command', { session: 7 })]).filter((r) => r.purpose === 'edge');
  assert.deepEqual(edgeReq.map((r) => [r.anchor.session, r.direction]), [[7, 'after']]);
  const edgeList = structureLists(opening, [fact(40, 'command', { session: 7 })], edgeReq, [[fact(1, 'note'), fact(2, 'command'), fact(3, 'prompt'), fact(9, 'prompt')]]).lists.find((l) => l.name === 'edge:first');
  assert.deepEqual(edgeList?.ids, [3, 9], 'the session\'s first prompts, bookkeeping and calls left out');
  // Which session: the one most of the best matches belong to, not the one of the single best match.
  const spread = [fact(40, 'command', { session: 7 }), fact(50, 'command', { session: 8 }), fact(51, 'change', { session: 8 }), fact(52, 'command', { session: 8 }), fact(41, 'command', { session: 9 })];
  assert.deepEqual(neighbourRequests(opening, spread).filter((r) => r.purpose === 'edge').map((r) => r.anchor.session), [8, 7], 'session 8 holds three of the five best matches');
  // Outcomes and the newest state are no session edge; nor is what followed a prompt.
  for (const q of ['why did the chat server end up buffering the whole answer', 'what did we eventually change in that session', 'web-chat 的 system prompt 最新读数 会话', 'at the start of the session, when I asked to switch branches, what did I correct']) {
    assert.equal(queryIntent(q).sessionEdge, false, q);
  }
  assert.equal(queryIntent('what was the last code change in the cipher-box session').sessionEdge, true);

  // A problem named without "fix": its fixes are a weak list, and nothing is lifted above the failure.
  const named = queryIntent('paging option error');
  assert.equal(named.problem && !named.fix, true);
  const pReq = neighbourRequests(named, head);
  const pLists = structureLists(named, head, pReq, pReq.map((r) => (r.anchor.id === 10 && r.purpose === 'fix' ? after10 : [])));
  const weak = pLists.lists.find((l) => l.name === 'fixes');
  assert.deepEqual(weak?.ids, [12, 15, 14]);
  assert.ok(weak!.weight! < 0.5 && pLists.lifts.length === 0, 'weaker than a keyword list, no lift');

  const compaction = queryIntent('what happened after the compaction');
  const cHead = [fact(2, 'prompt'), fact(30, 'compact'), fact(31, 'command')];
  assert.deepEqual(neighbourRequests(compaction, cHead).filter((r) => r.purpose === 'sequence').map((r) => r.anchor.id), [30], 'compaction records anchor it');

  // "After the compaction while fixing X": the compaction nearest X's matches, not one the cue word found elsewhere.
  const whileFixing = queryIntent('what happened after the compaction while fixing the FunctionClauseError');
  const elsewhere = fact(70, 'compact', { session: 2, at: 70_000 });
  const xHead = [elsewhere, fact(12, 'prompt'), fact(40, 'command'), fact(41, 'change')];
  const around = neighbourRequests(whileFixing, xHead).filter((r) => r.purpose === 'compaction');
  assert.deepEqual(around.map((r) => `${r.anchor.id}:${r.direction}`), ['12:before', '12:after', '40:before', '40:after'], 'the two best topic matches, both sides');
  const windows = (r: NeighbourRequest) =>
    r.purpose !== 'compaction' ? (r.anchor.id === 70 ? [fact(71, 'command', { session: 2 }), fact(72, 'change', { session: 2 })] : [])
    : r.anchor.id === 12 ? (r.direction === 'after' ? [fact(13, 'command'), fact(14, 'marker'), fact(15, 'compact'), fact(16, 'prompt', { compaction: true }), fact(17, 'command'), fact(18, 'note'), fact(19, 'change')] : [fact(11, 'command')])
    : r.direction === 'before' ? [fact(39, 'command'), fact(15, 'compact')] : [fact(42, 'command')];
  const all = neighbourRequests(whileFixing, xHead);
  const seqOf = structureLists(whileFixing, xHead, all, all.map(windows)).lists.find((l) => l.name === 'neighbours');
  assert.deepEqual(seqOf?.ids.slice(0, 2), [17, 19], 'what followed the compaction near the topic (its continuation prompt and bookkeeping skipped)');
  assert.ok(!seqOf?.ids.includes(71), 'a compaction of another session is not the one meant');
  assert.equal(recordFact({ id: 1, session: 1, at: 1, type: 'prompt', head: '/compact keep the PR notes' }).compaction, true, 'the /compact command is a compaction');

  const plain = neighbourRequests(queryIntent('redis timeout'), head);
  assert.ok(plain.every((r) => r.purpose === 'context'), 'without a cue only the weak context list is asked for');
  const l3 = structureLists(queryIntent('redis timeout'), head, plain, plain.map(() => [fact(99, 'note'), fact(98, 'command')])).lists;
  assert.deepEqual(l3.map((l) => l.name), ['context']);
  assert.ok(l3[0]!.weight! < 1, 'context weighs less than a keyword list');
  assert.ok(!l3[0]!.ids.includes(99), 'bookkeeping records are never an answer by position');
  const l4 = structureLists(queryIntent('redis timeout'), [...head, fact(98, 'command')], plain, plain.map(() => [fact(99, 'note'), fact(98, 'command'), fact(97, 'command')])).lists;
  assert.deepEqual(l4[0]!.ids.slice(0, 2), [10, 98], 'each anchor leads its neighbours, so a neighbour never climbs above the match that named it');
  assert.ok(!l4[0]!.ids.includes(97), 'a neighbour the words did not find is never brought in');
});

test('intent: an ask in the clause after "after" (English) or before it (CJK) is the anchor, not the answer', () => {
  for (const q of ['What did Claude do after I said the folder was empty?', '我说文件夹是空的之后，Claude 做了什么？', '2번 방식으로 해달라고 한 다음에 뭘 했어?', 'テストを直してと頼んだ後、何をした？']) {
    const i = queryIntent(q);
    assert.equal(i.askedFirst, true, q);
    assert.equal(i.ask, false, q);
  }
  // A model's query names the person "the user": the same intents as the person's own "I".
  for (const q of ['What did Claude do after the user said the folder was empty?', 'which files did you delete when the user asked whether they should be untracked']) {
    assert.equal(queryIntent(q).askedFirst, true, q);
  }
  for (const q of ['what did the user ask right after the deploy failed', 'user request after the README update', 'what did the user say after the revert']) {
    assert.equal(queryIntent(q).ask && queryIntent(q).after, true, q);
  }
  for (const q of ['what did I ask right after the deploy failed', 'デプロイの後で何を聞いた？', '部署之后我说了什么', '배포 후에 뭘 물어봤어?', 'request after the README update']) {
    const i = queryIntent(q);
    assert.equal(i.ask, true, q);
    assert.equal(i.askedFirst, false, q);
  }
});

test('structure: after my prompt, what was done until my next prompt; a record saying it is fixed has its fix before it', () => {
  const intent = queryIntent('what did you do after I asked for the rename');
  const head = [fact(4, 'command'), fact(5, 'prompt'), fact(9, 'conclusion')];
  const requests = neighbourRequests(intent, head).filter((r) => r.purpose === 'sequence');
  assert.deepEqual(requests.map((r) => r.anchor.id), [5], 'the prompt is the anchor');
  const next = [fact(6, 'change'), fact(7, 'command'), fact(8, 'prompt'), fact(9, 'change')];
  const lists = structureLists(intent, head, requests, requests.map(() => next)).lists;
  assert.deepEqual(lists.find((l) => l.name === 'neighbours')?.ids, [6, 7], 'what followed, up to the next prompt');

  const fix = queryIntent('how did we fix the midnight bug');
  const fixHead = [fact(30, 'conclusion', { resolved: true }), fact(12, 'discovery')];
  const fixRequests = neighbourRequests(fix, fixHead);
  const before = fixRequests.find((r) => r.purpose === 'fix');
  assert.equal(before?.anchor.id, 30);
  assert.equal(before?.direction, 'before');
  const earlier = [fact(29, 'command'), fact(28, 'change'), fact(27, 'discovery'), fact(26, 'change')];
  const fixes = structureLists(fix, fixHead, fixRequests, fixRequests.map((r) => (r.anchor.id === 30 ? earlier : []))).lists;
  assert.deepEqual(fixes.find((l) => l.name === 'fixes')?.ids, [28, 26, 29], 'the edits before the resolution, nearest first, then the commands');
  assert.ok(!neighbourRequests(queryIntent('midnight timezone'), fixHead).some((r) => r.purpose === 'fix'), 'no fix list without a fix cue or a named problem');
});

test('structure: a question asked in the session among the best matches brings its answer, the turn\'s reply or the next record', () => {
  const intent = queryIntent('how long have Mel and her husband been married');
  const head = [fact(15, 'prompt', { question: true }), fact(40, 'prompt')];
  const requests = neighbourRequests(intent, head);
  const reply = requests.filter((r) => r.purpose === 'reply');
  assert.deepEqual(reply.map((r) => r.anchor.id), [15], 'only the question is an anchor');
  const lists = structureLists(intent, head, requests, requests.map((r) => (r.purpose === 'reply' ? [fact(16, 'prompt')] : []))).lists;
  assert.deepEqual(lists.find((l) => l.name === 'replies')?.ids, [16], "another person's reply");
  const coding = structureLists(intent, head, requests, requests.map((r) => (r.purpose === 'reply' ? [fact(16, 'discovery'), fact(17, 'command'), fact(18, 'conclusion'), fact(19, 'prompt')] : []))).lists;
  assert.deepEqual(coding.find((l) => l.name === 'replies')?.ids, [18], "the model's answer of that turn");
  assert.ok(!neighbourRequests(queryIntent('what did I ask after the deploy'), head).some((r) => r.purpose === 'reply'), 'not when the question asks for the prompt itself');
});

test('structure: a failed command that next succeeds with no edit between was fixed by that run; the fix ranks above its failure', () => {
  const intent = queryIntent('how did we fix "No version is set for command mix"');
  const failed = fact(10, 'error', { command: 'mix compile' });
  const requests = neighbourRequests(intent, [failed]).filter((r) => r.purpose === 'fix');
  const rerun = [fact(11, 'error', { command: 'echo "elixir 1.18" > .tool-versions && mix compile' }), fact(12, 'command', { command: 'echo -e "erlang 27\\nelixir 1.18" > .tool-versions && mix compile' }), fact(13, 'change')];
  const s = structureLists(intent, [failed], requests, [rerun]);
  assert.deepEqual(s.lists.find((l) => l.name === 'fixes')?.ids, [12, 13], 'the successful run of the same action first');
  assert.deepEqual(s.lifts, [{ id: 12, above: 10 }]);
  // With an edit between the failure and the successful run, the edit is the fix.
  const edited = [fact(11, 'change'), fact(12, 'command', { command: 'mix compile' })];
  const e = structureLists(intent, [failed], requests, [edited]);
  assert.deepEqual(e.lists.find((l) => l.name === 'fixes')?.ids, [11, 12]);
  assert.deepEqual(e.lifts, [{ id: 11, above: 10 }]);
  // Another command succeeding is no rerun: the edits still come first.
  const other = [fact(11, 'command', { command: 'ls' }), fact(12, 'change')];
  assert.deepEqual(structureLists(intent, [failed], requests, [other]).lists.find((l) => l.name === 'fixes')?.ids, [12, 11]);
});

test('liftAbove: a lifted record lands just above its anchor and stays there under the priors; others keep their order', () => {
  const fused = [
    { id: 1, score: 0.05, via: ['concepts#1'] },
    { id: 2, score: 0.04, via: ['concepts#2'] },
    { id: 3, score: 0.01, via: ['fixes#1'] },
  ];
  const lifted = liftAbove(fused, [{ id: 3, above: 2 }]);
  assert.deepEqual(lifted.map((f) => f.id), [1, 3, 2]);
  assert.ok(lifted[1]!.score > 0.04 * 1.015, 'clear of the 1.5 % the recency and importance priors can add');
  assert.deepEqual(liftAbove(fused, [{ id: 2, above: 3 }]).map((f) => f.id), [1, 2, 3], 'never lowered');
  assert.deepEqual(liftAbove(fused, [{ id: 9, above: 1 }]).map((f) => f.id), [1, 2, 3], 'a record the fusion did not keep is not brought in');
});

test('structure: "after X" takes each anchor\'s next record before any anchor\'s second, and a todo list is no anchor', () => {
  const intent = queryIntent('what did I ask after the release was pushed');
  const head = [fact(5, 'note'), fact(10, 'command'), fact(20, 'command')];
  const requests = neighbourRequests(intent, head).filter((r) => r.purpose === 'sequence');
  assert.deepEqual(requests.map((r) => r.anchor.id), [10, 20], 'the todo list (a note) keeps books, it is not an event');
  const next = (id: number) => [fact(id + 1, 'prompt'), fact(id + 2, 'prompt')];
  const lists = structureLists(intent, head, requests, requests.map((r) => next(r.anchor.id))).lists;
  assert.deepEqual(lists.find((l) => l.name === 'neighbours')?.ids, [11, 21, 12, 22]);
});

test('intent: "first" and "last" in four languages; "when I asked" makes my prompt the anchor', () => {
  for (const q of ['what did the first count of fix commits say', 'which charm did the skill validation try initially', '第一次扫描找到了多少问题', 'スキルの最初の検証ではどのチャーム？', '처음 검증한 차트는?']) {
    const i = queryIntent(q);
    assert.ok(i.first && !i.last, q);
  }
  for (const q of ['how did we finally fix the KeyError', 'what did the front matter end up in', '最后用了哪个模型', 'fix コミットは結局何件だった？', '결국 어떤 모델을 썼어?']) {
    const i = queryIntent(q);
    assert.ok(i.last && !i.first, q);
  }
  assert.ok(queryIntent('at first it failed, but what did we use in the end').last, 'both: the end wins');
  assert.ok(!queryIntent('at first it failed, but what did we use in the end').first);
  assert.ok(!queryIntent('firstly mentioned config loader').first, '`firstly` is not matched as a cue word');

  for (const q of ['which files did you delete when I asked whether they should be untracked', '我问要不要删除的时候你删了哪些文件', 'テストを頼んだときに何を実行した？']) {
    const i = queryIntent(q);
    assert.ok(i.askedFirst && i.after && !i.ask, q);
  }
  const said = queryIntent('what did I say when the build failed');
  assert.ok(said.ask && !said.askedFirst, 'the ask is the answer when "when" governs another clause');
});

test('structure: "first" / "last" order the best match\'s session\'s matches by time, other sessions and bookkeeping aside', () => {
  const head = [fact(50, 'subagent'), fact(52, 'subagent'), fact(9, 'command', { session: 2 }), fact(40, 'note'), fact(45, 'subagent'), fact(60, 'command')];
  const first = structureLists(queryIntent('which charm did the first validation use'), head, [], []).lists.find((l) => l.name === 'order:first');
  assert.deepEqual(first?.ids, [45, 50, 52, 60]);
  const last = structureLists(queryIntent('how many fix commits in the end'), head, [], []).lists.find((l) => l.name === 'order:last');
  assert.deepEqual(last?.ids, [60, 52, 50, 45]);
  assert.ok(last!.weight! < 1, 'order weighs less than a keyword list: it reorders what the words found');
  assert.equal(structureLists(queryIntent('which charm did the validation use'), head, [], []).lists.find((l) => l.name.startsWith('order')), undefined, 'no cue, no order list');
});

test('placesInTime and topicMask: the words about the compaction, the session and the order are not the topic', () => {
  for (const w of ['compaction', 'compacted', 'after', 'session', 'context', '压缩', '之后', '会话', '上下文', 'コンテキスト', '압축', '세션']) assert.equal(placesInTime(w), true, w);
  for (const w of ['refactor', 'payments', '重构', 'リファクタ', '']) assert.equal(placesInTime(w), false, w);
  const concepts = planQuery('what did Claude do after the context was compacted in the payments session').concepts;
  const mask = topicMask(concepts);
  const topic = concepts.filter((_, i) => mask[i]).map((c) => c.forms[0]!.tokens.join(' '));
  assert.ok(topic.includes('payments') && !topic.some((t) => /compact|context|session/.test(t)), JSON.stringify(topic));
  assert.deepEqual(topicMask(planQuery('payments refunds').concepts), [false, false], 'with nothing placing it in time, no topic of its own');
});
