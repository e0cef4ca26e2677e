import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-GSCC3JMU.js";import"./chunk-QMQIII4V.js";import"./chunk-MAQ2Z5G2.js";import"./chunk-2RNKKVTH.js";import"./chunk-ZAWFZRTB.js";import"./chunk-3DFRMRYH.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
