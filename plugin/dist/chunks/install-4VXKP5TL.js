import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{c as a,d as b,e as c}from"./chunk-M7PI3CEK.js";import"./chunk-B45YGZ27.js";import"./chunk-TRDVTVDZ.js";import"./chunk-NYRTOUVY.js";export{a as distDir,b as installCommand,c as uninstallCommand};
