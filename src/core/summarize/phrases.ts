/**
 * @module core/summarize/phrases
 * The fixed words of a summary in the user's language: the four section headings (trae-mem's
 * 用户目标 / 已完成 / 未解决问题与风险 / 下一步建议) and the few labels the heuristic summarizer writes.
 * Shared with the LLM prompt so both summarizers produce the same structure.
 */

export type SectionHeadings = readonly [goal: string, done: string, open: string, next: string];

export interface Phrases {
  readonly name: string;
  readonly headings: SectionHeadings;
  readonly changed: string;
  readonly ran: string;
  readonly failed: string;
  readonly resolved: string;
  readonly decided: string;
  readonly todo: string;
  readonly result: string;
  readonly continueWith: string;
  readonly nothing: string;
  /** A commit the session made, by subject. */
  readonly commit: string;
  /** The files that changed most. */
  readonly changedMost: string;
  readonly testsPass: string;
  readonly checksPass: string;
  /** A task still being worked on. */
  readonly inProgress: string;
  /** Next step for a failure nobody fixed. */
  readonly retry: string;
  /** The session ended asking the user something. */
  readonly awaiting: string;
  /** The heading of the SessionStart block that shows the previous session's brief. */
  readonly lastSession: string;
  /** "3 more" after a list that did not fit. */
  readonly more: string;
}

const EN: Phrases = {
  name: 'English', headings: ['Goal', 'Done', 'Open issues and risks', 'Next steps'],
  changed: 'Changed', ran: 'Ran', failed: 'Unresolved failure', resolved: 'Fixed', decided: 'Decision', todo: 'Open task', result: 'Result', continueWith: 'Continue with', nothing: 'none recorded',
  commit: 'Commit', changedMost: 'Changed most', testsPass: 'Tests pass', checksPass: 'Checks pass', inProgress: 'In progress', retry: 'Fix and rerun', awaiting: 'Awaiting your reply', lastSession: 'Last session', more: 'more',
};

