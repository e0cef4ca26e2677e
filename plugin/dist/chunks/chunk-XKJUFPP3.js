import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import*as o from"node:child_process";import*as r from"node:crypto";import*as m from"node:fs";import*as s from"node:os";import*as t from"node:path";import*as p from"node:stream";import*as a from"node:util";export{o as a,r as b,m as c,s as d,t as e,p as f,a as g};
