/**
 * @module core/summarize/final-message
 * What the model's final message says was done, what remains, and what went wrong, read from its
 * structure: list items and table rows belong to the heading or lead-in above them ("## Next steps",
 * "**残り:**", "다음 단계:", "下一步："), or to a lead-in on their own line ("**TODO:** migrate the
 * billing tables"). The lead-in words are a small closed class per language (next / remaining /
 * to do / known issues / done); everything else is a result. A message that ends by asking the
 * user something leaves that question open.
 */
import { isQuestion, sentences } from '../extract/user/shape.ts';

export interface FinalMessage {
  /** Items the message lists as done (or lists without a lead-in). */
  readonly results: readonly string[];
  /** Items under "next", "remaining", "TODO", "still to do" … in any language. */
  readonly next: readonly string[];
  /** Items under "known issues", "limitations", "risks" …, and items marked ❌ / ⚠. */
  readonly issues: readonly string[];
  /** The first sentence that says something (for a message without lists). */
  readonly gist?: string;
  /** The closing question when the message ends by asking the user. */
  readonly question?: string;
  /** The message hands the user steps to take ("Run the following:", "以下を実行してください"). */
  readonly handsOver: boolean;
}

type Kind = 'result' | 'next' | 'issue';

const NEXT_RE = new RegExp(
  [
    String.raw`\b(?:next(?: steps?| up| actions?)?|to-?dos?|todo|remaining|still (?:to do|needed|open|missing|pending|required)|left to do|what'?s left|follow[- ]?ups?|pending|outstanding|not (?:yet )?(?:done|implemented|finished|addressed|covered)|open (?:items|tasks|questions|work)|future work|action items|upcoming|to be done|needs? (?:doing|follow-?up))\b`,
    '次のステップ|次は|次に|残り|残タスク|今後|未対応|未完了|未実装|やること|対応予定|次回',
    '다음 단계|다음|남은|할 일|향후|추후|미완료|남아',
    '下一步|接下来|接下來|待办|待辦|还需要|還需要|后续|後續|剩余|剩餘|未完成|待完成|待处理|待處理',
    String.raw`pr[oó]ximos pasos|siguientes pasos|pendientes?|falta|por hacer|prochaines [ée]tapes|[àa] faire|reste|en attente|n[äa]chste schritte|offen|noch zu tun|verbleibend|ausstehend|pr[óo]ximos passos|pendentes?|prossimi passi|da fare|rimanent[ei]`,
    'следующие шаги|дальше|осталось|нужно ещё|в планах|الخطوات التالية|المتبقي|अगले कदम|बाकी|sonraki adımlar|kalan|yapılacaklar',
  ].join('|'),
  'i',
);
const ISSUE_RE = new RegExp(
  [
    String.raw`\b(?:known issues?|limitations?|caveats?|risks?|blockers?|blocked|issues?|problems?|warnings?|failing|failures?|not working|broken|concerns?|gaps?|errors?)\b`,
    '既知の問題|問題|制限|注意点|課題|懸念|リスク|失敗|문제|제한|주의|위험|실패|이슈|问题|問題|风险|風險|限制|注意|失败|失敗|已知',
    String.raw`problemas|riesgos|limitaciones|advertencias|probl[èe]mes|risques|avertissements|probleme|risiken|einschr[äa]nkungen|warnungen|bekannte|проблемы|риски|ограничения`,
  ].join('|'),
  'i',
);
const DONE_RE = new RegExp(
  [
    String.raw`\b(?:fixed|resolved|done|completed?|addressed|implemented|added|changed|changes|summary|accomplished|created|built|results?|delivered|shipped|merged|what (?:was|i|we) (?:did|done|changed|built))\b`,
    '(?<!未)完了|修正|変更|対応済|実装(?:完了|済)|まとめ|완료|수정|변경|요약|已完成|已修复|(?<![未没沒])完成|修复|修復|变更|總結|总结',
    String.raw`hecho|corregido|resumen|fait|corrig[ée]|r[ée]sum[ée]|erledigt|behoben|zusammenfassung|feito|corrigido|fatto|сделано|исправлено|итог`,
  ].join('|'),
  'i',
);
/**
 * A lead-in handing the user something to do ("Run the following:", "以下を実行してください:",
 * "请手动执行:", "다음을 실행해 주세요:"): what it lists was not done in the session, it is the user's next step.
 */
