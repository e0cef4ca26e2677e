import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-FWEJ5RV5.js";import"./chunk-PWKXPVXT.js";import"./chunk-RB472I3D.js";import"./chunk-OSUXWPVJ.js";import"./chunk-QHVAXCZ7.js";import"./chunk-N4ORO3HY.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
