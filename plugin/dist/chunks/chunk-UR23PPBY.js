import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{appendFileSync as $,mkdirSync as m,renameSync as d,statSync as S}from"node:fs";import{dirname as u}from"node:path";var g=5*1024*1024,y=6e4,r=new Map;function _(t,o,s,n){try{let a=n instanceof Error?` ${n.name}: ${n.message}`:n!==void 0?` ${String(n)}`:"",c=`${t}
${o} ${s}${a}`,i=Date.now(),e=r.get(c);if(e&&i-e.at<y){e.repeats++;return}r.size>200&&r.clear(),r.set(c,{at:i,repeats:0});let p=e?.repeats?` (repeated ${e.repeats} more time(s) before this)`:"";m(u(t),{recursive:!0});try{S(t).size>g&&d(t,`${t}.1`)}catch{}$(t,`${new Date().toISOString()} ${o} [${process.pid}] ${s}${a}${p}
`)}catch{}}export{_ as a};
