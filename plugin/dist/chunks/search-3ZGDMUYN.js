import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a,b}from"./chunk-A3MJKTYY.js";import"./chunk-UQQGF6TL.js";import"./chunk-NYRTOUVY.js";export{a as keyOfProject,b as searchServer};
