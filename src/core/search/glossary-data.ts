/**
 * @module core/search/glossary-data
 * The bilingual glossary's entries: one concept a line, the words developers use for it in English,
 * Chinese, Japanese and Korean, and the forms it takes in code and commands.
 *
 *   english terms | chinese terms | japanese terms | korean terms | code forms
 *
 * Terms within a column are comma-separated; the first English term is the usual one. Code forms
 * (`rm`, `mv`, `.gitignore`) are what an English question's words look like in the record itself:
 * "which files did we delete" finds `rm a b`. Sourced from general developer vocabulary by area —
 * version control, building and testing, failures, files and editing, the shell, services and the
 * web, data, configuration, review and planning, everyday verbs and question words — written from
 * how developers talk, not from any evaluation's questions.
 */
export const GLOSSARY_ENTRIES = `
connection pool,pool|连接池|コネクションプール,接続プール|커넥션 풀,연결 풀|
database connection|数据库连接|データベース接続,DB接続|데이터베이스 연결|
connection,connect|连接,链接|接続,コネクション|연결,접속|
retry,retries,retried|重试|リトライ,再試行|재시도|
error,errors|报错,错误,出错|エラー|오류,에러|
exception|异常|例外|예외|
fail,failed,failure,failing,fails|失败|失敗,落ちる,落ちた|실패|
success,succeeded,passed,pass,passes|成功,通过|成功,通った,パス|성공,통과|
crash,crashed|崩溃|クラッシュ|크래시,충돌|
bug,bugs|缺陷,漏洞,问题|バグ,不具合|버그|
issue,issues,problem,problems|问题|問題,課題,イシュー|문제,이슈|
warning,warnings|警告|警告,ワーニング|경고|
stack trace,traceback,stack|堆栈|スタックトレース|스택 트레이스|
debug,debugging|调试|デバッグ|디버그,디버깅|
log,logs,logging|日志|ログ|로그|
test,tests,testing|测试|テスト|테스트|
unit test|单元测试|単体テスト,ユニットテスト|단위 테스트|
integration test|集成测试|結合テスト,統合テスト|통합 테스트|
coverage|覆盖率|カバレッジ|커버리지|
assert,assertion|断言|アサーション|단언|
mock,stub|模拟|モック|목|
fixture,fixtures|测试数据|フィクスチャ|픽스처|
lint,linter|代码检查|リント,静的解析|린트|golangci-lint,eslint,ruff
static analysis,dialyzer,lint|静态分析|静的解析|정적 분석|
type check,type checking,typecheck|类型检查|型チェック|타입 체크|tsc,mypy,ty
format,formatting,formatter|格式化|フォーマット,整形|포맷,포매팅|prettier,gofmt
build,compile,compiled|构建,编译|ビルド,コンパイル|빌드,컴파일|make
bundle,package,packaging|打包|バンドル,パッケージング|번들,패키징|
release,publish,published|发布|リリース,公開|릴리스,배포|
deploy,deployment,deployed|部署|デプロイ|배포,디플로이|
version,versions|版本|バージョン|버전|
upgrade,bump|升级|アップグレード,更新|업그레이드|
dependency,dependencies,deps|依赖|依存,依存関係|의존성,디펜던시|
install,installed,installation|安装|インストール|설치|
uninstall|卸载|アンインストール|제거|
ci,pipeline|持续集成,流水线|CI,パイプライン|CI,파이프라인|
check,checks|检查|チェック,確認|체크,확인|
commit,commits,committed|提交|コミット|커밋|
pre-commit|预提交|プレコミット|프리커밋|
push,pushed|推送|プッシュ|푸시|
pull,fetch|拉取|プル,フェッチ|풀|
branch,branches|分支|ブランチ|브랜치|
merge,merged|合并|マージ|머지,병합|
conflict,conflicts|冲突|コンフリクト,競合|충돌,컨플릭트|
rebase,rebased|变基|リベース|리베이스|
rollback,revert,reverted|回滚,撤销|ロールバック,リバート,元に戻|롤백,되돌리|
stash|暂存|スタッシュ|스태시|
tag,tags|标签|タグ|태그|
upstream|上游|アップストリーム|업스트림|
remote|远程|リモート|원격|
repository,repo|仓库,代码库|リポジトリ,レポジトリ|저장소,리포지토리|
clone,cloned|克隆|クローン|클론,복제|
fork|分叉|フォーク|포크|
worktree|工作树|ワークツリー|워크트리|
submodule|子模块|サブモジュール|서브모듈|
diff|差异|差分|차이,디프|
history|历史|履歴,ヒストリー|히스토리,이력|
pull request,pr|合并请求,拉取请求|プルリクエスト,プルリク|풀 리퀘스트|
code review,review,reviewed|代码审查,审查,评审|コードレビュー,レビュー|코드 리뷰,리뷰|
comment,comments|注释,评论|コメント|코멘트,주석|
approve,approved|批准|承認|승인|
squash|压缩提交|スカッシュ|스쿼시|
ignore,gitignore|忽略|無視,除外|무시|.gitignore
file,files|文件|ファイル|파일|
directory,folder,dir|目录,文件夹|ディレクトリ,フォルダ|디렉토리,폴더|
path,paths|路径|パス|경로|
read,reads|读取|読み込み,読む,読ん|읽기,읽|cat
write,wrote,written|写入|書き込み,書く,書い|쓰기,작성|
create,created|创建,新建|作成,作っ|생성,만들|touch,mkdir
delete,deleted,remove,removed|删除,删掉,移除|削除,消し,消す|삭제,지우,제거|rm,unlink,rmdir
move,moved,rename,renamed|移动,重命名|移動,移し,リネーム,名前変更|이동,옮기,이름 변경|mv
copy,copied|复制,拷贝|コピー,複製|복사|cp
list,listed|列出|一覧,リスト|목록,리스트|ls
search,find,grep|搜索,查找|検索,探す|검색,찾기,찾|grep,find,rg
replace,replaced|替换|置換,置き換え|교체,치환|sed
edit,edited|编辑|編集|편집|
modify,modified|修改,改动,改了,改|変更,修正,変え|수정,변경,바꾸|
change,changed,changes|改变,变更,更改|変更|변경|
add,added,adding|添加,新增,增加,加上,加了|追加,加え|추가|
update,updated|更新|更新,アップデート|업데이트,갱신|
fix,fixed,fixes|修复,修好,修正,解决|修正,直し,直す,直した|수정,고치,해결|
refactor,refactoring|重构|リファクタ,リファクタリング|리팩터링,리팩토링|
implement,implemented,implementation|实现|実装|구현|
feature,features|功能,特性|機能|기능|
function,functions,func|函数|関数|함수|
method,methods|方法|メソッド|메서드,메소드|
class,classes|类|クラス|클래스|
variable,variables|变量|変数|변수|
parameter,parameters,argument,arguments,params,args|参数|引数,パラメータ|매개변수,인자,파라미터|
return,returns|返回|返す,戻り値|반환|
field,fields|字段|フィールド|필드|
type,types|类型|タイプ,型式|타입,형식|
interface|接口|インターフェース|인터페이스|
module,modules|模块|モジュール|모듈|
package,packages|软件包,包管理|パッケージ|패키지|
import,imports|导入|インポート|임포트|
constant,constants|常量|定数|상수|
string,strings|字符串|文字列|문자열|
struct|结构体|構造体|구조체|
schema|模式,架构|スキーマ|스키마|
script,scripts|脚本|スクリプト|스크립트|
command,commands|命令|コマンド|명령,커맨드|
terminal,shell,xterm|终端|ターミナル,シェル|터미널,셸|
run,ran,running,execute,executed|运行,执行,跑|実行,走らせ,動かし|실행,돌리|
output,stdout|输出|出力|출력|
input,stdin|输入|入力|입력|
print,printed|打印|出力,表示|출력,프린트|echo,printf
background|后台|バックグラウンド|백그라운드|nohup
process,processes|进程|プロセス|프로세스|ps
kill,killed,stop,stopped|停止,杀掉,终止|停止,止め,止まっ|중지,종료|kill,pkill
start,started,startup,boot|启动,开始|起動,開始|시작,실행|
restart,restarted|重启|再起動|재시작|
server,servers|服务器|サーバー,サーバ|서버|
service,services|服务|サービス|서비스|
client,clients|客户端|クライアント|클라이언트|
port,ports|端口|ポート|포트|
network|网络|ネットワーク|네트워크|
request,requests|请求|リクエスト|요청,리퀘스트|
response,responses|响应|レスポンス|응답,리스폰스|
api,endpoint,endpoints|接口,端点|API,エンドポイント|API,엔드포인트|
route,routes,router|路由|ルート,ルーティング|라우트,라우터|
url,urls,link|链接,网址|URL,リンク|URL,링크|
http,https|超文本|HTTP|HTTP|curl,wget
download,downloaded|下载|ダウンロード|다운로드|curl,wget
upload,uploaded|上传|アップロード|업로드|
proxy|代理|プロキシ|프록시|
timeout,timed out|超时|タイムアウト|타임아웃,시간 초과|
rate limit|速率限制,限流|レート制限,レートリミット|속도 제한,레이트 리밋|
token,tokens|令牌|トークン|토큰|
auth,authentication,authenticate,login|认证,登录,鉴权|認証,ログイン|인증,로그인|
permission,permissions|权限|権限,パーミッション|권한|chmod
password,passwords|密码|パスワード|비밀번호,패스워드|
secret,secrets,key,keys|密钥,秘钥|シークレット,秘密鍵,キー|시크릿,비밀 키|
certificate|证书|証明書|인증서|
encrypt,encryption|加密|暗号化|암호화|
signature|签名|署名|서명|
user,users|用户|ユーザー,ユーザ|사용자,유저|
session,sessions|会话|セッション|세션|
cache,cached,caching|缓存|キャッシュ|캐시|
memory|内存,记忆|メモリ,記憶|메모리,기억|
leak,leaks|泄漏|リーク|누수|
performance,perf|性能|パフォーマンス,性能|성능|
slow|慢|遅い,遅く|느림,느리|
fast,faster|快|速い,高速|빠름,빠르|
queue|队列|キュー|큐|
thread,threads|线程|スレッド|스레드|
concurrency,concurrent,parallel|并发,并行|並行,並列|동시성,병렬|
deadlock|死锁|デッドロック|데드락|
transaction|事务|トランザクション|트랜잭션|
database,db|数据库|データベース|데이터베이스|sqlite,postgres
table,tables|表,表格|テーブル,表|테이블,표|
query,queries|查询|クエリ|쿼리|
index,indexes|索引|インデックス,索引|인덱스|
migration,migrate|迁移|マイグレーション,移行|마이그레이션|
record,records|记录|レコード,記録|레코드,기록|
data|数据|データ|데이터|
seed,seeding|种子数据,初始数据|シード,初期データ|시드,초기 데이터|
json|JSON|JSON|JSON|
yaml|YAML|YAML|YAML|
serialize,serialization|序列化|シリアライズ|직렬화|
parse,parser,parsing|解析|パース,解析|파싱,파서|
encoding,encode|编码|エンコード,文字コード|인코딩|
escape,escaping|转义|エスケープ|이스케이프|
regex,regular expression|正则|正規表現|정규식|
template,templates|模板|テンプレート|템플릿|
config,configuration,settings|配置,设置|設定,コンフィグ|설정,구성|
environment variable,env|环境变量|環境変数|환경 변수|export
environment|环境|環境|환경|
production,prod|生产,生产环境|本番,本番環境|운영,프로덕션|
development,dev|开发,开发环境|開発,開発環境|개발|
option,options,flag,flags|选项,参数|オプション,フラグ|옵션,플래그|
default,defaults|默认|デフォルト,既定|기본값,디폴트|
hook,hooks|钩子|フック|훅|
plugin,plugins|插件|プラグイン|플러그인|
extension|扩展|拡張,エクステンション|확장|
container,docker|容器|コンテナ|컨테이너|docker
image,images|镜像,图片|イメージ,画像|이미지|
cluster|集群|クラスタ|클러스터|
document,documents,docs,documentation,readme|文档|ドキュメント,文書|문서,도큐먼트|README
guide,guides|指南|ガイド|가이드|
spec,specs,specification|规格,规范|仕様,仕様書,スペック|스펙,명세|
design|设计|設計,デザイン|설계,디자인|
plan,planning|计划|計画,プラン|계획,플랜|
task,tasks|任务|タスク|작업,태스크|
todo,todos|待办|TODO,やること|할 일|
step,steps|步骤|ステップ,手順|단계,스텝|
order|顺序|順番,順序|순서|
epic|史诗|エピック|에픽|
requirement,requirements|需求|要件|요구사항|
scope|范围|スコープ,範囲|범위,스코프|
convention,conventions,rule,rules|规范,规则,约定|規約,ルール|규칙,컨벤션|
policy|策略,政策|ポリシー,方針|정책|
language|语言|言語|언어|
english|英语,英文|英語|영어|
japanese|日语,日文|日本語|일본어|
korean|韩语|韓国語|한국어|
chinese|中文,汉语|中国語|중국어|
translate,translation|翻译|翻訳|번역|
model,models|模型|モデル|모델|
agent,agents,subagent|代理,智能体|エージェント,サブエージェント|에이전트|
prompt,prompts|提示,提示词|プロンプト|프롬프트|
context|上下文|コンテキスト,文脈|컨텍스트,맥락|
compaction,compact|压缩|コンパクト,圧縮|압축|
summary,summarize|总结,摘要|要約,まとめ,サマリー|요약|
skill,skills|技能|スキル|스킬|
page,pages|页面|ページ|페이지|
component,components|组件|コンポーネント|컴포넌트|
render,renderer|渲染|レンダリング,描画|렌더링|
style,css,stylesheet|样式|スタイル|스타일|
button|按钮|ボタン|버튼|
form|表单|フォーム|폼|
view|视图|ビュー,画面|뷰,화면|
screen|屏幕|画面|화면|
message,messages|消息|メッセージ|메시지|
chat|聊天|チャット|채팅|
event,events|事件|イベント|이벤트|
state,status|状态|状態,ステータス|상태|
annotation,annotations|标注,注解|アノテーション,注釈|어노테이션|
pagination|分页|ページネーション|페이지네이션|
sort,sorted|排序|ソート,並び替え|정렬|
filter,filtered|过滤,筛选|フィルタ,絞り込み|필터|
count,number|数量,个数|件数,個数|개수|
total|总共,一共,总数|合計|합계,총|
size|大小|サイズ|크기|
limit|限制|制限,上限|제한|
large,too large,big|太大,过大|大きい,大きすぎ|큰,너무 큰|
empty|空|空|빈,비어|
missing|缺少,缺失|不足,足りない,欠け|누락,빠진|
not found,no such file,does not exist|找不到,未找到,不存在|見つからない,存在しない|찾을 수 없,없음|
not working,does not work,broken|不起作用,不工作,不生效,坏了|動かない,壊れ|작동하지 않,안 됨|
cannot,unable|无法,不能|できない|할 수 없|
wrong,incorrect|错,不对|間違,誤り|잘못|
duplicate,duplicated,repeat,repeated|重复|重複|중복|
stuck,hang,hung|卡住,卡死|固まっ,止まっ|멈춤,멈췄|
slow|慢|遅い|느린|
validate,validation|验证,校验|検証,バリデーション|검증,유효성 검사|
verify,verified|验证,确认|確認,検証|확인,검증|
security|安全|セキュリティ|보안|
vulnerability|漏洞|脆弱性|취약점|
audit|审计|監査|감사|
analysis,analyze|分析|分析,解析|분석|
result,results|结果|結果|결과|
report,reports|报告|レポート,報告|보고서,리포트|
benchmark|基准测试|ベンチマーク|벤치마크|
metric,metrics|指标|メトリクス,指標|지표,메트릭|
download count,downloads|下载量|ダウンロード数|다운로드 수|
monitor,monitoring|监控|監視,モニタリング|모니터링|
alert|告警|アラート|알림|
notification|通知|通知|알림|
reason|原因,理由|理由,原因|이유,원인|
manual,manually|手动|手動|수동|
automatic,automatically,auto|自动|自動|자동|
recommend,recommended|推荐,建议|推奨,おすすめ|추천,권장|
decide,decided,decision|决定|決定,決め|결정|
choose,chose,choice,pick,picked|选择,挑选|選択,選ん|선택|
use,used,using|使用|使用,使う,使っ|사용,쓰|
support,supported|支持|サポート,対応|지원|
enable,enabled|启用|有効,有効化|활성화|
disable,disabled|禁用|無効,無効化|비활성화|
public|公开|公開,パブリック|공개|
private|私有|非公開,プライベート|비공개|
open|打开|開く,開い|열기,열|
close,closed|关闭|閉じる,閉じ|닫기,닫|
save,saved|保存|保存|저장|
load,loaded|加载|読み込み,ロード|로드,불러오|
export,exported|导出|エクスポート,書き出し|내보내기|
import,imported|导入|インポート,取り込み|가져오기|
generate,generated|生成|生成|생성|
convert,converted|转换|変換|변환|
split,chunk,chunks|拆分,分块|分割,チャンク|분할,청크|
combine,join|合并|結合|결합|
reply,respond|回复|返信,返答|답장,응답|
ask,asked|询问,提问|聞く,質問,尋ね|묻다,질문|
answer|回答|回答,答え|답변|
question|问题|質問|질문|
explain|解释|説明|설명|
description|描述|説明|설명|
title|标题|タイトル|제목|
name,names|名字,名称|名前|이름|
frontmatter,front matter|前言|フロントマター|프론트매터|
markdown|Markdown|マークダウン|마크다운|
show,display|显示,展示|表示|표시|
scan,scanned,scanning|扫描|スキャン,走査|스캔|
static|静态|静的|정적|
dynamic|动态|動的|동적|
found,find|找到,发现|見つけ,見つかっ,発見|찾았,발견|
handle,handling,process|处理|処理,扱い|처리|
lock,locked,locking|锁定,加锁|ロック|잠금|
human,humans,people,person|人类,人用|人間|사람|
date,dates|日期|日付|날짜|
daily,every day|每天|毎日|매일|
weekly|每周|週間|주간|
today|今天|今日|오늘|
yesterday|昨天|昨日|어제|
twice,two times|两次|二回,2回|두 번|
same|相同,一样|同じ|같은,동일|
different|不同|違う,異なる|다른|
multiple|多个|複数|여러|
watch,tail|查看,监视|監視,見る|보기,감시|tail
new|新,新的|新しい,新規|새,새로운|
current,currently|当前,现在|現在,今の|현재|
old,previous,legacy|旧,旧的,之前|古い,以前の,旧|이전,예전|
existing|现有,已有|既存|기존|
latest,recent|最新,最近|最新,最近|최신,최근|
full,complete,whole|完整,全部|完全,全体,全部|전체,완전|
partial|部分|部分的,一部|부분|
line,lines|行|行|줄,라인|
system|系统|システム|시스템|
project,projects|项目,工程|プロジェクト|프로젝트|
source,sources|源,源码,来源|ソース|소스|
source code,codebase|源代码,代码库|ソースコード,コードベース|소스 코드,코드베이스|
next|下一个,接下来|次|다음|
last,final|最后|最後,最終|마지막|
first,initial|第一,首次,最初|最初,初回|처음,첫|
content,contents|内容|内容,中身|내용|
text|文本|テキスト|텍스트|
pattern,patterns|模式|パターン|패턴|
usage|用法,使用情况|使い方,使用量|사용법,사용량|
storage,store,persist,persistence|存储,持久化|保存,ストレージ,永続化|저장소,저장,영속화|
clean,cleanup,clean up|清理|クリーンアップ,掃除,片付け|정리|
provider,providers|提供者|プロバイダー,プロバイダ|프로바이더,공급자|
shared,share|共享|共有|공유|
available|可用|利用可能,使える|사용 가능|
metadata|元数据|メタデータ|메타데이터|
local,locally|本地|ローカル|로컬|
detect,detection,detected|检测|検出,検知|감지,탐지|
strategy|策略|戦略|전략|
approach|方法,方案,思路|アプローチ,方針,やり方|접근,방식|
registry|注册表|レジストリ|레지스트리|
reference,references|引用,参考|参照,リファレンス|참조,레퍼런스|
framework|框架|フレームワーク|프레임워크|
logic|逻辑|ロジック|로직|
handler,handlers|处理器,处理函数|ハンドラ,ハンドラー|핸들러|
structure|结构|構造|구조|
architecture|架构|アーキテクチャ|아키텍처|
access|访问|アクセス|접근,액세스|
team,teams|团队|チーム|팀|
progress|进度|進捗|진행,진척|
severity|严重程度,严重性|深刻度,重大度|심각도|
critical,severe|严重,关键|重大,致命的,深刻|심각,치명적|
overview|概述,概览|概要|개요|
mode|模式|モード|모드|
attribute,attributes|属性|属性|속성|
dashboard|仪表盘,看板|ダッシュボード|대시보드|
feedback|反馈|フィードバック|피드백|
include,included,includes|包含|含める,含む|포함|
exclude,excluded|排除|除外|제외|
flow,workflow|流程|フロー,ワークフロー|흐름,워크플로|
exist,exists|存在|存在,ある|존재|
resolve,resolved|解决|解決|해결|
quality|质量|品質|품질|
setup,set up|设置,配置|セットアップ,設定|설정,셋업|
single,one|单个|単一,一つ|단일,하나|
temporary,temp,tmp|临时|一時,一時的|임시|
optional|可选|任意,オプション|선택적|
required,require,requires|必需,需要|必須,必要|필수,필요|
layer|层|レイヤー,層|계층,레이어|
domain|领域,域名|ドメイン|도메인|
root|根|ルート|루트|
simple,simplify|简单,简化|シンプル,簡単,簡略化|간단,단순|
complex,complexity|复杂|複雑|복잡|
important|重要|重要|중요|
example,examples|例子,示例|例,サンプル|예시,예제|
correct,correctly,right|正确|正しい,正しく|올바른,정확|
internal|内部|内部|내부|
external|外部|外部|외부|
actual,expected|实际,预期|実際,期待|실제,예상|
case,cases|情况,用例|ケース,場合|경우,케이스|
pending|待处理|保留,未処理|대기|
graph|图|グラフ|그래프|
location|位置|場所,位置|위치|
track,tracking|跟踪,追踪|追跡,トラッキング|추적|
extract,extracted|提取|抽出|추출|
unused|未使用|未使用|미사용|
fallback|回退,兜底|フォールバック|폴백|
circular|循环|循環|순환|
compatible,compatibility|兼容|互換,互換性|호환|
detail,details,detailed|详细,细节|詳細|상세,세부|
menu|菜单|メニュー|메뉴|
toggle|切换|トグル,切り替え|토글|
switch|切换|切り替え,スイッチ|전환|
invalid|无效|無効,不正|유효하지 않,잘못된|
valid|有效|有効,正しい|유효|
section,sections|章节,部分|セクション|섹션|
highlight,highlighting|高亮|ハイライト|하이라이트|
lifecycle|生命周期|ライフサイクル|라이프사이클,수명 주기|
solution|解决方案|解決策|해결책|
target,targets|目标|ターゲット,対象|대상,타깃|
custom|自定义|カスタム|커스텀,사용자 정의|
prefix|前缀|プレフィックス,接頭辞|접두사|
suffix|后缀|サフィックス,接尾辞|접미사|
stable|稳定|安定|안정|
socket|套接字|ソケット|소켓|
sandbox|沙箱|サンドボックス|샌드박스|
nested|嵌套|ネスト|중첩|
stream,streaming|流,流式|ストリーム,ストリーミング|스트림,스트리밍|
rewrite,rewrote|重写|書き直し,書き換え|재작성|
syntax|语法|構文|구문,문법|
instruction,instructions|说明,指令|指示,手順|지시,지침|
identity,identifier,id|标识,标识符|識別子,ID|식별자|
ensure,make sure|确保|確実に,保証|보장|
patch|补丁|パッチ|패치|
lazy|懒加载|遅延|지연|
safe,safely|安全|安全|안전|
alias,aliases|别名|エイリアス,別名|별칭|
role,roles|角色|ロール,役割|역할|
application,app|应用,应用程序|アプリ,アプリケーション|앱,애플리케이션|
payload|负载|ペイロード|페이로드|
hidden,hide|隐藏|非表示,隠す|숨김,숨기|
cause,caused,root cause|原因,导致|原因,根本原因|원인|
related|相关|関連|관련|
helper,helpers,utility,utils|辅助函数,工具函数|ヘルパー,ユーティリティ|헬퍼,유틸리티|
original|原始,原来|元の,オリジナル|원래,원본|
definition,define,defined|定义|定義|정의|
runtime|运行时|ランタイム,実行時|런타임|
batch|批量,批处理|バッチ,一括|배치,일괄|
hardcoded,hard-coded|硬编码|ハードコード|하드코딩|
browser|浏览器|ブラウザ|브라우저|
constraint,constraints|约束|制約|제약|
credential,credentials|凭证|認証情報|자격 증명|
stats,statistics|统计|統計|통계|
criteria|标准|基準,条件|기준|
match,matches,matched|匹配|一致,マッチ|일치,매치|
archive|归档|アーカイブ|아카이브|
label,labels|标签|ラベル|라벨,레이블|
infrastructure,infra|基础设施|インフラ|인프라|
library,libraries,lib|库|ライブラリ|라이브러리|
backend|后端|バックエンド|백엔드|
frontend|前端|フロントエンド|프론트엔드|
layout|布局|レイアウト|레이아웃|
loop|循环|ループ|루프|
undefined,null,nil|未定义,空值|未定義|정의되지 않,널|
race condition,race|竞态,竞争条件|競合状態,レースコンディション|경쟁 상태|
lookup|查找|検索,参照|조회|
call,calls,called|调用|呼び出し,呼ぶ|호출|
callback|回调|コールバック|콜백|
sync,synchronize|同步|同期|동기화|
async,asynchronous|异步|非同期|비동기|
block,blocked|阻塞,屏蔽|ブロック|차단,블록|
keep,kept|保留|残す,保持|유지|
drop,dropped|丢弃|破棄,落とす|삭제,드롭|
skip,skipped|跳过|スキップ|건너뛰|
wait,waiting|等待|待つ,待機|대기,기다리|
send,sent|发送|送信|전송,보내|
receive,received|接收|受信|수신|
apply,applied|应用|適用|적용|
allow,allowed|允许|許可|허용|
deny,denied,reject,rejected|拒绝|拒否|거부|
ready|就绪,准备好|準備完了|준비|
mark,marked|标记|マーク,印|표시,마크|
group,groups|组,分组|グループ|그룹|
map,mapping|映射|マップ,マッピング|매핑|
value,values|值|値|값|
entry,entries|条目|エントリ|항목,엔트리|
item,items|项,项目|項目,アイテム|항목,아이템|
row,rows|行|行|행|
column,columns|列|列,カラム|열,컬럼|
time,times|时间|時間|시간|
duration|时长,耗时|所要時間,期間|기간,소요 시간|
minute,minutes|分钟|分|분|
day,days|天|日|일|
week,weeks|周|週|주|
try,tried|尝试|試す,試し|시도|
understand|理解|理解|이해|
help|帮助|手伝|도움|
again|再次,重新|もう一度,再度|다시|
instead|代替,改为|代わりに|대신|
without|没有,无|なし,なしで|없이|
`;

