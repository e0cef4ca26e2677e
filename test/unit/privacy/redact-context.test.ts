/**
 * Credentials no name is assigned to, found by their context (core/privacy/context-values): literals
 * passed to calls that take credentials, cells under a column that names one, a lone value below a
 * label; and round 9's other classes: other languages' password words as names and keys, LaunchDarkly
 * keys bare, base64 secrets with few digits, placeholders that are whole words. Each case checks that
 * the secret's body is gone and the text around it stays; the look-alikes stay as they are.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactText, redactValue } from '../../../src/core/privacy/redact.ts';
import { chars } from './fake-secrets.ts';
import { B64, hex, p, PW, hidden, unchanged } from './redaction-asserts.ts';

const uuid = (): string => [hex(8), hex(4), '4' + hex(3), hex(4), hex(12)].join('-');
/** A 40-character base64 secret with a single digit, as AWS secret keys often are (letters only, then one `7`). */
const fewDigits = (): string => chars(20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz/+') + '7' + chars(19, 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ');

test('a key passed by position to an SDK client or an auth call', () => {
  const token = hex(32);
  hidden(`client = Client("AC${hex(32)}", "${token}")`, token, 'client = Client("');
  hidden(`const client = twilio(accountSid, "${token}");`, token, 'twilio(accountSid, "');
  hidden(`const client = algoliasearch('LATENCY7QZ', '${token}');`, token, "algoliasearch('LATENCY7QZ', '");
  hidden(`$client = SearchClient::create('Q7WJ2KF9LM', '${token}');`, token, 'SearchClient::create(');
  hidden(`credential=AzureKeyCredential("${token}"))`, token, 'AzureKeyCredential("');
  const b64 = chars(40, B64);
  hidden(`const sig = crypto.createHmac('sha256', '${b64}').update(body)`, b64, "createHmac('sha256', '");
  const signing = chars(32);
  hidden(`jwt.sign({ sub: user.id }, '${signing}', { expiresIn: '1h' })`, signing, 'jwt.sign({ sub: user.id }, ');
  const h40 = hex(40);
  hidden(`sig = hmac.new(b"${h40}", body, hashlib.sha256)`, h40, 'hmac.new(b"', '", body');
});

test('a typed password by position, only where the call takes one and not as its first argument', () => {
  hidden(`resp = requests.get(url, auth=HTTPBasicAuth('deploy', '${PW}'))`, PW, "HTTPBasicAuth('deploy', '");
  hidden(`r = requests.get(url, auth=("admin", "${PW}"))`, PW, 'auth=("admin", "');
  hidden(`server.login("reports@example.com", "${PW}")`, PW, 'server.login("reports@example.com", "');
  hidden(`client.Credentials = new NetworkCredential("svc", "${PW}");`, PW, 'NetworkCredential("svc", "');
  hidden(`dataSource.setPassword("${PW}");`, PW, 'setPassword("');
  // A secret-named argument beside it says what the call takes.
  hidden(`curl_easy_setopt(curl, CURLOPT_USERPWD, "deploy:${PW}");`, PW, 'CURLOPT_USERPWD, "');
  // One call out: the wrapper says nothing, the call around it does.
  hidden(`client.get(url).basic_auth("admin", Some("${PW}")).send()`, PW, 'basic_auth("admin", Some("');
  // A host or a user is no password, even in a call that takes one.
  unchanged(`db = MySQLdb.connect("db-01.internal", "root", "app_user", "shop")`);
});

test('calls whose literals are ids, hashes and references stay', () => {
  unchanged(`const commit = await client.getCommit("${hex(40)}");`);
  unchanged(`const iv = Buffer.from("${hex(32)}", "hex");`);
  unchanged(`expect(hashFile("a.txt")).toBe("${hex(64)}");`);
  unchanged(`const order = await client.orders.get("${uuid()}");`);
  unchanged('const client = twilio(process.env.TWILIO_SID, process.env.TWILIO_AUTH_TOKEN);');
  unchanged(`await client.beta.vaults.credentials.create('vcrd_${chars(24)}', { name: 'x' })`);
  unchanged(`store_path=f"{cert_dir}/Cacerts1.jks",\n  list_cas(store_pwd=STORE_PASSWORD, store_path=f"{cert_dir}/Cacerts1.jks")`);
});

