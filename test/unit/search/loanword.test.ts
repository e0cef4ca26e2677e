import { test } from 'node:test';
import assert from 'node:assert/strict';
import { englishSkeleton, initialLetters, katakanaSkeleton, loanwordMatch } from '../../../src/core/search/loanword.ts';
import { planQuery, withLoanwords } from '../../../src/core/search/query-plan.ts';

const fit = (kana: string, english: string) => loanwordMatch(katakanaSkeleton(kana)!, englishSkeleton(english)!);

test('loanword: katakana matches the English word it comes from, stems as stems', () => {
  // Index terms are porter stems: `provid`, `databas`, `valid`.
  const whole: [string, string][] = [
    ['チャーム', 'charm'], ['スキル', 'skill'], ['コミット', 'commit'], ['サーバー', 'server'], ['フォーマット', 'format'], ['ブランチ', 'branch'],
    ['データベース', 'databas'], ['クラスター', 'cluster'], ['スクリプト', 'script'], ['セッション', 'session'], ['ファンクション', 'function'],
    ['キャッシュ', 'cach'], ['スキーマ', 'schema'], ['フック', 'hook'], ['ウェブ', 'web'], ['インポート', 'import'], ['テキスト', 'text'],
    ['ワークフロー', 'workflow'], ['マッチ', 'match'], ['プロバイダー', 'provid'], ['マークダウン', 'markdown'], ['ターゲット', 'target'],
    ['フレーク', 'flake'], ['トークン', 'token'], ['レビュー', 'review'], ['ディレクトリ', 'directori'], ['ビルド', 'build'], ['チーム', 'team'],
    ['ガイド', 'guid'], ['フェニックス', 'phoenix'], ['パイプライン', 'pipelin'],
  ];
  for (const [k, e] of whole) assert.equal(fit(k, e), 2, `${k} ~ ${e}`);
  assert.equal(fit('バリデーション', 'valid'), 1, 'a stem matches as a stem');
});

test('loanword: near skeletons with the wrong vowel or sound do not match, nor does anything too short to say', () => {
  const none: [string, string][] = [['チャーム', 'time'], ['チャーム', 'team'], ['スキル', 'skull'], ['コミット', 'compat'], ['フック', 'fake']];
  for (const [k, e] of none) assert.equal(fit(k, e), 0, `${k} !~ ${e}`);
  assert.equal(katakanaSkeleton('ログ'), undefined, 'two characters are too few');
  assert.equal(katakanaSkeleton('テスト用'), undefined, 'only a whole katakana word');
  assert.equal(englishSkeleton('go2'), undefined, 'only plain words');
  assert.equal(fit('バリデーション', 'vat'), 0, 'a stem of two sounds says too little');
  assert.deepEqual(initialLetters('チャーム'), ['c']);
  assert.deepEqual(initialLetters('インポート'), ['i', 'e']);
  assert.ok(initialLetters('フック').includes('h') && initialLetters('フォーマット').includes('p'), 'フ is f, ph or h');
});

test('loanword: a plan takes the English words as translations of the katakana word, one concept with it', () => {
  const plan = planQuery('チャーム の 検証');
  const asked: string[] = [];
  const out = withLoanwords(plan, (w) => (asked.push(w), w === 'チャーム' ? ['charm'] : []));
  assert.deepEqual(asked, ['チャーム'], 'only katakana words without a translation are looked up');
  const charm = out.concepts.find((c) => c.forms[0]!.tokens.join('') === 'チャャーーム');
  assert.deepEqual(charm?.forms.slice(1).map((f) => f.tokens.join(' ')), ['charm']);
  assert.ok(out.expansions.some((u) => u.tokens.join(' ') === 'charm'), 'searched with the translations');
  assert.equal(withLoanwords(plan, () => []), plan, 'nothing found, the plan as it was');
  // A long katakana word stays one phrase, not bigrams of a Chinese sentence.
  assert.equal(planQuery('プロバイダー').units.length, 1);
});
