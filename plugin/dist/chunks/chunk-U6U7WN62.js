import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
function t(...r){let n=0;for(let e of r)typeof e=="number"&&Number.isFinite(e)&&e>0&&(n+=Math.trunc(e));return n}function o(r,n){let e=r[n]?.trim();return e||void 0}export{t as a,o as b};
