import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chineseFor, cjkFor, codeFor, englishFor, segmentCjk } from '../../../src/core/search/glossary.ts';
import { planQuery } from '../../../src/core/search/query-plan.ts';
import { CJK_STOP_WORDS, GLOSSARY_ENTRIES } from '../../../src/core/search/glossary-data.ts';

const tokens = (units: readonly { tokens: readonly string[] }[]) => units.map((u) => u.tokens.join(' '));

test('segmentation: glossary words, particles and the rest, longest match first', () => {
  assert.deepEqual(segmentCjk('为什么提交失败了'), [
    { text: '为什么', kind: 'stop' },
    { text: '提交', kind: 'term' },
    { text: '失败', kind: 'term' },
    { text: '了', kind: 'stop' },
  ]);
  assert.deepEqual(segmentCjk('连接池泄漏').map((s) => s.text), ['连接池', '泄漏'], '连接池 before 连接');
  assert.deepEqual(segmentCjk('鸟信窗'), [{ text: '鸟信窗', kind: 'other' }]);
  assert.deepEqual(segmentCjk(''), []);
});

test('segmentation of Japanese and Korean: particles and endings between words go, words stay whole', () => {
  const ja = segmentCjk('サーバーをバックグラウンドで動かして');
  assert.deepEqual(ja.filter((s) => s.kind === 'term').map((s) => s.text), ['サーバー', 'バックグラウンド', '動かし']);
  assert.ok(ja.filter((s) => s.kind === 'stop').every((s) => /^[ぁ-ゖ]+$/u.test(s.text)), 'only hiragana grammar is dropped');
  assert.deepEqual(segmentCjk('鍵盤の並び').filter((s) => s.kind === 'other').map((s) => s.text), ['鍵盤', '並'], 'kanji stay, okurigana go');
  assert.deepEqual(segmentCjk('ちゃんと'), [{ text: 'ちゃんと', kind: 'other' }], 'a run of hiragana alone is a word');
  assert.deepEqual(segmentCjk('파일을'), [{ text: '파일', kind: 'term' }, { text: '을', kind: 'stop' }]);
  assert.deepEqual(segmentCjk('수정해줘'), [{ text: '수정', kind: 'term' }, { text: '해줘', kind: 'stop' }]);
  assert.deepEqual(segmentCjk('하이픈'), [{ text: '하이픈', kind: 'other' }], 'a particle is never cut out of a word');
  assert.deepEqual(segmentCjk('스펙에').map((s) => s.text), ['스펙', '에']);
});

test('both directions of the glossary', () => {
  assert.ok(englishFor('重试').includes('retry'));
  assert.ok(englishFor('报错').includes('error'));
  assert.deepEqual(englishFor('不是术语'), []);
  assert.deepEqual(chineseFor(['connection', 'pool', 'timeout']), ['连接池', '超时'], 'the longest phrase wins');
  assert.ok(chineseFor(['deploy']).includes('部署'));
  assert.ok(chineseFor(['database']).includes('数据库'));
  assert.deepEqual(chineseFor(['frobnicate']), []);
  // Everyday words of product work, grown from word counts of real sessions: colours, places, accounts.
  assert.ok(englishFor('邮箱地址').includes('email address'));
  assert.ok(englishFor('반경').includes('radius'));
  assert.ok(englishFor('センサー').includes('sensor'));
  assert.ok(chineseFor(['blue']).includes('蓝色'));
  assert.ok(englishFor('コミット').includes('commit'), 'Japanese');
  assert.ok(englishFor('커밋').includes('commit'), 'Korean');
  assert.ok(englishFor('削除').includes('rm'), 'a CJK term also stands for its code forms');
  const output = cjkFor(['output']);
  for (const t of ['输出', '出力', '출력']) assert.ok(output.includes(t), t);
  assert.ok(output.indexOf('出力') < 3, "every language's usual term comes first");
  assert.deepEqual(codeFor(['deleted', 'files']), ['rm', 'unlink', 'rmdir']);
  assert.deepEqual(codeFor(['frobnicate']), []);
});

test('a Chinese question plans into its content words and English expansions', () => {
  const p = planQuery('为什么提交 gitignore 失败了');
  assert.deepEqual(tokens(p.units), ['提交', 'gitignore', '失败']);
  assert.ok(tokens(p.expansions).includes('commit'));
  assert.ok(tokens(p.expansions).includes('fail'));
  // Long unknown runs fall back to single bigrams (classic CJK bigram retrieval), particles dropped.
  const long = planQuery('这种奇怪现象怎样复现呢');
  assert.deepEqual(tokens(long.units), ['种奇', '奇怪', '怪现', '现象', '复现']);
  assert.ok(!tokens(long.units).some((t) => t.includes('呢')));
});

