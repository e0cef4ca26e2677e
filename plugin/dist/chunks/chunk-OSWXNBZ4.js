import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var a=class extends Error{constructor(e,o){super(e,o),this.name="EmbedError"}};function s(t){let e=Float32Array.from(t),o=0;for(let r=0;r<e.length;r++)o+=e[r]*e[r];let n=Math.sqrt(o);if(n>0)for(let r=0;r<e.length;r++)e[r]/=n;return e}export{a,s as b};
