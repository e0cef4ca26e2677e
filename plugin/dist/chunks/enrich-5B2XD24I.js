import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-5M53UWE2.js";import"./chunk-JWT7BQQ7.js";import"./chunk-N5PN3FFO.js";import"./chunk-2FDPBY72.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
