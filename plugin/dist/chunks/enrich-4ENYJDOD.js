import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-3GQJCLRV.js";import"./chunk-VZV4Q4OD.js";import"./chunk-3URKU77O.js";import"./chunk-QYHA6E6E.js";import"./chunk-O6D54OUA.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
