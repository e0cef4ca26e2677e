import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a,b,c,d,e}from"./chunk-QWFVIMMY.js";import"./chunk-NYRTOUVY.js";export{e as clearConnection,c as openSaved,d as saveConnection,a as savedConnection,b as serverModule};