const USER_STEP_RE = new RegExp(
  [
    String.raw`\b(?:run|execute|type|paste|enter|apply)\b.{0,20}\b(?:following|these|this|below|them)\b|\bplease (?:run|execute)\b|\byou(?:'ll| will)? (?:need|have|want|may want) to\b|\byou (?:can|should) now\b|\bmanually\b|\bon your (?:side|machine|end)\b`,
    '実行してください|実行して下さい|実行をお願い|手動で|お手元で|以下を実行',
    '请(?:运行|执行|手动)|手动(?:运行|执行)|运行以下|执行以下|請(?:執行|手動)',
    '실행해 ?주세요|실행하세요|실행해 ?주십시오|직접 실행|수동으로',
  ].join('|'),
  'i',
);
/**
 * A lead-in naming a purpose before the commands that serve it: "To import this commit into jj:",
 * "取り込むには:", "要发布到 npm：", "배포하려면:". Only before a shell fence: "To summarize:" before a list is no step.
 */
const PURPOSE_LEAD_RE = /^to [a-z]|(?:には|ためには)[:：]\s*$|^(?:要|如需|若要|如果要)|(?:하려면|하기 위해서는)[:：]?\s*$/i;
/**
 * A sentence of the final message that asks the user to do something: "Please restart the server.",
 * "その後、必要に応じて bookmark を設定してください。", "请重启服务。", "서버를 재시작해 주세요."
 */
