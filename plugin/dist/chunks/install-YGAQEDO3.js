import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{c as a,d as b,e as c}from"./chunk-C4QGTGYA.js";import"./chunk-Y3DYXTMA.js";import"./chunk-TRDVTVDZ.js";import"./chunk-LIH7TI6V.js";export{a as distDir,b as installCommand,c as uninstallCommand};
