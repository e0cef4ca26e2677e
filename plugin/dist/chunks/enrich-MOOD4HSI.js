import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-U22FA53Z.js";import"./chunk-WIORNEPV.js";import"./chunk-56ANMDBH.js";import"./chunk-PCZ7VSGF.js";import"./chunk-RCATYNWI.js";import"./chunk-BLGMWD5W.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
