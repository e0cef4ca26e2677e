import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a,b}from"./chunk-T5Q76CBB.js";import"./chunk-UQQGF6TL.js";import"./chunk-NYRTOUVY.js";export{a as keyOfProject,b as searchServer};
