import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extractUserEvents } from '../../../src/core/extract/index.ts';

interface Row {
  readonly question: string;
  readonly imperative: string;
  readonly decision: string;
  readonly role: string;
  readonly blocker: string;
  readonly resolved: string;
  readonly ack: string;
  readonly greeting: string;
  readonly notRole: string;
}

const MATRIX: Readonly<Record<string, Row>> = {
  English: {
    question: 'Can you read the server.ts file?',
    imperative: 'Fix the login bug in auth.ts',
    decision: "Don't use setState, use useReducer instead",
    role: 'You are a senior backend engineer',
    blocker: "TypeError: Cannot read properties of undefined (reading 'id')\n    at getUser (/app/src/user.js:12:15)",
    resolved: '✅ fixed: the pool no longer leaks',
    ack: 'yes, do it',
    greeting: 'hello there',
    notRole: 'You are right',
  },
  Chinese: {
    question: '为什么连接池会泄漏？',
    imperative: '修复登录页面的错误',
    decision: '不要用 setState，用 useReducer',
    role: '你是一名资深后端工程师',
    blocker: '错误：无法连接到数据库\n    at connect (/app/db.js:10:5)',
    resolved: '✅ 已修复：连接池不再泄漏',
    ack: '好的，继续',
    greeting: '你好',
    notRole: '你是对的',
  },
  Japanese: {
    question: 'このエラーの原因は何ですか？',
    imperative: 'ログイン画面のバグを直して',
    decision: 'setStateは使わず、useReducerを使ってください',
    role: 'あなたはシニアバックエンドエンジニアです。',
    blocker: 'エラー: モジュールが見つかりません\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)',
    resolved: '✅ 修正しました: テストが通ります',
    ack: 'はい、続けてください',
    greeting: 'こんにちは',
    notRole: 'あなたは正しいです',
  },
  Korean: {
    question: '이 오류의 원인이 뭐예요?',
    imperative: '로그인 버그를 고쳐 주세요',
    decision: 'setState는 쓰지 말고, useReducer를 사용하세요',
    role: '당신은 시니어 백엔드 엔지니어입니다',
    blocker: '오류: 데이터베이스에 연결할 수 없습니다\n  File "app.py", line 3, in <module>',
    resolved: '✅ 해결됨: 연결 문제',
    ack: '네, 계속해 주세요',
    greeting: '안녕하세요',
    notRole: '당신이 맞아요',
  },
  Arabic: {
    question: 'لماذا يتسرب مجمع الاتصالات؟',
    imperative: 'أصلح خطأ تسجيل الدخول',
    decision: 'لا تستخدم setState، استخدم useReducer',
    role: 'أنت مهندس برمجيات خبير',
    blocker: 'خطأ: تعذر الاتصال بقاعدة البيانات\n    at connect (/app/db.js:10:5)',
    resolved: '✅ تم الإصلاح: لم يعد هناك تسرب',
    ack: 'نعم، تابع',
    greeting: 'مرحبا',
    notRole: 'أنت محق',
  },
  Russian: {
    question: 'Почему пул соединений протекает?',
    imperative: 'Исправь ошибку входа в систему',
    decision: 'Не используй setState, используй useReducer',
    role: 'Ты опытный бэкенд-разработчик',
    blocker: 'Ошибка: не удалось подключиться к базе\n    at connect (/app/db.js:10:5)',
    resolved: '✅ исправлено: утечки больше нет',
    ack: 'да, продолжай',
    greeting: 'привет',
    notRole: 'Ты прав',
  },
  Spanish: {
    question: '¿Por qué se filtra el pool de conexiones?',
    imperative: 'Arregla el error de inicio de sesión',
    decision: 'No uses setState, usa useReducer',
    role: 'Eres un ingeniero de backend experto',
    blocker: 'Excepción: no se pudo conectar\n  File "app.py", line 3, in <module>',
    resolved: '✅ arreglado: ya no hay fugas',
    ack: 'sí, continúa',
    greeting: 'hola',
    notRole: 'Eres genial',
  },
  Hindi: {
    question: 'कनेक्शन पूल लीक क्यों हो रहा है?',
    imperative: 'लॉगिन बग ठीक करो',
    decision: 'setState का उपयोग मत करो, useReducer का उपयोग करो',
    role: 'आप एक वरिष्ठ बैकएंड इंजीनियर हैं',
    blocker: 'त्रुटि: डेटाबेस से कनेक्ट नहीं हो सका\n    at connect (/app/db.js:10:5)',
    resolved: '✅ ठीक किया: अब कोई लीक नहीं',
    ack: 'हाँ, जारी रखें',
    greeting: 'नमस्ते',
    notRole: 'आप सही हैं',
  },
  Turkish: {
    question: 'Bağlantı havuzu neden sızıntı yapıyor?',
    imperative: 'Giriş hatasını düzelt',
    decision: 'setState kullanma, useReducer kullan',
    role: 'Sen kıdemli bir backend mühendisisin.',
    blocker: 'Hata: veritabanına bağlanılamadı\n    at connect (/app/db.js:10:5)',
    resolved: '✅ düzeltildi: sızıntı yok',
    ack: 'evet, devam et',
    greeting: 'merhaba',
    notRole: 'Sen haklısın',
  },
  German: {
    question: 'Warum leckt der Verbindungspool?',
    imperative: 'Behebe den Login-Fehler',
    decision: 'Verwende nicht setState, nimm useReducer',
    role: 'Du bist ein erfahrener Backend-Entwickler',
    blocker: 'Fehler: Verbindung zur Datenbank fehlgeschlagen\n    at connect (/app/db.js:10:5)',
    resolved: '✅ behoben: kein Leck mehr',
    ack: 'ja, mach weiter',
    greeting: 'hallo',
    notRole: 'Du bist toll',
  },
  French: {
    question: 'Pourquoi le pool de connexions fuit-il ?',
    imperative: 'Corrige le bug de connexion dans auth.ts',
    decision: "N'utilise pas setState, utilise useReducer",
    role: 'Tu es un développeur backend senior',
    blocker: 'Erreur : impossible de se connecter à la base\n    at connect (/app/db.js:10:5)',
    resolved: '✅ corrigé : le pool ne fuit plus',
    ack: "d'accord, continue",
    greeting: 'bonjour',
    notRole: 'Tu as raison',
  },
  Portuguese: {
    question: 'Por que o pool de conexões está vazando?',
    imperative: 'Corrija o bug de login em auth.ts',
    decision: 'Não use setState, use useReducer',
    role: 'Você é um engenheiro backend sênior',
    blocker: 'Erro: não foi possível conectar ao banco\n    at connect (/app/db.js:10:5)',
    resolved: '✅ corrigido: o pool não vaza mais',
    ack: 'sim, pode continuar',
    greeting: 'olá',
    notRole: 'Você está certo',
  },
  Italian: {
    question: 'Perché il pool di connessioni perde?',
    imperative: 'Correggi il bug di login in auth.ts',
    decision: 'Non usare setState, usa useReducer',
    role: 'Sei uno sviluppatore backend senior',
    blocker: 'Errore: impossibile connettersi al database\n    at connect (/app/db.js:10:5)',
    resolved: '✅ risolto: il pool non perde più',
    ack: 'sì, continua',
    greeting: 'ciao',
    notRole: 'Hai ragione',
  },
};