test('cells under a column whose header names a credential', () => {
  const secret = fewDigits();
  const id = p('AK', 'IA', chars(16, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'));
  hidden(`| User | Access key ID | Secret access key |\n|---|---|---|\n| ci-bot | ${id} | ${secret} |`, secret, '| ci-bot | ', '| Secret access key |');
  hidden(`User name,Password,Access key ID,Secret access key\nci-bot,,${id},${secret}`, secret, 'User name,Password');
  hidden(`AccessKeyId\tSecretAccessKey\n${id}\t${secret}`, secret, 'AccessKeyId\tSecretAccessKey\n');
  const token = chars(40);
  hidden(`| name | token |\n| deploy-bot | ${token} |`, token, '| deploy-bot | ');
  // Columns that name no credential keep their values (an id, a digest under `Key | Value`).
  unchanged(`| Key | Value |\n|---|---|\n| etag | ${hex(32)} |`);
  unchanged(`| Access key ID | Created |\n| ${chars(20, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')} | 2024-05-01 |`);
});

test('a lone value on the line below a label that names a credential', () => {
  const secret = fewDigits();
  hidden(`Here are the keys.\nsecret:\n${secret}\nplease delete after use`, secret, 'secret:\n', '\nplease delete');
  hidden(`Client secret\n\n${secret}\n\nCopy it now.`, secret, 'Client secret\n\n');
  const h = hex(32);
  hidden(`Your API key:\n  ${h}`, h, 'Your API key:\n  ');
  hidden(`$ cat /var/jenkins_home/secrets/initialAdminPassword\n${h}`, h, 'initialAdminPassword\n');
  hidden(`$ cat config/master.key\n${h}`, h, 'master.key\n');
  // A label that names no credential, and an assignment's line, say nothing of the next line.
  unchanged(`$ git rev-parse HEAD\n${hex(40)}`);
  unchanged(`Cache restored from key:\n${hex(64)}`);
  unchanged('NEO4J_MEMORY_HEAP=512M\nNEO4J_MEMORY_HEAP_MAX=2G');
});

test("a base64 secret with few digits after a credential word", () => {
  const secret = fewDigits();
  hidden(`use access key AKIDEXAMPLE with secret ${secret} for staging`, secret, 'with secret ', ' for staging');
});

test("other languages' password words as names", () => {
  for (const name of ['KENNWORT', 'DB_PASSWORT', 'MOT_DE_PASSE', 'PAROLA', 'HASLO', 'SENHA', 'DB_CONTRASENA', 'WACHTWOORD', 'SALASANA', 'LOSENORD', 'HESLO', 'JELSZO', 'SIFRE', 'KATA_SANDI', 'SMTP_PW']) {
    hidden(`${name}=${PW}`, PW, `${name}=`);
  }
  hidden(`utilisateur: admin\nmotdepasse: ${PW}`, PW, 'motdepasse: ');
  hidden(`{"usuario": "ana", "senha": "${PW}"}`, PW, '"senha": "');
  // A label's text and a policy are no password.
  unchanged('KENNWORT_LABEL=Kennwort eingeben');
  unchanged('A senha deve ter pelo menos 8 caracteres.');
  // `pw` ends a name; inside one it is something else (Playwright's `x-pw-…` headers).
  unchanged(`headers: {"x-pw-serviceworker": "block-${hex(4)}"}`);
});

test('credential words outside ASCII as keys, in text and in JSON values', () => {
  hidden(`{"ユーザー名": "admin", "パスワード": "${PW}"}`, PW, '"パスワード": "');
  hidden(`{"用户名": "root", "密码": "${PW}"}`, PW, '"密码": "');
  hidden(`{"비밀번호": "${PW}"}`, PW, '"비밀번호": "');
  hidden(`пароль=${PW}`, PW, 'пароль=');
  const v = redactValue({ 'パスワード': PW, пароль: PW, 名前: 'taro' }) as Record<string, string>;
  assert.ok(!JSON.stringify(v).includes(PW), JSON.stringify(v));
  assert.equal(v['名前'], 'taro');
  unchanged('{"密码": "请输入密码"}');
  unchanged('パスワードを入力してください');
});

test('LaunchDarkly SDK and mobile keys bare; other prefixes and a UUID stay', () => {
  for (const prefix of ['sdk-', 'mob-']) {
    const key = p(prefix, uuid());
    hidden(`Using ${key} for the client`, key, 'Using ', ' for the client');
  }
  unchanged(`GET /v1/gateways/api-${uuid()} 200`);
  unchanged('Using aws-sdk-js v3.450.0 and the mob-programming rota');
});

test('a URL password holding a #; whole-word placeholders are no password', () => {
  const pw = p('afpr25', '#', 'JUQeh');
  hidden(`ldap://app_user:${pw}@ldap.example.com:389`, pw, 'ldap://app_user:', '@ldap.example.com');
  unchanged('DATABASE_URL=postgres://user:password@localhost:5432/mydb');
  unchanged('POSTGRES_PASSWORD=changeme');
  unchanged('{"password": "Mot de passe", "login": "Connexion"}');
});

test('prose: `creds: user / password`, and `pass:` only before an unmistakable password', () => {
  hidden(`creds: admin / ${PW}`, PW, 'creds: admin / ');
  hidden(`user: admin pass: ${PW}`, PW, 'pass: ');
  unchanged('--- PASS: TestTruncateAtUUID/valid_uuid_1 (0.00s)');
  unchanged('tests pass: 12/12, lint pass: ok');
});

test('a generated value in an env line whose name has no secret word; ids, hashes and paths stay', () => {
  const h = hex(32);
  hidden(`ALGOLIA_ADMIN=${h}\nALGOLIA_APP=LATENCY7QZ`, h, 'ALGOLIA_ADMIN=', '\nALGOLIA_APP=LATENCY7QZ');
  const b = chars(40);
  hidden(`export MAPBOX_ACCESS="${b}"`, b, 'export MAPBOX_ACCESS="', '"');
  unchanged(`GITHUB_SHA=${hex(40)}\nCI_PIPELINE_ID=${hex(32)}\nIMAGE_DIGEST=${hex(64)}`);
  unchanged(`VSCODE_GIT_IPC_HANDLE=/var/folders/${chars(12)}/T/vscode-git-${hex(10)}.sock`);
});

test("a parameter store's entry: the value under a path that ends in a secret's name", () => {
  hidden(`{\n  "Parameter": {\n    "Name": "/prod/db/password",\n    "Type": "SecureString",\n    "Value": "${PW}",\n    "Version": 3\n  }\n}`, PW, '"Value": "');
  // A reference to a Kubernetes secret stays a reference.
  unchanged('        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n              name: db\n              key: password');
});