const ASKS_USER_RE = /^(?:please (?!let me know|tell me|feel free|note|keep in mind)|you(?:'ll| will)? need to\b|you can now\b|make sure to\b|don't forget to\b|remember to\b)|(?:してください|して下さい|をお願いします)[。.!！]?$|^请(?!问|告诉我|随时)|(?:해 ?주세요|하세요|하십시오)[.!]?$/i;
/** Fences of shell commands: what a "run the following" lead-in hands over. */
const SHELL_FENCE_RE = /^\s*```\s*(?:bash|sh|shell|zsh|console|terminal|powershell|ps1|cmd)?\s*$/i;
const FENCE_END_RE = /^\s*```\s*$/;
/** Shell lines worth a step: a command, not a comment or a prompt-only line. */
const COMMAND_LINE_RE = /^\s*(?:\$\s+)?([A-Za-z.\/~][^\s#].*)$/;
/** Commands kept of one fence: the steps, not a script. */
const FENCE_STEPS = 6;

/** A sentence that itself announces the next step: "The next step is …", "次のステップは …", "下一步是 …". */
const NEXT_SENTENCE_RE = /^(?:the )?next steps? (?:is|are|would be|will be)\b|^次の(?:ステップ|作業)は|^次は|^下一步(?:是|：|:)|^接下来|^다음 단계(?:는|은|:)/i;

/** A sentence saying something is not done yet, in any language we have words for. */
const NOT_YET_RE = new RegExp(
  [
    String.raw`\b(?:not (?:yet|been)\b|(?:don't|doesn't|didn't|haven't|hasn't|isn't|aren't|wasn't) (?:\S+ ){0,5}yet\b|yet to be\b|still (?:need|needs|needed|to be|missing|required|pending|has to|have to|open)\b|needs? to be (?:\S+ed|done|run|written|built)\b|would need to\b|will need to\b|remains? to be\b|left to do\b)`,
    // Only forms that say something is not done: a word such as "todo" or "残タスク" also names work that is done.
    'まだ|未対応|未実装|未完了|残って|必要があります|されていない|されていません|还没|還沒|尚未|仍需|仍然需要|还需|還需|아직|남아 있|되지 않았|필요합니다',
    String.raw`noch nicht|steht noch aus|muss noch|pas encore|reste [àa]|il faudra|todav[íi]a no|a[úu]n no|queda por|ainda n[ãa]o|ещ[её] не|пока не|нужно будет|hen[üu]z`,
  ].join('|'),
  'i',
);

const HEADING_RE = /^\s{0,3}(?:#{1,6}\s+(.+?)\s*#*|\*\*([^*\n]{1,80}?)\*\*\s*(?:\([^()\n]{1,80}\)\s*)?[:：]?|__([^_\n]{1,80})__\s*[:：]?|([^\n|`]{1,60}?)\s*[:：])\s*$/;
const INLINE_LEAD_RE = /^\s*(?:[-*•]\s+)?(?:\*\*([^*\n]{1,60}?)[:：]?\*\*\s*[:：]?|([^\n:：`*]{1,40})[:：])\s+(\S.+)$/;
const ITEM_RE = /^(\s*)(?:[-*•+]|\d{1,2}[.)]|\[[ xX]\])\s+(.+)$/;
const MARK_RE = /^([✅✓✔☑❌✗✘⚠️🔲☐⬜🟢🔴🟡]+)\s*(.+)$/u;
const TABLE_ROW_RE = /^\s*\|(.+)\|\s*$/;
const TABLE_RULE_RE = /^\s*\|[\s:|-]+\|\s*$/;
const MAX_ITEMS = 16;

/** A lead-in's numbering or bullet mark ("2.", "3)", "⚠️"): the words come after it. */
const LEAD_NUMBER_RE = /^\s*(?:\d{1,2}[.)]\s*|[^\p{L}\p{N}\s]+\s*)?/u;

function classify(leadIn: string): Kind {
  if (USER_STEP_RE.test(leadIn)) return 'next';
  if (DONE_RE.test(leadIn)) return 'result';
  if (NEXT_RE.test(leadIn)) return 'next';
  if (namesIssues(leadIn)) return 'issue';
  return 'result';
}

/**
 * Whether a lead-in introduces problems ("Known issues", "Risks:", "⚠️ Warnings", "Problems with the
 * cache"), not one fix among several that names what it fixed ("**3. Partial WAL record on write
 * error** (`wal.go`):"): the issue word leads, or the lead-in is that word and little more (in CJK,
 * where the head noun is last, the word ends it).
 */
function namesIssues(leadIn: string): boolean {
  const words = leadIn.replace(LEAD_NUMBER_RE, '');
  const m = ISSUE_RE.exec(words);
  if (!m) return false;
  const trimmed = words.trim();
  // A head noun comes last in Chinese, Japanese and Korean ("既知の問題", "남은 문제"), first or alone in English.
  if (!/\p{Script=Latin}/u.test(trimmed)) return m.index === 0 || trimmed.replace(/[\s:：]+$/, '').endsWith(m[0]);
  return m.index === 0 || trimmed.split(/\s+/).length <= 3;
}

function markKind(mark: string): Kind | undefined {
  if (/[❌✗✘🔴⚠]/u.test(mark)) return 'issue';
  if (/[🔲☐⬜]/u.test(mark)) return 'next';
  return undefined;
}

/** Markdown emphasis off, whitespace collapsed; code spans and words kept. */
function plain(s: string): string {
  return s.replace(/\*\*|__/g, '').replace(/\s+/g, ' ').trim();
}

/**
 * The message without its code fences, except the commands of a shell fence right under a lead-in
 * that hands the user something to do: those stay, one list item each ("Run the following:" then
 * ```bash … ```), since they are the steps left. Any other fence is code shown, not prose.
 */
function withoutFences(text: string): { text: string; handsOver: boolean } {
  const lines = text.split('\n');
  const out: string[] = [];
  let leadIn = '';
  let handed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.trimStart().startsWith('```')) {
      if (line.trim()) leadIn = line;
      out.push(line);
      continue;
    }
    // The lead-in's last sentence, the one its colon closes ("… detached HEAD です。取り込むには:").
    const last = plain(leadIn).split(/(?<=[。.!！])\s*/).pop() ?? '';
    const handsOver = SHELL_FENCE_RE.test(line) && /[:：]\s*$/.test(last) && (USER_STEP_RE.test(last) || PURPOSE_LEAD_RE.test(last));
    let steps = 0;
    for (i++; i < lines.length && !FENCE_END_RE.test(lines[i]!); i++) {
      const command = COMMAND_LINE_RE.exec(lines[i]!);
      if (!handsOver || !command || steps >= FENCE_STEPS) continue;
      // Under their own heading, so that whatever the lead-in said they read as steps.
      if (steps === 0) out.push('', '**Next steps:**');
      out.push(`- ${command[1]!.replace(/\s+#.*$/, '').trim()}`);
      steps++;
    }
    handed ||= steps > 0;
    out.push('');
  }
  return { text: out.join('\n'), handsOver: handed };
}

/** Read a final message. Pure; never throws. */
export function readFinalMessage(text: string): FinalMessage {
  const fenced = withoutFences(text.replace(/\r\n?/g, '\n'));
  const lines = fenced.text.split('\n');
  const found: Record<Kind, string[]> = { result: [], next: [], issue: [] };
  let current: Kind = 'result';
  let nested = -1;
  let tableHeader = true;
  const add = (kind: Kind, item: string) => {
    // A line that introduced what followed it ("Committed as `6d86690c` on `main`:") is a statement on its own.
    const t = plain(item).replace(/\s*[:：]$/, '');
    if (kind === 'result' && NOT_YET_RE.test(t)) kind = 'next';
    if (t.length >= 3 && found[kind].length < MAX_ITEMS && !found[kind].includes(t)) found[kind].push(t);
  };
  let gist: string | undefined;
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      tableHeader = true;
      continue;
    }
    const heading = ITEM_RE.test(line) || TABLE_ROW_RE.test(line) ? null : HEADING_RE.exec(line);
    if (heading) {
      current = classify(heading[1] ?? heading[2] ?? heading[3] ?? heading[4] ?? '');
      nested = -1;
      continue;
    }
    const item = ITEM_RE.exec(line);
    let body = item ? item[2]! : line.trim();
    const lead = INLINE_LEAD_RE.exec(line);
    if (lead) {
      const kind = classify(lead[1] ?? lead[2] ?? '');
      if (kind !== 'result') {
        // "TODO: migrate the tables. Should I start?": the item, without the question it closes with.
        const said = sentences(plain(lead[3]!)).filter((x) => !isQuestion(x));
        add(kind, said.length ? said.join(' ') : lead[3]!);
        continue;
      }
      // "**Summary:** Added …": the lead-in names the list, the rest is the point.
      if (!item && DONE_RE.test(lead[1] ?? lead[2] ?? '')) body = lead[3]!;
    }
    if (item) {
      const indent = item[1]!.length;
      if (nested >= 0 && indent > nested) continue; // details of the item above
      nested = indent;
      const mark = MARK_RE.exec(body);
      add((mark && markKind(mark[1]!)) ?? current, mark ? mark[2]! : body);
      continue;
    }
    const row = TABLE_ROW_RE.exec(line);
    if (row) {
      if (TABLE_RULE_RE.test(line)) continue;
      if (tableHeader) {
        tableHeader = false;
        continue;
      }
      const cells = row[1]!.split('|').map((c) => plain(c)).filter(Boolean);
      if (cells.length) add(current, cells.slice(0, 2).join(' — '));
      continue;
    }
    const mark = MARK_RE.exec(body);
    if (mark) {
      add(markKind(mark[1]!) ?? current, mark[2]!);
      continue;
    }
    for (const s of sentences(plain(body))) {
      // A question is the one the message closes with (awaiting the user), not a step of its own.
      if ((NEXT_SENTENCE_RE.test(s) || NOT_YET_RE.test(s) || ASKS_USER_RE.test(s)) && !isQuestion(s)) add('next', s);
      else if (!gist && s.length >= 30 && !isQuestion(s)) gist = s;
    }
  }
  const prose = lines.map((l) => l.trim()).filter((l) => l && !ITEM_RE.test(l) && !TABLE_ROW_RE.test(l));
  const lastSentence = sentences(plain(prose[prose.length - 1] ?? '')).pop();
  const question = lastSentence && isQuestion(lastSentence) ? lastSentence : undefined;
  const handsOver = fenced.handsOver || lines.some((l) => HEADING_RE.test(l) && USER_STEP_RE.test(l));
  return { results: found.result, next: found.next, issues: found.issue, handsOver, ...(gist ? { gist } : {}), ...(question ? { question } : {}) };
}
