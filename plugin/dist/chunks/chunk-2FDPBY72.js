import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var n=/\s{2,}|[^\S ]/g;function r(e){return e.replace(n," ")}export{r as a};
