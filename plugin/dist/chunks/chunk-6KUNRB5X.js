import{createRequire as __cr}from'node:module';const require=__cr(import.meta.url);
var m=`
\u8FDE\u63A5\u6C60|connection pool,pool
\u6570\u636E\u5E93\u8FDE\u63A5|database connection
\u8FDE\u63A5|connection,connect
\u91CD\u8BD5|retry,retries
\u62A5\u9519,\u9519\u8BEF,\u51FA\u9519|error,errors
\u5931\u8D25|fail,failed,failure
\u6210\u529F|success,succeeded,passed
\u6D4B\u8BD5|test,tests
\u5355\u5143\u6D4B\u8BD5|unit test
\u96C6\u6210\u6D4B\u8BD5|integration test
\u8986\u76D6\u7387|coverage
\u90E8\u7F72|deploy,deployment
\u53D1\u5E03|release,publish
\u6570\u636E\u5E93|database,db
\u8D85\u65F6|timeout,timed out
\u63D0\u4EA4|commit
\u9884\u63D0\u4EA4|pre-commit
\u63A8\u9001|push
\u62C9\u53D6|pull,fetch
\u4E0A\u6E38|upstream
\u5206\u652F|branch
\u5408\u5E76|merge
\u51B2\u7A81|conflict
\u53D8\u57FA|rebase
\u56DE\u6EDA|rollback,revert
\u914D\u7F6E|config,configuration,settings
\u8FC1\u79FB|migration,migrate
\u6587\u4EF6|file
\u76EE\u5F55|directory,folder
\u8DEF\u5F84|path
\u51FD\u6570|function
\u65B9\u6CD5|method
\u4E58\u6CD5|multiply
\u52A0\u6CD5|add,sum
\u811A\u672C|script
\u547D\u4EE4|command
\u7EC8\u7AEF|terminal,xterm
\u6EDA\u52A8|scroll,scrollback
\u670D\u52A1\u5668|server
\u670D\u52A1|service
\u5BA2\u6237\u7AEF|client
\u542F\u52A8|start,startup,boot
\u5F00\u59CB|start,begin
\u505C\u6B62|stop
\u91CD\u542F|restart
\u592A\u5927|too large,exceeds
\u8BFB\u53D6|read
\u5199\u5165|write
\u5220\u9664|delete,remove,rm
\u521B\u5EFA|create,created
\u4FEE\u590D|fix,fixed
\u4FEE\u6539|change,modify,edit
\u7F16\u8F91|edit
\u6DFB\u52A0,\u65B0\u589E|add,added
\u66F4\u65B0|update
\u8B66\u544A|warning
\u94A9\u5B50|hook,hooks
\u4F1A\u8BDD|session
\u8F93\u51FA|output,stdout
\u8F93\u5165|input,stdin
\u683C\u5F0F|format
\u683C\u5F0F\u5316|format,formatter
\u540E\u53F0|background
\u4EFB\u52A1|task,tasks
\u4EE3\u7801\u8D28\u91CF|code quality,lint
\u5DE5\u5177|tool,tools
\u4F9D\u8D56|dependency,dependencies,deps
\u7248\u672C|version
\u5347\u7EA7|upgrade
\u7F16\u8BD1|compile,build
\u6784\u5EFA|build
\u6253\u5305|bundle,package
\u65E5\u5FD7|log,logs
\u7F13\u5B58|cache
\u5185\u5B58|memory
\u6CC4\u6F0F|leak
\u6027\u80FD|performance
\u7D22\u5F15|index
\u67E5\u8BE2|query
\u63A5\u53E3|interface,api
\u8BF7\u6C42|request
\u54CD\u5E94|response
\u8BA4\u8BC1|auth,authentication
\u4EE4\u724C|token
\u6743\u9650|permission,permissions
\u8DEF\u7531|route,router
\u7EC4\u4EF6|component,components
\u6E32\u67D3|render,renderer
\u72B6\u6001|state,status
\u6807\u6CE8|annotation,annotations
\u6CE8\u91CA|comment,docstring
\u6587\u6863|docs,documentation,readme
\u6A21\u5757|module
\u9875\u9762|page
\u73AF\u5883\u53D8\u91CF|environment variable,env
\u5BC6\u94A5|secret,key
\u5BC6\u7801|password
\u6253\u5370|print
\u8C03\u8BD5|debug
\u65AD\u8A00|assert,assertion
\u5F02\u5E38|exception
\u5D29\u6E83|crash
\u5806\u6808|stack trace,stack
\u955C\u50CF|image
\u5BB9\u5668|container
\u961F\u5217|queue
\u7EBF\u7A0B|thread
\u8FDB\u7A0B|process
\u5E76\u53D1|concurrency,concurrent
\u6B7B\u9501|deadlock
\u4E8B\u52A1|transaction
\u5E8F\u5217\u5316|serialize
\u89E3\u6790|parse,parser
\u7F16\u7801|encoding,encode
\u52A0\u5BC6|encrypt
\u7B7E\u540D|signature
\u8BC1\u4E66|certificate
\u4EE3\u7406|proxy
\u7AEF\u53E3|port
\u7F51\u7EDC|network
\u4E0B\u8F7D|download
\u4E0A\u4F20|upload
\u5B89\u88C5|install
\u79FB\u690D|port,porting
\u7C7B\u578B|type,types
\u9759\u6001\u5206\u6790|static analysis,dialyzer,lint
\u53D8\u91CF|variable
\u53C2\u6570|parameter,argument
\u8FD4\u56DE|return
\u5B57\u6BB5|field
\u91CD\u6784|refactor
\u5BA1\u67E5|review
\u4EE3\u7801\u5BA1\u67E5|code review
\u5206\u9875|pagination
\u6392\u5E8F|sort
\u8FC7\u6EE4|filter
\u641C\u7D22|search
\u6B63\u5219|regex
\u6A21\u677F|template
\u6837\u5F0F|style,css
\u6309\u94AE|button
\u8868\u5355|form
\u63D2\u4EF6|plugin
\u7528\u6237|user
\u767B\u5F55|login
\u7B11\u8BDD|joke
\u5F85\u529E|todo
\u68C0\u67E5|check
\u8DF3\u8FC7|skip
\u4E0D\u5B58\u5728|does not exist,no such file,not found
\u627E\u4E0D\u5230,\u672A\u627E\u5230|not found
\u4E0D\u8D77\u4F5C\u7528,\u4E0D\u5DE5\u4F5C,\u4E0D\u751F\u6548|not working,does not work
\u65E0\u6CD5|cannot,unable
\u7F3A\u5C11|missing
\u540E\u6765|later
`,u=new Set("\u7684 \u4E86 \u5417 \u5462 \u5427 \u554A \u5440 \u662F \u5728 \u628A \u88AB \u548C \u4E0E \u53CA \u6216 \u90FD \u4E5F \u5C31 \u8FD8 \u5F88 \u6211 \u4F60 \u4ED6 \u5979 \u5B83 \u6211\u4EEC \u4F60\u4EEC \u4ED6\u4EEC \u8FD9 \u90A3 \u8FD9\u4E2A \u90A3\u4E2A \u54EA \u54EA\u4E2A \u54EA\u4E9B \u4E2A \u4E9B \u4EC0\u4E48 \u600E\u4E48 \u600E\u6837 \u4E3A\u4EC0\u4E48 \u5982\u4F55 \u662F\u5426 \u65F6\u5019 \u4E00\u4E0B \u91CC \u8BA9 \u7ED9 \u8981 \u4ECE \u5230 \u65F6 \u6709 \u6CA1\u6709 \u591A\u5C11 \u54EA\u91CC \u540E \u4E4B\u540E \u4EE5\u540E \u63D0\u793A \u600E\u4E48\u529E".split(" ")),g=m.trim().split(`
`).map(t=>{let[e="",n=""]=t.split("|");return{zh:e.split(","),en:n.split(",")}}),a=new Map,l=new Map;for(let t of g){for(let e of t.zh)a.set(e,[...a.get(e)??[],...t.en]);for(let e of t.en){let n=l.get(e)??[];for(let o of t.zh)n.includes(o)||n.push(o);l.set(e,n)}}var f=Math.max(...[...a.keys(),...u].map(t=>Array.from(t).length)),h=Math.max(...[...l.keys()].map(t=>t.split(" ").length));function y(t){let e=Array.from(t),n=[],o="",r=()=>{o&&n.push({text:o,kind:"other"}),o=""},s=0;for(;s<e.length;){let i=!1;for(let c=Math.min(f,e.length-s);c>=1;c--){let d=e.slice(s,s+c).join(""),p=a.has(d)?"term":u.has(d)?"stop":void 0;if(p){r(),n.push({text:d,kind:p}),s+=c,i=!0;break}}i||(o+=e[s++])}return r(),n}function k(t){let e=a.get(t)??[];return e.filter((n,o)=>!e.slice(0,o).some(r=>!r.includes(" ")&&n!==r&&n.startsWith(r)))}function b(t){let e=[],n=0;for(;n<t.length;){let o=1;for(let r=Math.min(h,t.length-n);r>=1;r--){let s=l.get(t.slice(n,n+r).join(" "));if(s){for(let i of s)e.includes(i)||e.push(i);o=r;break}}n+=o}return e}export{y as a,k as b,b as c};
