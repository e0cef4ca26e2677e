import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{c as a,d as b,e as c}from"./chunk-5FVRR7KO.js";import"./chunk-5F7SNUJU.js";import"./chunk-TRDVTVDZ.js";import"./chunk-NYRTOUVY.js";export{a as distDir,b as installCommand,c as uninstallCommand};
