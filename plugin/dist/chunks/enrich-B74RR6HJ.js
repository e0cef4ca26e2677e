import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-QESFUOPA.js";import"./chunk-AVYNUVOD.js";import"./chunk-YI4PVW7P.js";import"./chunk-T4FVSDO2.js";import"./chunk-GGP6FG54.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
