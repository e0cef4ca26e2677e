import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a as t,e as n}from"./chunk-T73NTDPU.js";import"./chunk-X5PH2PZD.js";import"./chunk-6YPXPNF7.js";import"./chunk-3NJMYND6.js";import"./chunk-FCDDTKYT.js";import"./chunk-YL734HPO.js";import"./chunk-4SEORTBV.js";import"./chunk-62JAXHER.js";import"./chunk-6RARLS37.js";import"./chunk-NYRTOUVY.js";async function s(a,i={}){let{client:o}=await n(a,i);try{let e=(await o.query(`SELECT has_table_privilege('mnemo.records', 'SELECT') AS read,
              has_table_privilege('mnemo.records', 'INSERT') AND has_table_privilege('mnemo.records', 'UPDATE') AS write,
              has_table_privilege('mnemo.records', 'DELETE') AS forget,
              has_table_privilege('mnemo.tombstones', 'SELECT') AS tomb`)).rows[0];return{read:e.read,write:e.write,forget:e.forget,pullForgotten:e.tomb}}catch(r){throw t(r,"checking the role\u2019s rights")}finally{await o.end().catch(()=>{})}}export{s as teamRights};