const PHRASES: Readonly<Record<string, Phrases>> = {
  en: EN,
  zh: { name: 'Simplified Chinese', headings: ['用户目标', '已完成', '未解决问题与风险', '下一步建议'], changed: '修改', ran: '执行', failed: '未解决的失败', resolved: '已修复', decided: '决定', todo: '待办', result: '结论', continueWith: '继续', nothing: '无记录', commit: '提交', changedMost: '改动最多', testsPass: '测试通过', checksPass: '检查通过', inProgress: '进行中', retry: '修复后重试', awaiting: '等待答复', lastSession: '上次会话', more: '更多' },
  'zh-hant': { name: 'Traditional Chinese', headings: ['使用者目標', '已完成', '未解決問題與風險', '下一步建議'], changed: '修改', ran: '執行', failed: '未解決的失敗', resolved: '已修復', decided: '決定', todo: '待辦', result: '結論', continueWith: '繼續', nothing: '無記錄', commit: '提交', changedMost: '改動最多', testsPass: '測試通過', checksPass: '檢查通過', inProgress: '進行中', retry: '修復後重試', awaiting: '等待答覆', lastSession: '上次工作階段', more: '更多' },
  ja: { name: 'Japanese', headings: ['目標', '完了したこと', '未解決の問題とリスク', '次のステップ'], changed: '変更', ran: '実行', failed: '未解決の失敗', resolved: '修正済み', decided: '決定', todo: '未完了タスク', result: '結果', continueWith: '続き', nothing: '記録なし', commit: 'コミット', changedMost: '主な変更', testsPass: 'テスト成功', checksPass: 'チェック成功', inProgress: '進行中', retry: '修正して再実行', awaiting: '返答待ち', lastSession: '前回のセッション', more: '件' },
  ko: { name: 'Korean', headings: ['목표', '완료한 작업', '미해결 문제와 위험', '다음 단계'], changed: '변경', ran: '실행', failed: '미해결 실패', resolved: '수정됨', decided: '결정', todo: '남은 작업', result: '결과', continueWith: '이어서', nothing: '기록 없음', commit: '커밋', changedMost: '주요 변경', testsPass: '테스트 통과', checksPass: '검사 통과', inProgress: '진행 중', retry: '수정 후 재실행', awaiting: '답변 대기', lastSession: '지난 세션', more: '개 더' },
  es: { name: 'Spanish', headings: ['Objetivo', 'Hecho', 'Problemas abiertos y riesgos', 'Próximos pasos'], changed: 'Cambiado', ran: 'Ejecutado', failed: 'Fallo sin resolver', resolved: 'Corregido', decided: 'Decisión', todo: 'Tarea pendiente', result: 'Resultado', continueWith: 'Continuar con', nothing: 'nada registrado', commit: 'Commit', changedMost: 'Más cambiados', testsPass: 'Pruebas superadas', checksPass: 'Comprobaciones superadas', inProgress: 'En curso', retry: 'Corregir y repetir', awaiting: 'Esperando respuesta', lastSession: 'Última sesión', more: 'más' },
  fr: { name: 'French', headings: ['Objectif', 'Fait', 'Problèmes ouverts et risques', 'Prochaines étapes'], changed: 'Modifié', ran: 'Exécuté', failed: 'Échec non résolu', resolved: 'Corrigé', decided: 'Décision', todo: 'Tâche ouverte', result: 'Résultat', continueWith: 'Continuer avec', nothing: 'rien de noté', commit: 'Commit', changedMost: 'Les plus modifiés', testsPass: 'Tests réussis', checksPass: 'Vérifications réussies', inProgress: 'En cours', retry: 'Corriger et relancer', awaiting: 'En attente de réponse', lastSession: 'Dernière session', more: 'de plus' },
  de: { name: 'German', headings: ['Ziel', 'Erledigt', 'Offene Probleme und Risiken', 'Nächste Schritte'], changed: 'Geändert', ran: 'Ausgeführt', failed: 'Ungelöster Fehler', resolved: 'Behoben', decided: 'Entscheidung', todo: 'Offene Aufgabe', result: 'Ergebnis', continueWith: 'Weiter mit', nothing: 'nichts erfasst', commit: 'Commit', changedMost: 'Am meisten geändert', testsPass: 'Tests bestanden', checksPass: 'Prüfungen bestanden', inProgress: 'In Arbeit', retry: 'Beheben und erneut ausführen', awaiting: 'Wartet auf Antwort', lastSession: 'Letzte Sitzung', more: 'weitere' },
  pt: { name: 'Portuguese', headings: ['Objetivo', 'Feito', 'Problemas em aberto e riscos', 'Próximos passos'], changed: 'Alterado', ran: 'Executado', failed: 'Falha não resolvida', resolved: 'Corrigido', decided: 'Decisão', todo: 'Tarefa aberta', result: 'Resultado', continueWith: 'Continuar com', nothing: 'nada registrado', commit: 'Commit', changedMost: 'Mais alterados', testsPass: 'Testes passam', checksPass: 'Verificações passam', inProgress: 'Em andamento', retry: 'Corrigir e repetir', awaiting: 'Aguardando resposta', lastSession: 'Última sessão', more: 'mais' },
  it: { name: 'Italian', headings: ['Obiettivo', 'Fatto', 'Problemi aperti e rischi', 'Prossimi passi'], changed: 'Modificato', ran: 'Eseguito', failed: 'Errore non risolto', resolved: 'Corretto', decided: 'Decisione', todo: 'Attività aperta', result: 'Risultato', continueWith: 'Continuare con', nothing: 'niente registrato', commit: 'Commit', changedMost: 'Più modificati', testsPass: 'Test superati', checksPass: 'Controlli superati', inProgress: 'In corso', retry: 'Correggere e rieseguire', awaiting: 'In attesa di risposta', lastSession: 'Ultima sessione', more: 'altri' },
  ru: { name: 'Russian', headings: ['Цель', 'Сделано', 'Открытые вопросы и риски', 'Следующие шаги'], changed: 'Изменено', ran: 'Выполнено', failed: 'Нерешённая ошибка', resolved: 'Исправлено', decided: 'Решение', todo: 'Открытая задача', result: 'Итог', continueWith: 'Продолжить', nothing: 'нет записей', commit: 'Коммит', changedMost: 'Больше всего изменены', testsPass: 'Тесты проходят', checksPass: 'Проверки проходят', inProgress: 'В работе', retry: 'Исправить и перезапустить', awaiting: 'Ждёт ответа', lastSession: 'Прошлая сессия', more: 'ещё' },
  ar: { name: 'Arabic', headings: ['الهدف', 'ما تم إنجازه', 'مشكلات مفتوحة ومخاطر', 'الخطوات التالية'], changed: 'تم التعديل', ran: 'تم التنفيذ', failed: 'فشل غير محلول', resolved: 'تم الإصلاح', decided: 'قرار', todo: 'مهمة مفتوحة', result: 'النتيجة', continueWith: 'المتابعة بـ', nothing: 'لا شيء مسجل', commit: 'إيداع', changedMost: 'الأكثر تعديلًا', testsPass: 'الاختبارات ناجحة', checksPass: 'الفحوص ناجحة', inProgress: 'قيد التنفيذ', retry: 'أصلح وأعد التشغيل', awaiting: 'بانتظار الرد', lastSession: 'الجلسة السابقة', more: 'أخرى' },
  hi: { name: 'Hindi', headings: ['लक्ष्य', 'पूरा हुआ', 'खुले मुद्दे और जोखिम', 'अगले कदम'], changed: 'बदला गया', ran: 'चलाया गया', failed: 'अनसुलझी विफलता', resolved: 'ठीक किया गया', decided: 'निर्णय', todo: 'खुला कार्य', result: 'परिणाम', continueWith: 'आगे', nothing: 'कुछ दर्ज नहीं', commit: 'कमिट', changedMost: 'सबसे ज़्यादा बदले', testsPass: 'टेस्ट पास', checksPass: 'जाँच पास', inProgress: 'जारी', retry: 'ठीक करके फिर चलाएँ', awaiting: 'जवाब की प्रतीक्षा', lastSession: 'पिछला सत्र', more: 'और' },
  tr: { name: 'Turkish', headings: ['Hedef', 'Yapılanlar', 'Açık sorunlar ve riskler', 'Sonraki adımlar'], changed: 'Değiştirildi', ran: 'Çalıştırıldı', failed: 'Çözülmemiş hata', resolved: 'Düzeltildi', decided: 'Karar', todo: 'Açık görev', result: 'Sonuç', continueWith: 'Devam', nothing: 'kayıt yok', commit: 'Commit', changedMost: 'En çok değişen', testsPass: 'Testler geçiyor', checksPass: 'Kontroller geçiyor', inProgress: 'Sürüyor', retry: 'Düzeltip yeniden çalıştır', awaiting: 'Yanıt bekleniyor', lastSession: 'Son oturum', more: 'daha' },
};

const TRADITIONAL_RE = /^zh[-_](hant|tw|hk|mo)\b/i;

/** Phrases for a BCP-47-ish tag; English for languages we have no words for. */
export function phrasesFor(language: string): Phrases {
  const tag = language.trim();
  if (TRADITIONAL_RE.test(tag)) return PHRASES['zh-hant']!;
  return PHRASES[(tag.split(/[-_]/)[0] ?? '').toLowerCase()] ?? EN;
}

/** True when we have our own words for the language. */
export function knowsLanguage(language: string): boolean {
  return phrasesFor(language) !== EN || language.toLowerCase().startsWith('en');
}
