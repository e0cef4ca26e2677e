import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-77G6DBBP.js";import"./chunk-YCTKRYSN.js";import"./chunk-W5DCKBJA.js";import"./chunk-T6TH4YHB.js";import"./chunk-XBQ7VXAA.js";import"./chunk-V7FREGYM.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
