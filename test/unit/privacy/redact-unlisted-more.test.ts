/**
 * Credential formats and places the catalogue did not cover before round 8's second sweep: documented prefixed
 * formats (LaunchDarkly in its context, Dropbox, Trello, Render, Neon, Fireworks, AWS session
 * tokens, minisign keys), Discord bot tokens, Mailgun's newer keys, key=value pairs that are a flag's
 * value (kubectl, helm), secrets piped into a login or passed in argument lists, PowerShell secure
 * strings, `openssl -k`, names with no secret word (OpenWeatherMap's appid, Redis's masterauth,
 * WordPress salts), Google app passwords, and prose (German "lautet", "set … to", "log in with",
 * other languages' credential words written in ASCII). Each case checks that the secret's body is
 * gone and that the text around it stays.
 */
import { test } from 'node:test';
import { chars } from './fake-secrets.ts';
import { URLSAFE, B64, LOWER_ALNUM, hex, p, PW, hidden, unchanged } from './redaction-asserts.ts';

const uuid = (): string => [hex(8), hex(4), '4' + hex(3), hex(4), hex(12)].join('-');

test('documented prefixed formats, bare in a sentence', () => {
  const formats: [string, string][] = [
    ['dropbox', p('sl', '.u.', chars(140, URLSAFE))],
    ['trello', p('AT', 'TA', hex(64), hex(8).toUpperCase())],
    ['render', p('rn', 'd_', chars(32))],
    ['neon', p('na', 'pi_', chars(64, LOWER_ALNUM))],
    ['fireworks', p('fw', '_', chars(24))],
    ['aws session', p('IQoJb3JpZ2luX2Vj', chars(300, B64))],
    ['aws session (older)', p('FwoGZXIvYXdzE', chars(300, B64))],
    ['minisign', p('RWRTY0Iy', chars(150, B64))],
  ];
  for (const [name, secret] of formats) hidden(`the ${name} one is ${secret} and the old one is revoked.`, secret, `the ${name} one is `, ' and the old one is revoked.');
});

test('LaunchDarkly keys only where the text names LaunchDarkly', () => {
  const sdk = p('sd', 'k-', uuid());
  hidden(`LaunchDarkly server-side SDK key: ${sdk}`, sdk, 'LaunchDarkly server-side SDK key: ');
  const api = p('ap', 'i-', uuid());
  hidden(`export LD_ACCESS=${api}\nrun`, api, 'export LD_ACCESS=', '\nrun');
  // Elsewhere an `api-<uuid>` is an ordinary id.
  unchanged(`GET /v1/gateways/api-${uuid()} 200`);
});

test('Discord bot tokens: the id part decodes to digits', () => {
  const id = Buffer.from('1098765432109876543').toString('base64').replace(/=+$/, '');
  const token = p(id, '.', 'Gh1k2L', '.', chars(38, URLSAFE));
  hidden(`bot.run('${token}')`, token, "bot.run('", "')");
  hidden(`the bot token is ${token} for now`, token, 'the bot token is ', ' for now');
  // A dotted identifier of that length is no token.
  unchanged('see Module.Mathematics.functionalProgrammingExamplesForReaders');
});

test("Mailgun's newer keys: 32 hex digits and two groups of 8, in a text that names Mailgun", () => {
  const key = p(hex(32), '-', hex(8), '-', hex(8));
  hidden(`I rotated the Mailgun key, the new one is ${key} and the old is gone`, key, 'the new one is ', ' and the old is gone');
  hidden(`curl -s --user 'api:${key}' https://api.eu.mailgun.net/v3/mg.acme.io/messages`, key, "--user 'api:", "' https://api.eu.mailgun.net/v3/");
  // A UUID and a digest stay.
  unchanged(`id ${uuid()} and sha ${hex(40)}`);
});

test('key=value pairs that are a flag value (kubectl --from-literal, helm --set)', () => {
  hidden(`kubectl create secret generic db --from-literal=username=app --from-literal=password=${PW}`, PW, '--from-literal=username=app --from-literal=password=');
  hidden(`helm upgrade pg bitnami/postgresql --set auth.postgresPassword=${PW} -n db`, PW, '--set auth.postgresPassword=', ' -n db');
  hidden(`helm install app ./chart --set-string secrets.dbPassword=${PW},db.user=app`, PW, '--set-string secrets.dbPassword=', ',db.user=app');
  unchanged('helm install app ./chart --set auth.existingSecret=pg-creds');
});

