import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var n=new WeakMap;function r(a,i){let t=n.get(a);t||n.set(a,t=new Map);let e=t.get(i);return e||(e=a.prepare(i),t.size>200&&t.clear(),t.set(i,e)),e}export{r as a};
