import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-YL5C76SJ.js";import"./chunk-IFEQPRBY.js";import"./chunk-VMPM6M2O.js";import"./chunk-E24KJ435.js";import"./chunk-7RGJU2FQ.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
