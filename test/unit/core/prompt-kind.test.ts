// What a user's prompt is, for the Goal section: requests (imperative, question or wish form, in
// English, Chinese, Japanese and Korean) against remarks, status reports, concessions, check-ins,
// choices among the assistant's options, replies to its question and acknowledgements. Each class
// has samples in several languages and shapes; none is one session's prompt.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readPrompt, type PromptKind } from '../../../src/core/summarize/prompt-kind.ts';

function kinds(samples: readonly string[], answersAssistant = false): [string, PromptKind][] {
  return samples.map((s) => [s, readPrompt(s, { answersAssistant }).kind]);
}

function assertAll(samples: readonly string[], expected: PromptKind, answersAssistant = false): void {
  const wrong = kinds(samples, answersAssistant).filter(([, k]) => k !== expected);
  assert.deepEqual(wrong, [], `expected ${expected}`);
}

test('requests: imperative, question and wish forms that name something, in four languages', () => {
  assertAll(
    [
      // English: imperative, let's, modal, wish, wh-question, yes/no question with content, slash command with arguments
      'Add rate limiting to the API gateway with a token bucket per client.',
      'Now make the bucket size configurable through RATE_LIMIT_BURST.',
      "let's add a compile check to the pre-commit hook",
      'can you check if we have more places like this?',
      "I'd like the export to write CSV as well as JSON",
      'we should unify the two config loaders',
      'how do we detect other sessions',
      'why does the login time out on Safari?',
      'is there a way to reuse the old state file?',
      'Implement spotter-gqc',
      'revert the last commit',
      '/review focus on the retry logic in src/net.ts',
      'The checkout API returns 5xx under load; fix the connection pool in src/db/pool.ts.',
      'The login page breaks when the session cookie expires. Fix it.',
      'perfect, now wire the export into the viewer',
      'In src/foo.ts, rename bar to baz',
      'After the migration, drop the old sessions table',
      'fix the pool so it can reconnect after a restart',
      // Chinese
      '修复登录超时',
      '帮我把导出功能加上单元测试',
      '为什么登录会超时？',
      '请把缓存改成 Redis',
      '我想要一个导出按钮',
      // Japanese
      'ログイン処理のタイムアウトを直して',
      'READMEに使い方を追加してください',
      'キャッシュをRedisに変えたい',
      'なぜテストが失敗するのか調べて',
      'この関数のエラー処理はどうなってる？',
      // Korean
      '로그인 버그 고쳐줘',
      '왜 로그인이 실패하는지 알아봐 줘',
      '캐시를 Redis로 바꿔 주세요',
      '내보내기 기능을 추가해 주세요',
      '테스트가 왜 실패하나요?',
    ],
    'request',
  );
});

test('remarks: status reports, concessions, evaluations, check-ins and requests that name nothing are not requests', () => {
  assertAll(
    [
      // Status and activity reports, in the first person or about a thing (apostrophes or not)
      'okay, im watching the logs now',
      "I'm looking at the dashboard",
      'I just closed it',
      'I think that error might be old',
      'mise run build is failing',
      'the tests are still red',
      'we have an import cycle now',
      'tried that already',
      'distinct cache keys can collide after the rename',
      'Tests can fail randomly here',
      'For example, both package names are accepted by the regex in npm.go',
      // Concessions and "go back" with nothing named
      "I concede defeat. let's go back",
      "let's go back",
      'go back to the old version',
      'never mind, undo that',
      // Check-ins about how things stand
      'did you push?',
      'is it deployed?',
      "what's going on",
      // Evaluations
      'great work, that fixed it',
      'looks right to me',
      // A message that continues the previous one
      '...more review comments',
      // Chinese
      '我在看日志',
      '测试通过了',
      '算了',
      '那我们回到之前的方案吧',
      '好的，我看一下',
      // Japanese
      'ログを見ています',
      'テスト通った',
      'やっぱり戻そう',
      'じゃあそうしよう',
      'いや、それはそのままでいい',
      // Korean
      '로그 보고 있어요',
      '테스트 통과했어',
      '확인했어요',
      '그냥 돌아가자',
    ],
    'remark',
  );
});

test('acknowledgements stay acknowledgements', () => {
  assertAll(['ok', 'thanks, looks good', 'yes please', 'continue', 'sounds good, go ahead', '好的，谢谢', 'はい、お願いします', '네 감사합니다', '👍'], 'acknowledgement');
});

test('a choice among the assistant\'s options is a decision, in any language', () => {
  assertAll(['yes do option 2', "let's go with option B", 'the second one', 'go with the first approach', '用方案二', '选第一个', '2番でお願いします', '案Bで', '2번으로 해주세요', '옵션 1로 가자'], 'decision');
});

