import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-XNFVAP5X.js";import"./chunk-ZB2XFU7G.js";import"./chunk-MXZUE4DP.js";import"./chunk-GRY5YXWB.js";import"./chunk-NJGV4B2G.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
