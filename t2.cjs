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
t=Date.now(); db.exec('DROP TABLE f'); console.log('drop secure', Date.now()-t, 'ms', 'wal', fs.statSync('/tmp/t2.db-wal').size/1e6);
