import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{h as a,i as b,j as c}from"./chunk-OKOW3RBL.js";import"./chunk-OU6NIZFE.js";import"./chunk-V5PX5JZV.js";import"./chunk-VFUB22TI.js";import"./chunk-CTA4H7ZS.js";import"./chunk-6RARLS37.js";import"./chunk-NYRTOUVY.js";export{a as MAX_DOCS,b as loanwordTerms,c as loanwordsOfQuery};
