import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-ZZ56GF6Y.js";import"./chunk-CM27MRGX.js";import"./chunk-N5PN3FFO.js";import"./chunk-2FDPBY72.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
