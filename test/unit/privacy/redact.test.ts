import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fnv1a, identifierParts, placeholder, redactText, redactValue, secretNameKind } from '../../../src/core/privacy/redact.ts';
import { FAKE, chars } from './fake-secrets.ts';

const PLACEHOLDER_RE = /\[REDACTED:[a-z_]+:[0-9a-f]{6}\]/;

function assertHidden(text: string, secret: string, kind?: string): string {
  const out = redactText(text);
  assert.ok(!out.includes(secret), `secret survived in: ${out}`);
  assert.match(out, PLACEHOLDER_RE);
  if (kind) assert.ok(out.includes(`[REDACTED:${kind}:`), `expected kind ${kind} in ${out}`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Real-world formats, each in the contexts they show up in.
// ---------------------------------------------------------------------------------------------

const SHAPED: ReadonlyArray<readonly [string, string, string]> = [
  ['Anthropic API key', FAKE.anthropic, 'anthropic_key'],
  ['OpenAI project key', FAKE.openaiProject, 'openai_key'],
  ['OpenAI legacy key', FAKE.openaiLegacy, 'openai_key'],
  ['GitHub classic PAT', FAKE.githubClassic, 'github_token'],
  ['GitHub OAuth token', FAKE.githubOauth, 'github_token'],
  ['GitHub fine-grained PAT', FAKE.githubFineGrained, 'github_token'],
  ['GitLab PAT', FAKE.gitlab, 'gitlab_token'],
  ['Slack bot token', FAKE.slackBot, 'slack_token'],
  ['Slack webhook', FAKE.slackWebhook, 'slack_webhook'],
  ['Stripe live key', FAKE.stripeLive, 'stripe_key'],
  ['Stripe webhook secret', FAKE.stripeWebhook, 'stripe_key'],
  ['AWS access key id', FAKE.awsAccessKey, 'aws_access_key'],
  ['Google API key', FAKE.googleApiKey, 'google_api_key'],
  ['Google OAuth token', FAKE.googleOauth, 'google_oauth_token'],
  ['Google client secret', FAKE.googleClientSecret, 'google_client_secret'],
  ['Azure AD client secret', FAKE.azureClientSecret, 'azure_client_secret'],
  ['npm token', FAKE.npm, 'npm_token'],
  ['PyPI token', FAKE.pypi, 'pypi_token'],
  ['Hugging Face token', FAKE.huggingface, 'huggingface_token'],
  ['Twilio API key', FAKE.twilio, 'twilio_key'],
  ['SendGrid key', FAKE.sendgrid, 'sendgrid_key'],
  ['JWT', FAKE.jwt, 'jwt'],
  ['Telegram bot token', FAKE.telegram, 'telegram_token'],
  ['DigitalOcean token', FAKE.digitalocean, 'digitalocean_token'],
  ['Shopify token', FAKE.shopify, 'shopify_token'],
  ['Vault token', FAKE.vault, 'vault_token'],
  ['Tailscale auth key', FAKE.tailscale, 'tailscale_key'],
  ['Databricks token', FAKE.databricks, 'databricks_token'],
  ['Linear key', FAKE.linear, 'linear_key'],
  ['Mailgun key', FAKE.mailgun, 'mailgun_key'],
  ['Discord webhook', FAKE.discordWebhook, 'discord_webhook'],
  ['Mailchimp key', FAKE.mailchimp, 'mailchimp_key'],
  ['Terraform Cloud token', FAKE.terraform, 'terraform_token'],
];

for (const [name, secret, kind] of SHAPED) {
  test(`redacts ${name} in free text, commands, JSON and env lines`, () => {
    assertHidden(`here is the key ${secret} please keep it`, secret, kind);
    assertHidden(`curl -s "https://api.example.com/v1?x=1" -d '${secret}'`, secret);
    assertHidden(JSON.stringify({ config: { value: secret } }), secret);
    assertHidden(`SOME_VALUE=${secret}`, secret);
    const v = redactValue({ nested: [{ deep: { text: `token=${secret}` } }] });
    assert.ok(!JSON.stringify(v).includes(secret));
  });
}

test('redacts private key blocks, including unterminated and JSON-escaped ones', () => {
  const out = assertHidden(`before\n${FAKE.privateKey}\nafter`, FAKE.privateKey.split('\n')[1]!, 'private_key');
  assert.ok(out.startsWith('before\n') && out.endsWith('\nafter'));
  assertHidden(FAKE.opensshKey, FAKE.opensshKey.split('\n')[1]!, 'private_key');
  const body = FAKE.privateKey.split('\n')[1]!;
  assertHidden(`-----BEGIN PRIVATE KEY-----\n${body}\n(output truncated)`, body, 'private_key');
  const escaped = JSON.stringify({ private_key: FAKE.privateKey });
  assertHidden(escaped, body);
  assertHidden(`{"key": "${FAKE.privateKey.replace(/\n/g, '\\n')}"}`, body, 'private_key');
});

test('redacts passwords in connection strings and URLs, keeping user and host', () => {
  for (const url of [
    `postgres://admin:${FAKE.password}@db.internal:5432/app`,
    `mongodb+srv://svc:${FAKE.password}@cluster0.example.net/db?retryWrites=true`,
    `redis://:${FAKE.password}@cache:6379/0`,
    `https://deploy:${FAKE.password}@git.example.com/org/repo.git`,
    `amqp://guest:${FAKE.password}@rabbit:5672`,
  ]) {
    const out = assertHidden(url, FAKE.password, 'password');
    assert.match(out, /@[\w.]*(?:db|cluster0|cache|git|rabbit)/);
  }
  const ado = `Server=tcp:sql.example.net,1433;User ID=sa;Password=${FAKE.password};Encrypt=True;`;
  const out = assertHidden(ado, FAKE.password, 'password');
  assert.ok(out.includes('User ID=sa;') && out.endsWith(';Encrypt=True;'));
  assertHidden(`DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=${FAKE.azureStorageKey};EndpointSuffix=core.windows.net`, FAKE.azureStorageKey);
  assertHidden(`https://acct.blob.core.windows.net/c/f?sv=2022-11-02&sig=${chars(44)}%3D`, 'sig=' + 'x', undefined);
});

test('redacts secrets in query strings', () => {
  const token = chars(32);
  const out = assertHidden(`GET https://api.example.com/cb?state=1&access_token=${token}&x=2`, token, 'url_secret');
  assert.ok(out.includes('state=1') && out.endsWith('&x=2'));
  assertHidden(`https://example.com/login?password=${FAKE.password}`, FAKE.password);
  assert.equal(redactText('https://example.com/search?key=value&code=42'), 'https://example.com/search?key=value&code=42');
});

test('.env lines, shell exports and YAML/TOML/JSON assignments', () => {
  const pw = FAKE.password;
  for (const line of [
    `DB_PASSWORD=${pw}`,
    `export DB_PASSWORD=${pw}`,
    `export DB_PASSWORD="${pw}"`,
    `MYSQL_PWD='${pw}'`,
    `password: ${pw}`,
    `  db_password: "${pw}"`,
    `password = "${pw}"`,
    `"password": "${pw}"`,
    `mysql --password=${pw} -u root`,
    `psql --password ${pw}`,
    `setenv API_SECRET ${pw}`.replace('setenv API_SECRET ', 'API_SECRET='),
    `$env:API_TOKEN="${pw}"`,
    `SECRET_KEY_BASE=${chars(64)}`.replace(/=.*/, `=${pw}`),
    `client_secret: ${pw}`,
    `const apiKey = "${pw}";`,
    `login(user="bob", password="${pw}")`,
  ]) {
    assertHidden(line, pw);
  }
});

test('Authorization headers and cookies', () => {
  const token = chars(40);
  for (const line of [
    `curl -H "Authorization: Bearer ${token}" https://api.example.com`,
    `Authorization: token ${token}`,
    `authorization: Basic ${Buffer.from('user:' + token).toString('base64')}`,
    `-H 'X-Api-Key: ${token}'`,
    `Cookie: session=${token}; theme=dark`,
    `{"headers":{"Authorization":"Bearer ${token}"}}`,
  ]) {
    const out = redactText(line);
    assert.ok(!out.includes(token) && !out.includes(Buffer.from('user:' + token).toString('base64')), out);
  }
  assert.equal(redactText(`Authorization: Bearer ${token}`).startsWith('Authorization: Bearer [REDACTED:'), true);
});

// ---------------------------------------------------------------------------------------------
// Look-alikes that must survive.
// ---------------------------------------------------------------------------------------------

const SURVIVORS: readonly string[] = [
  'commit 3f2a1c4e5d6b7a8c9d0e1f2a3b4c5d6e7f8a9b0c',
  'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  'integrity sha512-z4PhNX7vuL3xVChQ1m2AB9Yg5AULVxXcg/SpIdNs6c5H0NE8XYXysP+DGNKHfuwvY7kxvUdBeoGlODJ6+SfaPg==',
  'id: 550e8400-e29b-41d4-a716-446655440000',
  'const tokenizer = AutoTokenizer.from_pretrained("bert-base-uncased")',
  'passwordField.value = ""',
  'interface User { password: string; token?: string }',
  '  password: string;',
  '  token: Token;',
  'def login(username: str, password: str) -> bool:',
  'password = input("Password: ")',
  'password = getpass.getpass()',
  'const token = await getToken(req);',
  'api_key=api_key',
  'token = os.environ["GITHUB_TOKEN"]',
  'password: ${{ secrets.DB_PASSWORD }}',
  'DB_PASSWORD=${DB_PASSWORD}',
  'export TOKEN=$(cat ~/.token)',
  'password: process.env.DB_PASSWORD,',
  'if (password === confirmPassword) return;',
  'the user enters their password and token in the form',
  'max_tokens: 4096',
  '"input_tokens": 1234, "output_tokens": 56',
  'author: Jane Doe',
  'PUBLIC_KEY=abc',
  'sk-learn-is-a-machine-learning-library',
  'Bearer authentication is described in RFC 6750',
  'see https://example.com/docs?page=2#auth',
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'error TS2345: Argument of type \'string\' is not assignable',
  'git push --set-upstream origin feature/token-refresh',
  'AKIAIOSFODNN7 is too short to be a key',
  'password_hash = bcrypt(password)',
  'tokens: [Token, Token]',
  'secret: !vault |',
  'password: "********"',
  '--password-stdin',
  'keyboard shortcuts: monkey, turkey, key: value',
  'auth: basic',
  'uuid 6ba7b810-9dad-11d1-80b4-00c04fd430c8 and 6ba7b811-9dad-11d1-80b4-00c04fd430c8',
  // Found in real code (node_modules of this project) by scanning 45 MB for false positives:
  "this.apiKey = typeof options.apiKey === 'string' ? options.apiKey : null;",
  '                page_token: cursor,',
  "    const token = existing?.['access_token'];",
  'export const rejectUnsupportedCredentials = (object, platform) =>',
  "type === 'oauth' ? 'OAuth' : 'Bearer'",
  'export declare const GRANT_TYPE_JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";',
  'export declare const RELATED_TASK_META_KEY = "io.modelcontextprotocol/related-task";',
  '        "cookie": "^1.0.2",',
  '        "cookie-signature": "1.0.6",',
  'const workSecret = (await readEnv("X")) || undefined;',
  'permissions:\n  id-token: write\n  contents: read',
  '\tcookie: detectFromCookie,',
  '  cookie: string;',
  '  "Unexpected_token_1012": "Token inesperado.",',
  '  "Unexpected_token_1012": "予期しないトークンです。",',
  'if (typeof pkcs8 != "string" || pkcs8.indexOf("-----BEGIN PRIVATE KEY-----\\n") !== 0) {',
  "return buildHeaders([{ 'api-key': apiKey }]);",
  "*       Authorization: c.req.header('Authorization')",
  'const TOKEN_STRINGS = "[A-Za-z0-9._~+/-]+=*";',
  'export declare const withOAuth: (provider: OAuthClientProvider, baseUrl?: string | URL) => Middleware;',
  // Markdown inline code after a secret word used as a verb (a session summary's lines):
  '- Tests pass: `cargo test` → test result: ok. 5 passed',
  'Checks pass: `just lint`',
  'token: `npm run build`',
];

for (const s of SURVIVORS) {
  test(`leaves ordinary text alone: ${s.slice(0, 50)}`, () => {
    assert.equal(redactText(s), s);
  });
}

test('leaves a realistic source file untouched', () => {
  const src = [
    "import { createHash } from 'node:crypto';",
    'export interface Credentials { username: string; password: string }',
    'export function hashPassword(password: string, salt: string): string {',
    "  return createHash('sha256').update(salt + password).digest('hex');",
    '}',
    'const tokenizer = new Tokenizer({ maxTokens: 512 });',
    'if (!token) throw new AuthError("missing token");',
    'const secretName = `projects/${project}/secrets/db`;',
  ].join('\n');
  assert.equal(redactText(src), src);
});

// ---------------------------------------------------------------------------------------------
// Mapping placeholders.
// ---------------------------------------------------------------------------------------------

test('the same secret maps to the same placeholder, different secrets to different ones', () => {
  const a = redactText(`first ${FAKE.githubClassic} then again ${FAKE.githubClassic}`);
  const phs = a.match(/\[REDACTED:[^\]]+\]/g)!;
  assert.equal(phs.length, 2);
  assert.equal(phs[0], phs[1]);
  assert.equal(phs[0], placeholder('github_token', FAKE.githubClassic));
  assert.notEqual(redactText(FAKE.githubOauth), redactText(FAKE.githubClassic));
  assert.equal(redactText(`x ${FAKE.npm}`), redactText(`x ${FAKE.npm}`));
});

test('fnv1a is the standard FNV-1a 32-bit hash', () => {
  assert.equal(fnv1a(''), 0x811c9dc5);
  assert.equal(fnv1a('a'), 0xe40c292c);
  assert.equal(fnv1a('foobar'), 0xbf9cf968);
});

test('redaction is idempotent', () => {
  const text = `key ${FAKE.anthropic}\npassword: ${FAKE.password}\npostgres://u:${FAKE.password}@h/db\n${FAKE.privateKey}`;
  const once = redactText(text);
  assert.equal(redactText(once), once);
  assert.deepEqual(redactValue(redactValue({ password: 'x1y2z3', t: once })), redactValue({ password: 'x1y2z3', t: once }));
});

// ---------------------------------------------------------------------------------------------
// Keys at any depth.
// ---------------------------------------------------------------------------------------------

test('redactValue hides values under secret-looking keys at any depth and keeps the rest', () => {
  const input = {
    model: 'claude',
    max_tokens: 1024,
    usage: { input_tokens: 12, output_tokens: 3 },
    auth: { type: 'oauth', apiKey: 'abc123def456' },
    servers: [{ name: 'db', password: 'pa55word', host: 'db.local' }],
    headers: { Authorization: 'Bearer abcdef1234567890', 'Content-Type': 'application/json' },
    env: [{ name: 'GITHUB_TOKEN', value: 'not-a-real-token-1' }, { name: 'NODE_ENV', value: 'production' }],
    secrets: { one: 'value-one', two: ['value-two'] },
    credentials: { user: 'svc', pin: 1234 },
    tokenizer: 'cl100k',
    passwordField: '#pw',
    author: 'Jane',
    nothing: null,
  };
  const out = redactValue(input) as typeof input;
  assert.equal(out.model, 'claude');
  assert.equal(out.max_tokens, 1024);
  assert.deepEqual(out.usage, input.usage);
  assert.equal(out.auth.type, 'oauth');
  assert.match(out.auth.apiKey, PLACEHOLDER_RE);
  assert.match(out.servers[0]!.password, PLACEHOLDER_RE);
  assert.equal(out.servers[0]!.host, 'db.local');
  assert.match(out.headers.Authorization, /^Bearer \[REDACTED:/);
  assert.equal(out.headers['Content-Type'], 'application/json');
  assert.match(out.env[0]!.value, PLACEHOLDER_RE);
  assert.equal(out.env[1]!.value, 'production');
  assert.match(out.secrets.one, PLACEHOLDER_RE);
  assert.match(out.secrets.two[0]!, PLACEHOLDER_RE);
  assert.equal(out.credentials.user.startsWith('[REDACTED:'), true);
  assert.equal(out.tokenizer, 'cl100k');
  assert.equal(out.passwordField, '#pw');
  assert.equal(out.author, 'Jane');
  assert.equal(out.nothing, null);
  assert.equal(input.servers[0]!.password, 'pa55word', 'input is not modified');
});

test('redactValue survives cycles and extreme depth', () => {
  const a: Record<string, unknown> = { password: 'abc123' };
  a['self'] = a;
  const out = redactValue(a) as Record<string, unknown>;
  assert.match(String(out['password']), PLACEHOLDER_RE);
  let deep: unknown = 'leaf';
  for (let i = 0; i < 10_000; i++) deep = { d: deep };
  assert.doesNotThrow(() => redactValue(deep));
});

test('secretNameKind reads names by their parts', () => {
  for (const n of ['password', 'DB_PASSWORD', 'PGPASSWORD', 'api_key', 'apiKey', 'X-Api-Key', 'client_secret', 'GITHUB_TOKEN', 'accessToken', 'AccountKey', 'SECRET_KEY_BASE', 'STRIPE_KEY', 'Authorization', 'cookie', 'private_key',
    // Compounds written as one word, and a password named in German.
    'TS_AUTHKEY', 'authkey', 'MASTERKEY', 'signingKey', 'DBPASS', 'mysqlpass', 'ROOTPWD', 'DB_PASSWORT', 'kennwort']) {
    assert.ok(secretNameKind(n), n);
  }
  for (const n of ['tokenizer', 'passwordField', 'max_tokens', 'token_type', 'author', 'PUBLIC_KEY', 'sort_key', 'secretName', 'auth_url', 'TOKEN_EXPIRY', 'keyboard', 'passthrough', 'bypass', 'compass', 'tokenCount', 'primaryKey',
    'hotkey', 'HOTKEY', 'monkey', 'sortkey', 'publickey', 'renderpass', 'OLDPWD', 'passkey']) {
    assert.equal(secretNameKind(n), null, n);
  }
  assert.deepEqual(identifierParts('XMLHttpRequest'), ['xml', 'http', 'request']);
  assert.deepEqual(identifierParts('SECRET_KEY_BASE'), ['secret', 'key', 'base']);
});

// ---------------------------------------------------------------------------------------------
// Scale: linear time on 1 MB inputs, including adversarial ones.
// ---------------------------------------------------------------------------------------------

const MB = 1 << 20;
const ADVERSARIAL: ReadonlyArray<readonly [string, () => string]> = [
  ['one long identifier run', () => 'a'.repeat(MB)],
  ['repeated secret words', () => 'password'.repeat(MB / 8)],
  ['repeated key= prefixes', () => 'token=' .repeat(MB / 6)],
  ['many BEGIN markers without END', () => '-----BEGIN PRIVATE KEY-----\n'.repeat(MB / 28)],
  ['many sk- prefixes', () => 'sk-'.repeat(MB / 3)],
  ['URL without @', () => 'http://' + 'a:'.repeat(MB / 2)],
  ['long base64 line', () => Buffer.alloc(MB * 0.75, 7).toString('base64')],
  ['many eyJ segments', () => 'eyJ'.repeat(MB / 3)],
  ['hex flood', () => '0123456789abcdef'.repeat(MB / 16)],
  ['many quotes', () => '"password": "'.repeat(MB / 14)],
  ['deep JSON-ish text', () => '{"a":'.repeat(MB / 5)],
  ['many Bearer words', () => 'Bearer '.repeat(MB / 7)],
  ['one-line JSON full of secret keys', () => JSON.stringify(Array.from({ length: MB / 40 }, (_, i) => ({ password: `pw-${i}-x9`, note: 'k' })))],
  ['many anchored hints', () => '-us1 :AA Q~ .atlasv1. '.repeat(MB / 22)],
];

for (const [name, make] of ADVERSARIAL) {
  test(`1 MB adversarial input finishes: ${name}`, { timeout: 20_000 }, () => {
    const input = make();
    const out = redactText(input);
    assert.equal(typeof out, 'string');
  });
}

test('1 MB of realistic log with secrets sprinkled in', { timeout: 20_000 }, () => {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < MB; i++) {
    const line = i % 500 === 0 ? `[info] using token ${FAKE.githubClassic}` : `[info] ${i} GET /api/items?page=${i} 200 12ms user=${i % 7}`;
    lines.push(line);
    size += line.length + 1;
  }
  const out = redactText(lines.join('\n'));
  assert.ok(!out.includes(FAKE.githubClassic));
  assert.ok(out.includes('GET /api/items?page=1 200'));
});

test('a "__proto__" key is kept as data and redacted like any other', () => {
  const out = redactValue(JSON.parse('{"__proto__": {"password": "abc123xyz"}, "a": 1}')) as Record<string, unknown>;
  assert.equal(Object.getPrototypeOf(out), Object.prototype);
  assert.ok(Object.hasOwn(out, '__proto__'));
  assert.match(JSON.stringify(out), /"__proto__":\{"password":"\[REDACTED:password:[0-9a-f]{6}\]"\}/);
});
