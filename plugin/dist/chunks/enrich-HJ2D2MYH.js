import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-W2OHEA2B.js";import"./chunk-TPOTNT3N.js";import"./chunk-BZQRKSA5.js";import"./chunk-ZE2ZZ7QQ.js";import"./chunk-3UNZOK3Y.js";import"./chunk-V66NLJ7D.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
