import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{h as a,i as b,j as c}from"./chunk-3WXWVE3A.js";import"./chunk-OU6NIZFE.js";import"./chunk-T2V6Q4MA.js";import"./chunk-VFUB22TI.js";import"./chunk-5JHJ76L7.js";import"./chunk-6RARLS37.js";import"./chunk-NYRTOUVY.js";export{a as MAX_DOCS,b as loanwordTerms,c as loanwordsOfQuery};