test('an English question gets CJK expansions; paths and identifiers are never translated', () => {
  const exp = tokens(planQuery('connection pool timeout').expansions);
  for (const t of ['连接 接池', '超时', 'タイ イム ムア アウ ウト', '커넥 넥션 풀']) assert.ok(exp.includes(t), t);
  assert.ok(!exp.includes('接続 続プ プー ール'), 'one term per language for each concept (each costs a count)');
  assert.deepEqual(planQuery('src/db/pool.ts').expansions, []);
  assert.deepEqual(planQuery('acquireConnection').expansions, []);
  const p = planQuery('retry 重试');
  assert.ok(!tokens(p.expansions).includes('retry'), 'no expansion repeats a unit of the query');
});

test('property: the translations of any query render into a valid MATCH expression', async () => {
  const { openSqlite } = await import('../../../src/store/sqlite/driver.ts');
  const fc = (await import('fast-check')).default;
  const { renderMatch } = await import('../../../src/core/search/query-plan.ts');
  const db = openSqlite(':memory:');
  db.exec("CREATE VIRTUAL TABLE t USING fts5(x, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')");
  db.prepare('INSERT INTO t(rowid, x) VALUES (1, ?)').run('连接 接池 connection pool retry 重试');
  const check = (q: string) => {
    const p = planQuery(q);
    for (const m of [p.match, renderMatch(p.expansions)]) if (m) db.prepare('SELECT rowid FROM t WHERE t MATCH ?').all(m);
  };
  const words = fc.constantFrom('连接池', '重试', '报错', '测试', 'connection', 'pool', 'timeout', '"', '*', '(', ':', 'NEAR', 'OR', '的', ' ');
  fc.assert(fc.property(fc.array(words, { maxLength: 12 }).map((a) => a.join('')), (q) => check(q)), { numRuns: 500 });
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 100 }), (q) => check(q)), { numRuns: 300 });
});

test('the vocabulary developers write: Chinese everyday verbs, complaints and jargon translate to English', () => {
  const en = (t: string, want: string) => assert.ok(englishFor(t).includes(want), `${t} → ${want}: ${englishFor(t).join(', ')}`);
  en('删了', 'delete');
  en('删', 'delete');
  en('加一个', 'add');
  en('装一下', 'install');
  en('查一下', 'check');
  en('修一下', 'fix');
  en('跑不起来', 'not working');
  en('乱码', 'garbled');
  en('白屏', 'blank screen');
  en('端口被占用', 'address in use');
  en('定时任务', 'cron');
  en('单测', 'unit test');
  en('上线', 'go live');
  en('排查', 'troubleshoot');
  en('返回值', 'return value');
  en('提交信息', 'commit message');
  en('时区', 'timezone');
  en('优先级', 'priority');
  en('边界情况', 'edge case');
  en('配置文件', 'config file');
  const p = planQuery('把这个文件删了');
  for (const w of ['delete', 'file']) assert.ok(tokens(p.expansions).includes(w), w);
  assert.deepEqual(segmentCjk('测试跑不起来').map((s) => [s.text, s.kind]), [['测试', 'term'], ['跑不起来', 'term']]);
  assert.deepEqual(segmentCjk('查一下提交记录').filter((s) => s.kind === 'term').map((s) => s.text), ['查一下', '提交记录'], 'the longest entry wins');
});

test('the vocabulary Japanese and Korean developers write translates to English', () => {
  const en = (t: string, want: string) => assert.ok(englishFor(t).includes(want), `${t} → ${want}: ${englishFor(t).join(', ')}`);
  // Japanese
  en('取得', 'retrieve');
  en('完了', 'done');
  en('調査', 'investigate');
  en('調べ', 'investigate');
  en('指摘', 'point out');
  en('文字化け', 'garbled');
  en('入れ', 'install');
  en('エラーハンドリング', 'error handling');
  en('タイムゾーン', 'timezone');
  en('配列', 'array');
  en('混在', 'mixed');
  // Korean
  en('완료', 'done');
  en('참고', 'reference');
  en('코드', 'code');
  en('우선순위', 'priority');
  en('고쳐', 'fix');
  en('지워', 'delete');
  en('로깅', 'log');
  en('최적화', 'optimize');
  en('용어', 'terminology');
  assert.deepEqual(segmentCjk('コミットメッセージを修正して').filter((s) => s.kind === 'term').map((s) => s.text), ['コミットメッセージ', '修正']);
  assert.deepEqual(segmentCjk('エラーハンドリングを直して').filter((s) => s.kind === 'term').map((s) => s.text), ['エラーハンドリング', '直し']);
  assert.deepEqual(segmentCjk('우선순위가'), [{ text: '우선순위', kind: 'term' }, { text: '가', kind: 'stop' }]);
  assert.deepEqual(segmentCjk('고쳐줘').map((s) => s.text), ['고쳐', '줘']);
});

