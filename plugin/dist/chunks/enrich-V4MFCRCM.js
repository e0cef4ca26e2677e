import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-7WF5RPJJ.js";import"./chunk-PWKXPVXT.js";import"./chunk-4C2WABMH.js";import"./chunk-PCZ7VSGF.js";import"./chunk-QHVAXCZ7.js";import"./chunk-N4ORO3HY.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
