import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-JTR4QQ5N.js";import"./chunk-5T5FXXO4.js";import"./chunk-AOY5YIWD.js";import"./chunk-BQIY7IOV.js";import"./chunk-NNX7TLBH.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
