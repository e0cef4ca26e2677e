/**
 * Credential formats and places the catalogue did not list before round 8: documented prefixed
 * formats (AI, infrastructure, commerce and observability providers), Authorization headers with a
 * provider's own scheme word, name/value env pairs, credentials passed as plain words to
 * subcommands, `.pgpass` lines, and key headers whose names hold no secret word. Each case checks
 * that the secret's body is gone and that the text around it stays.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chars } from './fake-secrets.ts';
import { ALNUM, URLSAFE, UPPER_ALNUM, hex, p, PW, hidden, unchanged } from './redaction-asserts.ts';

const uuid = (): string => [hex(8), hex(4), hex(4), hex(4), hex(12)].join('-');

test('documented prefixed formats the catalogue lacked, bare in a sentence', () => {
  const formats: [string, string][] = [
    ['nvidia', p('nv', 'api-', chars(64, URLSAFE))],
    ['pinecone', p('pc', 'sk_', chars(5), '_', chars(63))],
    ['langsmith', p('lsv2', '_pt_', hex(32), '_', hex(10))],
    ['langsmith service', p('lsv2', '_sk_', hex(32), '_', hex(10))],
    ['langfuse', p('sk-', 'lf-', uuid())],
    ['elevenlabs', p('sk', '_', hex(48))],
    ['posthog', p('ph', 'x_', chars(43))],
    ['clickup', p('pk', '_', chars(8, '0123456789'), '_', chars(32, UPPER_ALNUM))],
    ['bitbucket data center', p('BB', 'DC-', chars(44, URLSAFE))],
    ['braintree', p('access_', 'token$production$', chars(16, 'abcdefghijklmnopqrstuvwxyz0123456789'), '$', hex(32))],
    ['razorpay', p('rzp', '_live_', chars(14))],
    ['vercel', p('vc', 'p_', chars(40))],
    ['doppler service token naming its config', p('dp', '.st.', 'prd.', chars(43))],
    ['new relic browser', p('NR', 'BR-', hex(19))],
    ['new relic license', p(hex(32), 'FFFF', 'NRAL')],
    ['sonarcloud', p('sq', 'co_', chars(59))],
    ['cloudflare global v2', p('cf', 'k_', chars(40), hex(8))],
    ['apify', p('apify', '_api_', chars(36))],
    ['rootly', p('root', 'ly_', hex(64))],
  ];
  for (const [name, token] of formats) {
    const secret = token.startsWith('access_token$') ? token.slice(token.lastIndexOf('$', token.length - 33)) : token;
    // No credential word before it: the format alone must name it (prose would say `secret`).
    const out = hidden(`rotated the ${name} one, now ${token} (today)`, secret, `rotated the ${name} one, now `, ' (today)');
    assert.ok(!/\[REDACTED:(?:secret|password):/.test(out), `${name}: named by its format: ${out}`);
  }
});

test('look-alikes of the new prefixes stay', () => {
  unchanged('SELECT pk_12345678_idx FROM t; -- pk_user_id is the primary key');
  unchanged('const sk_len = 48; vcp_config.enabled = true; BBDC-123 was fixed');
  unchanged('desk_0123456789abcdef0123456789abcdef0123456789abcdef is a file name');
  unchanged('access_token$production$ is the prefix Braintree documents');
});

test('an Authorization header with a provider scheme word keeps the word and loses the credential', () => {
  const cases: [string, string, string][] = [
    ['Splunk', uuid(), '-H "Authorization: Splunk '],
    ['GenieKey', uuid(), 'Authorization: GenieKey '],
    ['DeepL-Auth-Key', p(hex(36), ':fx'), 'Authorization: DeepL-Auth-Key '],
    ['sso-key', p(chars(12), '_', chars(22), ':', chars(22)), 'Authorization: sso-key '],
  ];
  for (const [scheme, cred] of cases) {
    hidden(`curl https://api.example.com -H "Authorization: ${scheme} ${cred}" -d @body.json`, cred, `Authorization: ${scheme} `, '" -d @body.json');
  }
  unchanged('Authorization: required for every endpoint but /health');
  unchanged('Authorization: Splunk ${HEC_TOKEN}');
});

test('a secret under the value key of a name/value pair (Kubernetes, ECS, CloudFormation)', () => {
  const k8s = p('nv', 'api-', chars(64, URLSAFE));
  hidden(`env:\n  - name: NVIDIA_API_KEY\n    value: ${k8s}\n  - name: LOG_LEVEL\n    value: debug\n`, k8s, 'name: NVIDIA_API_KEY', 'value: debug');
  hidden(`env:\n  - name: DB_PASSWORD\n    value: "${PW}"\n`, PW, 'name: DB_PASSWORD\n    value: "');
  const ecs = chars(40);
  hidden(`"environment": [{"name": "STRIPE_SECRET_KEY", "value": "${ecs}"}, {"name": "PORT", "value": "8080"}]`, ecs, '"name": "STRIPE_SECRET_KEY", "value": "', '"value": "8080"');
  hidden(`Environment:\n  - Name: API_TOKEN\n    Value: ${ecs}\n`, ecs, 'Name: API_TOKEN');
  // References and code are no literal.
  unchanged('env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: db\n        key: password\n');
  unchanged('env:\n  - name: DB_PASSWORD\n    value: ${DB_PASSWORD}\n');
  unchanged("fields.push({ name: 'password', value: form.passwordValue });");
  unchanged('- name: LOG_LEVEL\n  value: debug');
});

test('credentials passed as plain words to subcommands', () => {
  const vault = p('s', '.', chars(24));
  hidden(`$ vault login ${vault}\nSuccess!`, vault, 'vault login ', '\nSuccess!');
  const npm = uuid();
  hidden(`npm config set //npm.example.com/:_authToken ${npm} --location=user`, npm, ':_authToken ', ' --location=user');
  const aws = chars(40, ALNUM + '+/');
  hidden(`aws configure set aws_secret_access_key ${aws} --profile prod`, aws, 'aws_secret_access_key ', ' --profile prod');
  const gh = hex(40);
  hidden(`git config --global github.token ${gh}`, gh, 'github.token ');
  unchanged('git config --global user.signingkey 3AA5C34371567BD2');
  unchanged('git config --global credential.helper store');
  unchanged('yarn config set npmAlwaysAuth true');
  unchanged('Run vault login and paste the token it prints.');
  unchanged('vault login -method=oidc role=admin');
});

test('.pgpass lines in a text that names the file', () => {
  hidden(`$ cat ~/.pgpass\ndb.example.com:5432:appdb:appuser:${PW}\n*:*:*:postgres:\${PGPW}`, PW, 'db.example.com:5432:appdb:appuser:', '${PGPW}');
  // Without the file's name, a colon-joined line is anything (a log field list).
  unchanged(`db.example.com:5432:appdb:appuser:${PW}`);
});

test('key headers whose names hold no secret word', () => {
  const team = hex(32);
  hidden(`curl https://api.honeycomb.io/1/events/ds -H "X-Honeycomb-Team: ${team}" -d '{}'`, team, 'X-Honeycomb-Team: ', `" -d '{}'`);
  const art = chars(73);
  hidden(`curl -H 'X-JFrog-Art-Api: ${art}' -T a.jar https://jfrog.example.com/`, art, 'X-JFrog-Art-Api: ', ' -T a.jar');
  unchanged('Set the X-Honeycomb-Team header to your ingest key.');
});

test('Oracle thin JDBC URLs keep user and host', () => {
  hidden(`url: jdbc:oracle:thin:scott/${PW}@//dbhost:1521/ORCLPDB1`, PW, 'jdbc:oracle:thin:scott/', '@//dbhost:1521/ORCLPDB1');
  unchanged('url: jdbc:oracle:thin:@//dbhost:1521/ORCLPDB1');
});

test('a secret beside its name in a call, an index, an XML element, a SQL clause or a directive line', () => {
  const key = chars(40);
  hidden(`define( 'DB_PASSWORD', '${PW}' );\ndefine( 'DB_HOST', 'localhost' );`, PW, "define( 'DB_PASSWORD', '", "'DB_HOST', 'localhost'");
  hidden(`config.set('apiKey', '${key}');`, key, "config.set('apiKey', '", "');");
  hidden(`ENV['GITHUB_TOKEN'] = '${key}'`, key, "ENV['GITHUB_TOKEN'] = '");
  hidden(`os.environ["DB_PASSWORD"] = "${PW}"`, PW, 'os.environ["DB_PASSWORD"] = "');
  hidden(`<server>\n  <username>deploy</username>\n  <password>${PW}</password>\n</server>`, PW, '<username>deploy</username>', '<password>', '</password>');
  hidden(`<configuration><apiKey>${key}</apiKey></configuration>`, key, '<configuration><apiKey>', '</apiKey>');
  hidden(`CREATE ROLE reporter LOGIN PASSWORD '${PW}' VALID UNTIL 'infinity';`, PW, "LOGIN PASSWORD '", "' VALID UNTIL 'infinity';");
  hidden(`CREATE USER 'app'@'%' IDENTIFIED BY '${PW}';`, PW, "CREATE USER 'app'@'%' IDENTIFIED BY '");
  hidden(`# redis.conf\nbind 127.0.0.1\nrequirepass ${PW}\n`, PW, 'bind 127.0.0.1\nrequirepass ');
  hidden(`FROM node:20\nENV DB_PASSWORD ${PW}\nRUN npm ci`, PW, 'ENV DB_PASSWORD ', '\nRUN npm ci');
  // Words, references and code stay: translations, defaults that are words, placeholders, prose.
  unchanged("t('password', 'Kennwort'); t('token', 'Jeton');");
  unchanged("os.getenv('DB_PASSWORD', 'secret')");
  unchanged('<password>${DB_PASS}</password>');
  unchanged('Token expired\nPassword reset link sent');
  unchanged("SELECT * FROM users WHERE password = crypt($1, password);");
});

test('credentials passed to subcommands and tool flags of their own', () => {
  hidden(`rabbitmqctl add_user app ${PW}`, PW, 'rabbitmqctl add_user app ');
  hidden(`net user svc_backup ${PW} /add`, PW, 'net user svc_backup ', ' /add');
  hidden(`redis-cli CONFIG SET requirepass "${PW}"`, PW, 'CONFIG SET requirepass "');
  hidden(`nmcli dev wifi connect HomeNet password ${PW}`, PW, 'connect HomeNet password ');
  const body = chars(40);
  hidden(`gh secret set DEPLOY_KEY --body "${body}"`, body, 'gh secret set DEPLOY_KEY --body "');
  hidden(`ssh-keygen -t ed25519 -N '${PW}' -f ~/.ssh/deploy`, PW, "-N '", "' -f ~/.ssh/deploy");
  hidden(`mosquitto_pub -h broker -u dev -P ${PW} -t t -m hi`, PW, '-P ', ' -t t -m hi');
  hidden(`zip -P ${PW} -r backup.zip ./data`, PW, 'zip -P ', ' -r backup.zip');
  hidden(`7z a -p${PW} -mhe=on archive.7z`, PW, '7z a -p', ' -mhe=on');
  unchanged('gh pr create --title "Fix" --body "Refreshes the token before it expires"');
  unchanged('net user bob');
  unchanged("ssh-keygen -t ed25519 -N '' -f ~/.ssh/id");
});

test('a Wi-Fi pre-shared key', () => {
  hidden(`network={\n    ssid="HomeNet"\n    psk="${PW}"\n}`, PW, 'ssid="HomeNet"', 'psk="');
});

test('a JSON Web Key loses its private members and keeps its public ones', () => {
  const x = chars(43, URLSAFE);
  const d = chars(43, URLSAFE);
  hidden(`{"kty":"OKP","crv":"Ed25519","x":"${x}","d":"${d}"}`, d, `"x":"${x}"`, '"crv":"Ed25519"');
  const n = chars(342, URLSAFE);
  const rsaD = chars(342, URLSAFE);
  const prime = chars(171, URLSAFE);
  const out = hidden(`{"kty": "RSA", "n": "${n}", "e": "AQAB", "d": "${rsaD}", "p": "${prime}"}`, rsaD, `"n": "${n}"`, '"e": "AQAB"');
  assert.ok(!out.includes(prime), out);
});

test('wallet private keys: BIP32 extended keys and Nostr nsec', () => {
  const B58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const xprv = p('xp', 'rv9s21ZrQH143K', chars(95, B58));
  hidden(`master: ${xprv} (backup)`, xprv, 'master: ', ' (backup)');
  const nsec = p('ns', 'ec1', chars(58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'));
  hidden(`my nostr key ${nsec} do not share`, nsec, ' do not share');
  // The public forms stay.
  unchanged(p('xp', 'ub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8'));
});

test('a password straight after its word, and creds', () => {
  hidden(`Benutzer: admin, Passwort ${PW}`, PW, 'Benutzer: admin, Passwort ');
  hidden(`账号 admin 密码 ${PW}`, PW, '账号 admin 密码 ');
  hidden(`creds: admin/${PW}`, PW, 'creds: ');
  unchanged('reset the password Reset123 flow');
  unchanged('the password manager stores it');
  unchanged('creds: see the vault');
});
