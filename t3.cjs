const Database = require('better-sqlite3');
const fs=require('fs');
try{fs.rmSync('/tmp/t2.db');fs.rmSync('/tmp/t2.db-wal')}catch{}
const db = new Database('/tmp/t2.db');
db.pragma('journal_mode=WAL'); db.pragma('secure_delete=ON');
db.exec("CREATE VIRTUAL TABLE f USING fts5(a,b,c, content='', contentless_delete=1)");
const ins = db.prepare('INSERT INTO f(rowid,a,b,c) VALUES (?,?,?,?)');
const words = Array.from({length:5000},(_, i)=>'w'+(i*7919%100003).toString(36));
let t=Date.now();
const N=+process.argv[2]||200000;
for (let c=0;c<N;c+=5000) db.transaction(()=>{ for (let i=c+1;i<=c+5000;i++){ let b=''; for(let k=0;k<300;k++) b+=words[(i*31+k*17)%5000]+' '; ins.run(i,'title '+i,b,'tag x'); } })();
console.log('insert', Date.now()-t, 'ms', fs.statSync('/tmp/t2.db').size/1e6, 'MB');
db.pragma('wal_checkpoint(TRUNCATE)');
db.exec("INSERT INTO f(f, rank) VALUES ('deletemerge', 0)"); t=Date.now(); let max=0;
const del = db.prepare('DELETE FROM f WHERE rowid = ?');
for (let c=0;c<N;c+=20000){ const t0=Date.now(); db.transaction(()=>{ for(let i=c+1;i<=c+20000;i++) del.run(i); })(); max=Math.max(max,Date.now()-t0); }
console.log('tombstones', Date.now()-t, 'max chunk', max);
t=Date.now(); max=0; let steps=0;
const step = db.prepare("INSERT INTO f(f, rank) VALUES ('merge', -200)");
const changes = db.prepare('SELECT total_changes()').pluck();
for(;;){ const t0=Date.now(); const b=changes.get(); db.transaction(()=>step.run())(); steps++; max=Math.max(max,Date.now()-t0); if (changes.get()-b<2) break; }
console.log('merge', Date.now()-t, 'steps', steps, 'max', max);
db.pragma('wal_checkpoint(TRUNCATE)');
t=Date.now(); db.exec('DROP TABLE f'); console.log('drop', Date.now()-t);
