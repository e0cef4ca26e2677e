import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-IMLUZIXU.js";import"./chunk-R7V5F5SC.js";import"./chunk-RSZJFDJE.js";import"./chunk-PCZ7VSGF.js";import"./chunk-EN6XX2ZZ.js";import"./chunk-PB4Y6KMJ.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
