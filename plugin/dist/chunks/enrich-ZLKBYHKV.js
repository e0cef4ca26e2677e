import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-TD4I5HRF.js";import"./chunk-FCGWA4QW.js";import"./chunk-UTSUVO2K.js";import"./chunk-T6TH4YHB.js";import"./chunk-MRP2NIUC.js";import"./chunk-LHYXGYJ7.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
