import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-KD5VQNHG.js";import"./chunk-LBSA3BOD.js";import"./chunk-EUIGCTED.js";import"./chunk-G7SF7V47.js";import"./chunk-52OKDQD6.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
