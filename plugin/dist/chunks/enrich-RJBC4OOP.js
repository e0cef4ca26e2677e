import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-IJ7FEZQ4.js";import"./chunk-QIXDS3ZY.js";import"./chunk-NN3FMVYL.js";import"./chunk-PCZ7VSGF.js";import"./chunk-TQBZM5G6.js";import"./chunk-7YFNEUAP.js";import"./chunk-L43Z5DI3.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