function kinds(prompt: string): string[] {
  return extractUserEvents(prompt).map((e) => (e.type === 'intent' ? `intent:${e.data}` : e.type));
}

for (const [lang, row] of Object.entries(MATRIX)) {
  test(`${lang}: a question is investigate, never a role or decision`, () => {
    const k = kinds(row.question);
    assert.ok(k.includes('intent:investigate'), k.join());
    assert.ok(!k.includes('role') && !k.includes('decision'), k.join());
  });
  test(`${lang}: a short imperative is implement`, () => {
    assert.deepEqual(kinds(row.imperative), ['user_prompt', 'intent:implement']);
  });
  test(`${lang}: a directive with a clause separator is a decision`, () => {
    const k = kinds(row.decision);
    assert.ok(k.includes('decision'), k.join());
    assert.ok(!k.includes('role'), k.join());
  });
  test(`${lang}: a persona instruction is a role`, () => {
    const ev = extractUserEvents(row.role);
    const role = ev.find((e) => e.type === 'role');
    assert.ok(role, ev.map((e) => e.type).join());
    assert.equal(role.priority, 3);
    assert.ok(!ev.some((e) => e.type === 'decision'));
  });
  test(`${lang}: a stack trace or error label is a blocker`, () => {
    const k = kinds(row.blocker);
    assert.ok(k.includes('blocker'), k.join());
    assert.ok(!k.includes('role') && !k.includes('decision'), k.join());
  });
  test(`${lang}: a resolution mark is blocker_resolved`, () => {
    const k = kinds(row.resolved);
    assert.ok(k.includes('blocker_resolved'), k.join());
    assert.ok(!k.includes('blocker'), k.join());
  });
  test(`${lang}: acknowledgements and greetings carry nothing but the prompt`, () => {
    assert.deepEqual(kinds(row.ack), ['user_prompt']);
    assert.deepEqual(kinds(row.greeting), ['user_prompt']);
  });
  test(`${lang}: "you are right" is not a role`, () => {
    assert.ok(!kinds(row.notRole).includes('role'), kinds(row.notRole).join());
  });
}

const NEVER_ROLES = [
  'continue', 'Continue', 'ok', 'okay', 'thanks', 'thank you!', 'yes, do it', 'yes', 'go ahead', 'hello there', 'hi claude',
  'waiting for CI', 'the tests pass now', 'it works', 'Can you read the server.ts file?', 'Are you a bot?', '你是机器人吗？',
  'you are going to love this', 'you are done', 'your turn', 'continue, your new name is mad-cabbage', 'act now',
  'contine', 'continnue', 'looks good to me', 'LGTM', '👍', 'ok, thanks', 'sounds good, go ahead', 'perfect, continue',
];
for (const p of NEVER_ROLES) {
  test(`not a role: ${JSON.stringify(p)}`, () => assert.ok(!kinds(p).includes('role'), kinds(p).join()));
}

