import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-YTJE43MM.js";import"./chunk-4JTRP4PH.js";import"./chunk-AVO3IYM3.js";import"./chunk-V2AMUCZ3.js";import"./chunk-N3ZJAJKV.js";import"./chunk-V66NLJ7D.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
