import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var t={uidChars:200,projectChars:500,shortChars:200,titleChars:2e3,bodyChars:2e5,tagsChars:2e4,files:200,fileChars:1e3,batch:1e3,page:5e3},e=class extends Error{code;constructor(r,n,o){super(n,o),this.name="TeamServerError",this.code=r}};export{t as a,e as b};
