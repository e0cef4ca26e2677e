import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-G5LZ5QIB.js";import"./chunk-YCTKRYSN.js";import"./chunk-7P5CFHNG.js";import"./chunk-PCZ7VSGF.js";import"./chunk-XBQ7VXAA.js";import"./chunk-V7FREGYM.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
