import pg from 'pg';
import { migrate } from '../src/store/postgres/schema.ts';
const admin = new pg.Client({ connectionString: `postgres://postgres@${encodeURIComponent('/tmp/ts-exp/pg')}:36733/postgres` });
await admin.connect();
await admin.query('DROP FUNCTION IF EXISTS mnemo.count_matches, mnemo.match_list, mnemo.match_filters, mnemo.team_rows');
await admin.query('DELETE FROM mnemo.mnemo_schema WHERE version >= 2');
console.log(await migrate(admin));
await admin.end();
