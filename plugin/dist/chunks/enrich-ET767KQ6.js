import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-FMPRJRYT.js";import"./chunk-B5FOC6FJ.js";import"./chunk-N5PN3FFO.js";import"./chunk-2FDPBY72.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