test('a reply to the assistant\'s closing question is a decision; the same words without the question are not', () => {
  const replies = ['keep it minimal. we can revisit later', 'no, leave the pool limit alone', 'yes, and commit it', 'いや、残したままで', '不用，保持原样', '아니, 그대로 둬'];
  assertAll(replies, 'decision', true);
  for (const [s, k] of kinds(replies, false)) assert.notEqual(k, 'decision', s);
  // A reply that only states something informs, it decides nothing.
  assertAll(['that output is from the real run', '这是真实运行的结果', 'これは本番環境のログです', '이건 실제 실행 결과예요'], 'remark', true);
  // "ok" or "yes" before a report of what the user sees acknowledges; the report decides nothing.
  assertAll(['ok now when i refresh the app, the users uuid is displayed', 'yes, the tests pass now', 'ok. the login page still shows the old logo after the deploy'], 'remark', true);
  assertAll(['yes go ahead and merge it', 'ok, when it is green, merge it'], 'decision', true);
  // "When I …," sets the scene; what follows the comma is what the sentence does.
  assert.equal(readPrompt('when we deploy, run the migrations first', { answersAssistant: false }).kind, 'request');
  // Asking back decides nothing, however little the question names.
  for (const q of ['ok whats the otp there?', 'ok, which branch was that?']) assert.notEqual(readPrompt(q, { answersAssistant: true }).kind, 'decision', q);
  // Asking to be told something is asking back too, in any language and without a question mark.
  for (const q of ['次のタスク候補教えて下さい', '確認方法教えて下さい', 'tell me the other options', '다음 작업 후보 알려줘', '告诉我下一步做什么']) assert.notEqual(readPrompt(q, { answersAssistant: true }).kind, 'decision', q);
  for (const q of ['実装してください', 'go with option 2']) assert.equal(readPrompt(q, { answersAssistant: true }).kind, 'decision', q);
  // A reply that only states how things stand decides nothing, even when extraction flagged it; a no corrects, an order decides.
  for (const q of ['uuum, that has already been fixed', 'hmm, the build is still red']) assert.equal(readPrompt(q, { answersAssistant: true, flaggedDecision: true }).kind, 'remark', q);
  for (const q of ['no, the API key goes in .env', 'ummm, use the other branch', 'ok, use postgres then']) assert.equal(readPrompt(q, { answersAssistant: true, flaggedDecision: true }).kind, 'decision', q);
  assert.equal(readPrompt('hmmm', { answersAssistant: true }).kind, 'acknowledgement');
  // A pasted review whose verdict approves, and a bare "commit" / "push", ask for no work of their own.
  for (const q of ['確認内容、問題ありません。 エラーメッセージ互換の指摘は解消済みと判断できます。 残る論点は公開API互換性だけです。 このままでOKです。', 'LGTM. The retry logic is sound and the tests cover the timeout path well.', 'コミットお願いします', 'commit and push', '提交一下', '커밋해 줘']) {
    assert.equal(readPrompt(q, { answersAssistant: false }).kind, 'remark', q);
  }
  // An approval turned by a "but", or a commit that names its work, still asks.
  for (const q of ['Looks good to me but the pagination still breaks when the page size is zero and the cursor is missing from the list response.', 'commit the fix for the login bug', 'plan.md,README更新後にcommit,push,publishしてください']) {
    assert.equal(readPrompt(q, { answersAssistant: false }).kind, 'request', q);
  }
  // A long new request after the assistant's question stays a request.
  assert.equal(
    readPrompt('Add a --json flag to the export command, document it in README.md, and cover the empty-store case with a test in test/export.test.ts.', { answersAssistant: true }).kind,
    'request',
  );
});

test('the goal text starts where the asking starts, or at the scene a bare "fix it" refers to', () => {
  assert.equal(
    readPrompt('I still feel the id does not belong in paths. Can we move EntireSessionID into the sessions package?', { answersAssistant: false }).text,
    'Can we move EntireSessionID into the sessions package?',
  );
  assert.equal(readPrompt('The login page breaks when the session cookie expires. Fix it.', { answersAssistant: false }).text, 'The login page breaks when the session cookie expires. Fix it.');
  // Pasted code asks nothing, whatever its comments say; the request after it does.
  const pasted = readPrompt('+  // Fall back to generating a new ID if the lookup fails\n+  id = newID()', { answersAssistant: false });
  assert.notEqual(pasted.kind, 'request');
});

test('list items are read as prose, inline enumerators do not end sentences, and a lead-in belongs to its request', () => {
  const listed = readPrompt("brainstorm:\n- automatically generate summaries when creating checkpoints\n- default to 'off'", { answersAssistant: false });
  assert.equal(listed.kind, 'request');
  assert.equal(listed.text, "brainstorm: automatically generate summaries when creating checkpoints; default to 'off'");
  const enumerated = readPrompt("okay, let's do this: 1. track the source commit 2. keep the original author in the new branch", { answersAssistant: false });
  assert.equal(enumerated.text, "okay, let's do this: 1) track the source commit 2) keep the original author in the new branch");
  // A slash command's arguments after a dash, and a question about what the clause before it names.
  const slash = readPrompt('/debug - the stop hooks run slowly in some cases; can we figure out why?', { answersAssistant: false });
  assert.equal(slash.kind, 'request');
  assert.equal(slash.text, '/debug the stop hooks run slowly in some cases; can we figure out why?');
});

test('the words that open a session are its goal whatever their shape if they name something; the same statement later is a remark', () => {
  for (const opening of ['help! the stacked PRs lost their base branch after the rebase', 'the nightly export job crashes on empty tables', '导出任务在空表上崩溃', 'エクスポートが空のテーブルで落ちる', '내보내기 작업이 빈 테이블에서 죽어요']) {
    assert.equal(readPrompt(opening, { answersAssistant: false, opening: true }).kind, 'request', opening);
    assert.equal(readPrompt(opening, { answersAssistant: false }).kind, 'remark', opening);
  }
  // Opening words that name nothing open nothing.
  for (const empty of ["ok let's go back", 'did you push?', 'じゃあそうしよう']) assert.notEqual(readPrompt(empty, { answersAssistant: false, opening: true }).kind, 'request', empty);
});

test('a long report without a request still describes the work; a short one is a remark', () => {
  const long = readPrompt(
    'The session warning fires for the same Claude session on two days: the state file is keyed by date, so 2026-01-22-abc and 2026-01-23-abc look like two sessions and the user is told another one is active.',
    { answersAssistant: false },
  );
  assert.equal(long.kind, 'request');
  assert.equal(long.explicit, false);
  assert.equal(readPrompt('the state file is keyed by date', { answersAssistant: false }).kind, 'remark');
});
