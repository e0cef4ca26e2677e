import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var o=0;function r(t=typeof process<"u"?process.pid:0){let n=Math.floor(Math.random()*4294967296).toString(36)+Math.floor(Math.random()*4294967296).toString(36);return`${Date.now().toString(36)}-${t.toString(36)}-${(o++).toString(36)}-${n}`}export{r as a};
