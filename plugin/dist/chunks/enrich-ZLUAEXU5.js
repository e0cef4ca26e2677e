import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-PHFLWDZC.js";import"./chunk-5VEZT4N5.js";import"./chunk-ETPJB3TT.js";import"./chunk-PCZ7VSGF.js";import"./chunk-YKFXI7WU.js";import"./chunk-5ZQ4B6XH.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