/**
 * Particles, pronouns, question and filler words that only add noise to a query, per language. Kept
 * when a query has nothing else. Japanese endings (した, します…) are stop words after a stem.
 */
export const CJK_STOP_WORDS = (
  // Chinese
  '的 了 吗 呢 吧 啊 呀 是 在 把 被 和 与 及 或 都 也 就 还 很 我 你 他 她 它 我们 你们 他们 这 那 这个 那个 哪 哪个 哪些 个 些 ' +
  '什么 怎么 怎样 为什么 如何 是否 时候 一下 里 让 给 要 从 到 时 有 没有 多少 哪里 后 之后 以后 提示 怎么办 的时候 做了 做 ' +
  '到底 这个函数 那么 所以 但是 因为 如果 然后 已经 一个 一共 第一次 最后 ' +
  // Japanese
  'の を に は が で と も へ や か な ね よ から まで より って とき こと もの ため よう どう なに どこ いつ どれ どの ' +
  'した して する します しました された される さ せ しい です ます でした だ だった ですか ますか ない なかった た て たら ' +
  'いる いた ある あった なる なった これ それ あれ この その あの どんな どうやって どのように ように ところ ' +
  // Korean
  '을 를 이 가 은 는 에 에서 의 로 으로 와 과 도 만 한테 께 부터 까지 처럼 보다 해줘 해 했어 했다 하다 합니다 했습니다 ' +
  '했나 했지 있어 있나 뭐 뭘 무엇 어떤 어디 언제 누가 그리고 그 이 저 것 거 수 좀 다음에 한 다음'
).split(' ');
