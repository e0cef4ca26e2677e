import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-MKZGJ74Q.js";import"./chunk-ZB2XFU7G.js";import"./chunk-ENCTDOJA.js";import"./chunk-T6TH4YHB.js";import"./chunk-GRY5YXWB.js";import"./chunk-NJGV4B2G.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
