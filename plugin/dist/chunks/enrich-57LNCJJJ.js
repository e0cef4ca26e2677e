import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a}from"./chunk-BGYRERGJ.js";import"./chunk-67VN7QQH.js";import"./chunk-3URKU77O.js";import"./chunk-QYHA6E6E.js";import"./chunk-O6D54OUA.js";import"./chunk-NYRTOUVY.js";export{a as enrichEvent};
