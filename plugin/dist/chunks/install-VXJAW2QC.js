import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{c as a,d as b,e as c}from"./chunk-IC7U2U3K.js";import"./chunk-ZAFX5L3G.js";import"./chunk-TRDVTVDZ.js";import"./chunk-LIH7TI6V.js";export{a as distDir,b as installCommand,c as uninstallCommand};