test('secrets piped into a login and passed in argument lists', () => {
  const t = hex(40);
  hidden(`echo ${t} | docker login ghcr.io -u me --password-stdin`, t, 'echo ', ' | docker login ghcr.io -u me --password-stdin');
  const gho = p('gh', 'o_', chars(36));
  hidden(`echo "${gho}" | gh auth login --with-token`, gho, '| gh auth login --with-token');
  hidden(`printf '%s' '${PW}' | podman login quay.io -u acme --password-stdin`, PW, '| podman login quay.io');
  unchanged('echo "$CR_PAT" | docker login ghcr.io -u me --password-stdin');
  unchanged('cat ~/token.txt | gh auth login --with-token');
  unchanged('echo hello | npm login');
  hidden(`echo '${PW}' | npm login --registry https://npm.acme.io`, PW, '| npm login --registry https://npm.acme.io');
  hidden(`subprocess.run(["mysql", "-u", "root", "--password", "${PW}", "shop"])`, PW, '"--password", "', '", "shop"]');
  const k = chars(32);
  hidden(`"args": ["-y", "@acme/mcp", "--api-key", "${k}"]`, k, '"--api-key", "');
  const v = chars(24);
  hidden(`execa('vercel', ['deploy', '--token', '${v}'])`, v, "'--token', '");
  unchanged(`args = ["--password", "$DB_PASSWORD"]`);
  unchanged(`parser.add_argument("--password", "-p", help="the password")`);
});

test('PowerShell secure strings and openssl -k', () => {
  hidden(`$pw = ConvertTo-SecureString "${PW}" -AsPlainText -Force`, PW, '$pw = ConvertTo-SecureString "', '" -AsPlainText -Force');
  hidden(`ConvertTo-SecureString -String '${PW}' -AsPlainText -Force`, PW, "-String '");
  unchanged('$pw = ConvertTo-SecureString "$env:PW" -AsPlainText -Force');
  hidden(`openssl enc -aes-256-cbc -in a.txt -out a.enc -k ${PW}`, PW, 'openssl enc -aes-256-cbc -in a.txt -out a.enc -k ');
});

test('names with no secret word: appid, masterauth, WordPress keys and salts', () => {
  const appid = hex(32);
  hidden(`https://api.openweathermap.org/data/2.5/weather?q=London&appid=${appid}`, appid, '?q=London&appid=');
  hidden(`params={"q": "Berlin", "appid": "${appid}"}`, appid, '"appid": "');
  unchanged('https://example.com/?appid=com.example.app');
  hidden(`# redis.conf\nmasterauth ${PW}\n`, PW, 'masterauth ');
  const salt = p('k]6|', chars(30), '&*(-_<>~+=,.;:/?', chars(18));
  hidden(`define( 'SECURE_AUTH_SALT', '${salt}' );`, salt, "define( 'SECURE_AUTH_SALT', '", "' );");
  hidden(`define('NONCE_KEY', '${salt}');`, salt, "define('NONCE_KEY', '");
  unchanged("define('AUTH_KEY', 'put your unique phrase here');");
});

test('Google app passwords after a password word', () => {
  hidden('SMTP_PASSWORD="abcd efgh ijkl mnop"', 'efgh ijkl mnop', 'SMTP_PASSWORD="');
  hidden('the Gmail app password is wxyz abcd efgh ijkl.', 'abcd efgh ijkl', 'the Gmail app password is ');
  unchanged('password: "Please enter your password"');
});

test('prose: lautet, set … to, log in with', () => {
  hidden(`Das neue Kennwort lautet ${PW}, bitte ändern.`, PW, 'Das neue Kennwort lautet ', ', bitte ändern.');
  hidden(`Das Root-Passwort lautet: ${PW}`, PW, 'Das Root-Passwort lautet: ');
  hidden(`I set the admin password to "${PW}" for the demo`, PW, 'I set the admin password to "', '" for the demo');
  hidden(`log in with admin / ${PW}`, PW, 'log in with admin / ');
  hidden(`Login with root:${PW} then change it`, PW, 'Login with root:', ' then change it');
  unchanged('the password to access the server is in the vault');
  unchanged('log in with GitHub / Google');
});

test('credential words of other languages written in ASCII', () => {
  hidden(`usuario admin y clave ${PW}`, PW, 'usuario admin y clave ');
  hidden(`la contrasena de la base es ${PW}`, PW, 'la contrasena de la base es ');
  hidden(`a senha do banco: ${PW}`, PW, 'a senha do banco: ');
  const k = chars(32);
  hidden(`Voici le jeton : ${k}`, k, 'Voici le jeton : ');
  hidden(`jeton d'acces: ${k}`, k, "jeton d'acces: ");
  unchanged('the autoclave cycle is 121C');
  unchanged('la clave primaria es id');
});
