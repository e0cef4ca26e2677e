import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-COYZFQQQ.js";import"./chunk-FW4P37BB.js";import"./chunk-KDD27HU3.js";import"./chunk-ASAXMMPJ.js";import"./chunk-VOQARHTF.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
