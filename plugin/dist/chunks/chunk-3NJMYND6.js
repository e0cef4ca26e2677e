import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var e=["user","tool","note","decision","error"],r=["prompt","change","discovery","command","error","conclusion","subagent","compact","pending","note","decision","marker"];export{e as a,r as b};
