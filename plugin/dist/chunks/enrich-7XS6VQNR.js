import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-SMIQMSXD.js";import"./chunk-TPDCYZAE.js";import"./chunk-TUJOKTSN.js";import"./chunk-I3CWYOVB.js";import"./chunk-OCEK37IJ.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
