/**
 * The wider redaction of issue 18: credentials on command lines, in URLs' user part, in connection
 * strings and credential files, private keys in every armour and without one, base64 blobs that
 * decode to credentials, prose in many languages, and the catalogue of prefixed formats (dev split,
 * the one the rules are tuned against; the held-out split is reported by bench/redaction-recall).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactText } from '../../../src/core/privacy/redact.ts';
import { DEV, PLACES, render } from '../../fixtures/secrets/catalogue.ts';
import { chars } from './fake-secrets.ts';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PW = ['S3cr', 'et-Pa55', 'w0rd'].join('');

function hidden(text: string, secret: string): string {
  const out = redactText(text);
  assert.ok(!out.includes(secret), `survived: ${out}`);
  assert.match(out, /\[REDACTED:[a-z_]+:[0-9a-f]{6}\]/);
  return out;
}

test('credentials passed as command-line arguments, with the rest of the command kept', () => {
  const cases: [string, string][] = [
    [`curl -u admin:${PW} https://api.example.com/v1`, 'curl -u admin:[REDACTED:password:'],
    [`curl --user "deploy:${PW}" -X POST https://x.example`, 'curl --user "deploy:[REDACTED:password:'],
    [`curl --user=deploy:${PW} https://x.example`, 'curl --user=deploy:[REDACTED:password:'],
    [`mysql -uroot -p${PW} shop`, 'mysql -uroot -p[REDACTED:password:'],
    [`mysqldump -h db -u app -p${PW} shop > dump.sql`, '-p[REDACTED:password:'],
    [`sshpass -p '${PW}' ssh root@10.0.0.5`, "sshpass -p '[REDACTED:password:"],
    [`htpasswd -bc /etc/nginx/.htpasswd alice ${PW}`, 'alice [REDACTED:password:'],
    [`htpasswd -nb alice ${PW}`, 'alice [REDACTED:password:'],
    [`redis-cli -h cache -a ${PW} ping`, '-a [REDACTED:password:'],
    [`docker login -u bot -p ${PW} registry.example.com`, '-p [REDACTED:password:'],
    [`ldapsearch -x -D cn=admin,dc=example -w ${PW} -b dc=example`, '-w [REDACTED:password:'],
    [`smbclient //fs/share -U alice%${PW}`, '-U alice%[REDACTED:password:'],
    [`sqlcmd -S db -U sa -P ${PW} -Q "select 1"`, '-P [REDACTED:password:'],
    [`sqlplus scott/${PW}@orcl`, 'sqlplus scott/[REDACTED:password:'],
    [`lftp -u alice,${PW} sftp://files.example`, '-u alice,[REDACTED:password:'],
    [`xfreerdp /v:host /u:alice /p:${PW}`, '/p:[REDACTED:password:'],
    [`openssl pkcs12 -export -in c.pem -passout pass:${PW} -out c.p12`, '-passout pass:[REDACTED:password:'],
    [`keytool -importkeystore -srckeystore a.jks -srcstorepass ${PW}`, '-srcstorepass [REDACTED:password:'],
    [`PGPASSWORD=${PW} psql -h db -U app shop`, 'PGPASSWORD=[REDACTED:password:'],
    [`MYSQL_PWD=${PW} mysql -u root`, 'MYSQL_PWD=[REDACTED:password:'],
    [`psql --password ${PW}`, '--password [REDACTED:password:'],
    [`tool --token=${chars(32)} sync`, '--token=[REDACTED:token:'],
    [`java -Ddb.password=${PW} -jar app.jar`, '-Ddb.password=[REDACTED:password:'],
    [`mount -t cifs //fs/share /mnt -o username=alice,password=${PW}`, 'password=[REDACTED:password:'],
  ];
  for (const [cmd, kept] of cases) {
    const secret = cmd.includes(PW) ? PW : cmd.split('=')[1]!.split(' ')[0]!;
    assert.ok(hidden(cmd, secret).includes(kept), `${cmd} → ${redactText(cmd)}`);
  }
  // What these tools take that is no credential stays.
  for (const s of ['mkdir -p src/lib', 'docker run -p 8080:80 nginx', 'ssh -p 2222 host', 'curl -u alice https://x.example', 'mysql -p shop', 'htpasswd -c .htpasswd alice', 'redis-cli -a $REDIS_PASSWORD ping']) {
    assert.equal(redactText(s), s);
  }
});

test('a token alone in a URL user part; a placeholder already there is left whole', () => {
  const token = chars(40);
  assert.equal(redactText(`git clone https://${token}@github.com/acme/shop.git`).includes(token), false);
  const dsn = `https://${chars(32, '0123456789abcdef')}@o1234.ingest.sentry.io/567`;
  assert.match(redactText(dsn), /^https:\/\/\[REDACTED:token:[0-9a-f]{6}\]@o1234\.ingest\.sentry\.io\/567$/);
  const gh = ['gh', 'p_', chars(36)].join('');
  assert.match(redactText(`https://${gh}@github.com/acme/shop.git`), /^https:\/\/\[REDACTED:github_token:[0-9a-f]{6}\]@github\.com/);
  for (const s of ['ssh://git@github.com/acme/shop.git', 'https://alice@example.com/', 'postgres://app@db:5432/shop']) assert.equal(redactText(s), s);
});

test('connection strings and credential files', () => {
  const key = chars(86, B64) + '==';
  hidden(`here is the staging credential: DefaultEndpointsProtocol=https;AccountName=acme;AccountKey=${key};EndpointSuffix=core.windows.net`, key);
  const sas = chars(44, B64);
  hidden(`Endpoint=sb://acme.servicebus.windows.net/;SharedAccessKeyName=Root;SharedAccessKey=${sas}`, sas);
  const ado = `Server=tcp:sql.example.net,1433; User ID=sa; Password=${PW}; Encrypt=True;`;
  assert.ok(hidden(ado, PW).includes('User ID=sa;'));
  hidden(`jdbc:sqlserver://db:1433;databaseName=shop;user=sa;password=${PW};`, PW);
  hidden(`jdbc:mysql://db:3306/shop?user=app&password=${PW}`, PW);
  hidden(`machine api.example.com login alice password ${PW}`, PW);
  const npm = ['np', 'm_', chars(36)].join('');
  hidden(`//registry.npmjs.org/:_authToken=${npm}`, npm);
  hidden(`_auth=${Buffer.from('alice:' + PW).toString('base64')}`, Buffer.from('alice:' + PW).toString('base64'));
  hidden(`[distutils]\nindex-servers = pypi\n[pypi]\nusername = __token__\npassword = ${PW}`, PW);
  hidden(`[global]\nindex-url = https://alice:${PW}@pypi.example.com/simple`, PW);
  const cargo = ['ci', 'o', chars(32)].join('');
  hidden(`[registry]\ntoken = "${cargo}"`, cargo);
  hidden(`https://alice:${PW}@github.com`, PW);
  const kube = chars(40);
  hidden(`users:\n- name: admin\n  user:\n    token: ${kube}`, kube);
  hidden(`<add key="ClearTextPassword" value="${PW}" />`, PW);
  hidden(`$config = ['password' => '${PW}'];`, PW);
  const docker = Buffer.from(JSON.stringify({ auths: { 'https://index.docker.io/v1/': { auth: Buffer.from('bot:' + PW).toString('base64') } } })).toString('base64');
  hidden(`kubectl create secret generic regcred --from-literal=.dockerconfigjson=${docker}`, docker.slice(20, 40));
  hidden(`the docker auths blob is ${docker}`, docker.slice(20, 40));
});

test('private keys in every armour, and their bodies without one', () => {
  const body = Array.from({ length: 6 }, () => chars(64, B64)).join('\n');
  for (const label of ['RSA PRIVATE KEY', 'PRIVATE KEY', 'ENCRYPTED PRIVATE KEY', 'EC PRIVATE KEY', 'DSA PRIVATE KEY', 'OPENSSH PRIVATE KEY']) {
    hidden(`-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`, body.split('\n')[2]!);
  }
  hidden(`-----BEGIN PGP PRIVATE KEY BLOCK-----\nVersion: GnuPG v2\n\n${body}\n=a1b2\n-----END PGP PRIVATE KEY BLOCK-----`, body.split('\n')[1]!);
  hidden(`---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: "rsa-key"\n${body}\n---- END SSH2 ENCRYPTED PRIVATE KEY ----`, body.split('\n')[1]!);
  const ppk = `PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: deploy\nPublic-Lines: 2\n${chars(64, B64)}\n${chars(20, B64)}\nPrivate-Lines: 1\n${chars(44, B64)}\nPrivate-MAC: ${chars(64, '0123456789abcdef')}`;
  const priv = ppk.split('\n')[7]!;
  hidden(ppk, priv);
  // Bodies without armour: the fixed bytes every such key starts with.
  for (const start of ['b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ', 'MIIEpAIBAAKCAQEA', 'MIIEvQIBADANBgkqhkiG9w0BAQEFAASC', 'MHcCAQEEI', 'MC4CAQAwBQYDK2VwBCIEI', 'MIIFHDBOBgkqhkiG9w0BBQ0w']) {
    const key = start + chars(64, B64) + '\n' + chars(64, B64);
    hidden(`here is the key:\n${key}\nthanks`, key.split('\n')[1]!);
    hidden(JSON.stringify({ note: `key ${key}` }), key.split('\n')[1]!.slice(0, 30));
  }
  const pem = Buffer.from(`-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`).toString('base64');
  hidden(`client-key-data: ${pem}`, pem.slice(40, 80));
  // Public material stays: certificates, public keys, an SSH public key.
  for (const s of [`MIIDdzCCAl+gAwIBAgIUb${chars(60, B64)}`, `MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA${chars(60, B64)}`, `ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI${chars(43, B64)} dev@laptop`]) assert.equal(redactText(s), s);
});

test('credentials introduced in prose, in many languages', () => {
  const token = chars(32);
  const hex = chars(32, '0123456789abcdef');
  for (const s of [
    `here is the staging credential: ${token}`,
    `The API key for prod is ${token}, please add it`,
    `use this token ${token} for the run`,
    `the token is ${hex}`,
    `mailgun key: key-${chars(32, 'abcdefghijklmnopqrstuvwxyz0123456789')}`,
    `密码是 ${PW}`,
    `数据库密码：${PW}，别外传`,
    `令牌: ${token}`,
    `密钥为${token}`,
    `パスワードは ${PW} です`,
    `トークン: ${token}`,
    `비밀번호는 ${PW} 입니다`,
    `토큰: ${token}`,
    `Das Passwort ist ${PW}`,
    `La contraseña es ${PW}`,
    `le mot de passe est ${PW}`,
    `A senha é ${PW}`,
    `пароль: ${PW}`,
    `токен ${token}`,
  ]) {
    const secret = s.includes(PW) ? PW : s.includes(hex) ? hex : s.includes(token) ? token : s.split(': ')[1]!;
    hidden(s, secret);
  }
  for (const s of [
    'the password is incorrect',
    'Your password must be at least 12 characters.',
    'token: 4096',
    'the public key fingerprint: SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8',
    'primary key: user_id',
    'the token count is 12345',
    'password: e.target.value',
    'here is the key: ctrl+shift+p',
    'max tokens: 8192, key: value',
    'Release GPG key: 0x4F25E3B6',
    'Enter your password: ',
    '请输入密码',
    'パスワードを忘れた場合',
  ]) assert.equal(redactText(s), s, s);
});

test('every format of the dev catalogue, in every place it is planted, is redacted (most of them)', () => {
  let planted = 0;
  const missed: string[] = [];
  DEV.forEach((c, i) => {
    for (const place of PLACES) {
      const text = render(c, place, i);
      if (text === undefined) continue;
      planted++;
      if (redactText(text).includes(c.value)) missed.push(`${c.id} @ ${place}`);
    }
  });
  // The dev split is what the rules were tuned on; what is left are shapes whose generated fakes are
  // not real tokens (a regex's loose class turned into a value) — a floor, so a regression fails here.
  assert.ok(missed.length / planted < 0.04, `${missed.length} of ${planted} missed: ${missed.join(', ')}`);
});
