import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
import{a as r}from"./chunks/chunk-B45YGZ27.js";import"./chunks/chunk-TRDVTVDZ.js";import{a as e}from"./chunks/chunk-XCGWMHYY.js";import"./chunks/chunk-NYRTOUVY.js";process.stdout.on("error",o=>{throw o.code==="EPIPE"&&process.exit(0),o});var s,i={out:o=>process.stdout.write(o.endsWith(`
`)?o:o+`
`),err:o=>process.stderr.write(o.endsWith(`
`)?o:o+`
`),env:process.env,cwd:process.cwd(),get config(){return s??=e(process.env)}},n=await r(process.argv.slice(2),i);process.argv[2]!=="mcp"&&(process.exitCode=n);
