import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-PMGHNXGJ.js";import"./chunk-FJIX3GIA.js";import"./chunk-N5PN3FFO.js";import"./chunk-2FDPBY72.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
