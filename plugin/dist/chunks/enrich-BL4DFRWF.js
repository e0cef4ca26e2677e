import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-6WKS4IJX.js";import"./chunk-43E7VLUO.js";import"./chunk-KDD27HU3.js";import"./chunk-ASAXMMPJ.js";import"./chunk-VOQARHTF.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
