import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-JMPQEJAS.js";import"./chunk-TPDCYZAE.js";import"./chunk-CKN5RRC2.js";import"./chunk-2RNKKVTH.js";import"./chunk-I3CWYOVB.js";import"./chunk-OCEK37IJ.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