test('acknowledgements, greetings and status remarks yield no intent or decision', () => {
  for (const p of ['continue', 'ok', 'thanks', 'yes, do it', 'hello there', 'waiting for CI', 'the tests pass now', 'CI is green now', 'still running', '42 passed, 0 failed', 'contin\u0003ue\n', 'ok, thanks', '测试通过了', 'テストが通りました']) {
    assert.deepEqual(kinds(p), ['user_prompt'], p);
  }
});

test('passing summaries and error prose are not blockers', () => {
  for (const p of ['42 passed, 0 failed', 'add better error handling to the parser', 'the build failed yesterday but works now', 'make error messages clearer, use sentence case']) {
    assert.ok(!kinds(p).includes('blocker'), p);
  }
});

test('stack traces of many runtimes are blockers', () => {
  for (const trace of [
    'Traceback (most recent call last):\n  File "main.py", line 4, in <module>\n    run()\nValueError: bad value',
    'Exception in thread "main" java.lang.NullPointerException\n\tat com.acme.App.main(App.java:14)',
    'panic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n\t/app/main.go:8 +0x1d',
    "thread 'main' panicked at src/main.rs:4:5:\ncalled `Option::unwrap()` on a `None` value",
    'error[E0308]: mismatched types\n --> src/main.rs:2:18',
    "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    "   at Acme.Program.Main(String[] args) in C:\\src\\Program.cs:line 12",
    "app/models/user.rb:12:in `save': undefined method `name' for nil:NilClass (NoMethodError)",
    'Неожиданная ситуация\n    at Object.<anonymous> (/srv/app/index.js:3:9)\n    at Module._compile (node:internal/modules/cjs/loader:1256:14)',
    '出问题了\n  File "/srv/app.py", line 3, in <module>\n    import 不存在',
  ]) {
    assert.ok(kinds(trace).includes('blocker'), trace.slice(0, 40));
  }
});

test('host-injected wrappers are not user prompts; private text is removed', () => {
  assert.deepEqual(extractUserEvents('<system-reminder>You have 3 todos</system-reminder>'), []);
  assert.deepEqual(extractUserEvents('<task-notification><task-id>a</task-id></task-notification>'), []);
  assert.deepEqual(extractUserEvents('Caveat: The messages below were generated by the user while running local commands. DO NOT respond.'), []);
  assert.deepEqual(extractUserEvents('<local-command-stdout>done</local-command-stdout>'), []);
  assert.deepEqual(extractUserEvents('[Request interrupted by user]'), []);
  assert.deepEqual(extractUserEvents('<private>my bank password is x</private>'), []);
  assert.deepEqual(extractUserEvents('[PRIVATE]'), []);
  assert.deepEqual(extractUserEvents('<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>\nRead the output file to retrieve the result: /tmp/x.output'), []);
  assert.deepEqual(extractUserEvents('Warmup'), []);
  assert.deepEqual(extractUserEvents('/clear').map((e) => e.type), ['user_prompt']);
  assert.deepEqual(extractUserEvents('/review can you check the pool?').map((e) => e.type === 'intent' ? e.data : e.type), ['user_prompt', 'investigate']);
  const mixed = extractUserEvents('<system-reminder>noise</system-reminder>Fix the login bug');
  assert.equal(mixed[0]!.data, 'Fix the login bug');
  const priv = extractUserEvents('Deploy it <private>with key abc</private> to staging');
  assert.ok(!JSON.stringify(priv).includes('abc'));
  const slash = extractUserEvents('<command-name>/review</command-name>\n<command-message>review</command-message>\n<command-args>PR 42</command-args>');
  assert.equal(slash[0]!.data, '/review PR 42');
});

test('user_prompt is priority 1 and redacted', () => {
  const key = ['sk', '-ant-', 'api03-', 'Zx9'.repeat(30)].join('');
  const ev = extractUserEvents(`use this key ${key} for the test`);
  assert.equal(ev[0]!.type, 'user_prompt');
  assert.equal(ev[0]!.priority, 1);
  assert.equal(ev[0]!.category, 'user-prompt');
  assert.ok(!JSON.stringify(ev).includes(key));
});

test('a large paste is data; the words around it still count', () => {
  const log = Array.from({ length: 80 }, (_, i) => `2026-01-02 10:00:${String(i % 60).padStart(2, '0')} INFO request ${i} served in ${i}ms`).join('\n');
  const ev = extractUserEvents(`why is this so slow?\n\n${log}`);
  const data = ev.find((e) => e.type === 'data');
  assert.ok(data);
  assert.match(data.data, /^pasted log, 82 lines, [\d.]+ KB: why is this so slow\?/);
  assert.equal(data.priority, 4);
  assert.ok(ev.some((e) => e.type === 'intent' && e.data === 'investigate'));
  const json = extractUserEvents(JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `item ${i}` })) }, null, 2));
  assert.match(json.find((e) => e.type === 'data')!.data, /^pasted json/);
  const prose = extractUserEvents('Please refactor the store. '.repeat(80));
  assert.ok(!prose.some((e) => e.type === 'data'), 'long prose is not a pasted payload');
});
