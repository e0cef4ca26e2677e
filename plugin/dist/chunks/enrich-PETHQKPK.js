import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-BF4QA2WX.js";import"./chunk-MCQDGOVE.js";import"./chunk-TPSK7HWH.js";import"./chunk-2RNKKVTH.js";import"./chunk-YOZIRNQJ.js";import"./chunk-2QSCY6SR.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
