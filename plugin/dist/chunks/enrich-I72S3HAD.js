import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-4DAJTIQU.js";import"./chunk-VU5I4SFN.js";import"./chunk-NH74EUXV.js";import"./chunk-T6TH4YHB.js";import"./chunk-D2YNQR3T.js";import"./chunk-Z7AYOZ7B.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