test('question words are stop words in every language, as why and how are in English', () => {
  for (const q of ['なぜテストが落ちた', '어떻게 배포했어', '为啥构建失败']) {
    const units = tokens(planQuery(q).units);
    assert.ok(!units.some((u) => /なぜ|어떻게|为啥/u.test(u)), `${q}: ${units.join(' / ')}`);
    assert.ok(units.length >= 1, q);
  }
});

test('English words expand to what Japanese, Korean and Chinese developers write', () => {
  const has = (words: string[], ...want: string[]) => {
    const got = cjkFor(words);
    for (const w of want) assert.ok(got.includes(w), `${words.join(' ')} → ${w}: ${got.join(', ')}`);
  };
  has(['timezone'], '时区', 'タイムゾーン', '시간대');
  has(['priority'], '优先级', '優先度', '우선순위');
  has(['investigate'], '调查', '調査', '조사');
  has(['done'], '完成', '完了', '완료');
  has(['retrieve'], '获取', '取得');
  has(['garbled'], '乱码', '文字化け');
  has(['troubleshoot'], '排查');
  has(['transcript'], 'トランスクリプト', '트랜스크립트');
  assert.deepEqual(chineseFor(['edge', 'case']), ['边界情况', '边缘情况'], 'the phrase, not its words');
  assert.deepEqual(chineseFor(['commit', 'message']), ['提交信息', '提交说明', '提交消息']);
  const tz = cjkFor(['timezone'], 1);
  assert.deepEqual(tz, ['时区', 'タイムゾーン', '시간대'], "each language's usual word first");
});

test('code forms: what an English question looks like in the commands that answer it', () => {
  assert.ok(codeFor(['count', 'lines']).includes('wc'));
  assert.ok(codeFor(['working', 'directory']).includes('pwd'));
  assert.deepEqual(codeFor(['commit', 'history']), ['git log']);
  assert.deepEqual(codeFor(['disk', 'usage']), ['du', 'df']);
  for (const c of ['npm', 'pip', 'cargo']) assert.ok(codeFor(['package', 'manager']).includes(c), c);
  assert.ok(codeFor(['wait']).includes('sleep'));
  assert.ok(codeFor(['symlink']).includes('ln'));
  assert.ok(englishFor('提交历史').includes('git log'), 'a CJK term stands for its code forms too');
  const exp = tokens(planQuery('timezone bug at midnight').expansions);
  for (const t of ['时区', '午夜', '자정']) assert.ok(exp.includes(t), `${t}: ${exp.join(' / ')}`);
});

test('the glossary data: five columns a line, no English term in two concepts unless on purpose, no new single Han character', () => {
  const lines = GLOSSARY_ENTRIES.trim().split('\n');
  assert.ok(lines.length >= 750, `${lines.length} concepts`);
  const owner = new Map<string, string>();
  const shared = new Set(['lint', 'package', 'fetch', 'find', 'import', 'background', 'process']);
  for (const line of lines) {
    const cols = line.split('|');
    assert.equal(cols.length, 5, line);
    const en = cols[0]!.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
    assert.ok(en.length, line);
    for (const w of en) {
      if (owner.has(w) && owner.get(w) !== en[0]) assert.ok(shared.has(w), `${w} in '${owner.get(w)}' and '${en[0]}'`);
      owner.set(w, en[0]!);
    }
  }
  const singleHan = lines.flatMap((l) => l.split('|').slice(1, 4).flatMap((c) => c.split(',')).filter((t) => /^\p{Script=Han}$/u.test(t.trim())));
  const known = new Set('删改类跑慢快表空错新旧行源次层層根例图流库印组值値项列分天日周週无'.split(''));
  for (const c of singleHan) assert.ok(known.has(c), `a new single Han character: ${c}`);
  assert.ok(CJK_STOP_WORDS.includes('어떻게') && CJK_STOP_WORDS.includes('なぜ'));
});

test('glossary: a Chinese count of occasions (那次, 这次, 两次) is grammar, not the word for "next"', () => {
  const words = planQuery('重构那次会话里上下文被压缩之后').concepts.map((c) => c.forms[0]!.tokens.join(' '));
  assert.ok(!words.includes('次'), JSON.stringify(words));
  assert.ok(words.includes('重构'), JSON.stringify(words));
});
