import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{b as a,c as b,d as c,e as d,f as e,g as f,h as g}from"./chunk-7554DOF5.js";import"./chunk-RFWLANUQ.js";import"./chunk-NYRTOUVY.js";export{e as assertNoPassword,d as clientConfig,g as describeConnection,f as describeUrl,b as resolveParams,a as serviceParams,c as tlsOptions};
