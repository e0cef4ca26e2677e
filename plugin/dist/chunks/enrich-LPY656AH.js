import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-BPQOD5JB.js";import"./chunk-KWBXE2PV.js";import"./chunk-HMQ2DAQV.js";import"./chunk-PEDGP3V2.js";import"./chunk-YRSHV6UL.js";import"./chunk-BTGCRWH4.js";import"./chunk-2FDPBY72.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
