import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-VHIZOSYP.js";import"./chunk-VACX73U7.js";import"./chunk-BQCQO62F.js";import"./chunk-V3MNYU2D.js";import"./chunk-5DGQQIPB.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
