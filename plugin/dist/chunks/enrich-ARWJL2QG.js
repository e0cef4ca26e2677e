import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-7A5CV6OT.js";import"./chunk-X4J6CTF3.js";import"./chunk-YU6JSK2U.js";import"./chunk-YK2TPRMP.js";import"./chunk-NN6IP5TI.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
