import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a,b,c,d,e,f,g}from"./chunk-XKJUFPP3.js";import"./chunk-NYRTOUVY.js";export{a as child_process,b as crypto,c as fs,d as os,e as path,f as stream,g as util};
