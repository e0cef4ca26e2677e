import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-QFRH34M4.js";import"./chunk-WDWMSBP6.js";import"./chunk-4MCD7HSY.js";import"./chunk-MJZ5SBNF.js";import"./chunk-5NGMV4MC.js";import"./chunk-BTGCRWH4.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
