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
}

const EN: Phrases = {
  name: 'English', headings: ['Goal', 'Done', 'Open issues and risks', 'Next steps'],
  changed: 'Changed', ran: 'Ran', failed: 'Unresolved failure', resolved: 'Fixed', decided: 'Decision', todo: 'Open task', result: 'Result', continueWith: 'Continue with', nothing: 'none recorded',
};

const PHRASES: Readonly<Record<string, Phrases>> = {
  en: EN,
  zh: { name: 'Simplified Chinese', headings: ['用户目标', '已完成', '未解决问题与风险', '下一步建议'], changed: '修改', ran: '执行', failed: '未解决的失败', resolved: '已修复', decided: '决定', todo: '待办', result: '结论', continueWith: '继续', nothing: '无记录' },
  'zh-hant': { name: 'Traditional Chinese', headings: ['使用者目標', '已完成', '未解決問題與風險', '下一步建議'], changed: '修改', ran: '執行', failed: '未解決的失敗', resolved: '已修復', decided: '決定', todo: '待辦', result: '結論', continueWith: '繼續', nothing: '無記錄' },
  ja: { name: 'Japanese', headings: ['目標', '完了したこと', '未解決の問題とリスク', '次のステップ'], changed: '変更', ran: '実行', failed: '未解決の失敗', resolved: '修正済み', decided: '決定', todo: '未完了タスク', result: '結果', continueWith: '続き', nothing: '記録なし' },
  ko: { name: 'Korean', headings: ['목표', '완료한 작업', '미해결 문제와 위험', '다음 단계'], changed: '변경', ran: '실행', failed: '미해결 실패', resolved: '수정됨', decided: '결정', todo: '남은 작업', result: '결과', continueWith: '이어서', nothing: '기록 없음' },
  es: { name: 'Spanish', headings: ['Objetivo', 'Hecho', 'Problemas abiertos y riesgos', 'Próximos pasos'], changed: 'Cambiado', ran: 'Ejecutado', failed: 'Fallo sin resolver', resolved: 'Corregido', decided: 'Decisión', todo: 'Tarea pendiente', result: 'Resultado', continueWith: 'Continuar con', nothing: 'nada registrado' },
  fr: { name: 'French', headings: ['Objectif', 'Fait', 'Problèmes ouverts et risques', 'Prochaines étapes'], changed: 'Modifié', ran: 'Exécuté', failed: 'Échec non résolu', resolved: 'Corrigé', decided: 'Décision', todo: 'Tâche ouverte', result: 'Résultat', continueWith: 'Continuer avec', nothing: 'rien de noté' },
  de: { name: 'German', headings: ['Ziel', 'Erledigt', 'Offene Probleme und Risiken', 'Nächste Schritte'], changed: 'Geändert', ran: 'Ausgeführt', failed: 'Ungelöster Fehler', resolved: 'Behoben', decided: 'Entscheidung', todo: 'Offene Aufgabe', result: 'Ergebnis', continueWith: 'Weiter mit', nothing: 'nichts erfasst' },
  pt: { name: 'Portuguese', headings: ['Objetivo', 'Feito', 'Problemas em aberto e riscos', 'Próximos passos'], changed: 'Alterado', ran: 'Executado', failed: 'Falha não resolvida', resolved: 'Corrigido', decided: 'Decisão', todo: 'Tarefa aberta', result: 'Resultado', continueWith: 'Continuar com', nothing: 'nada registrado' },
  it: { name: 'Italian', headings: ['Obiettivo', 'Fatto', 'Problemi aperti e rischi', 'Prossimi passi'], changed: 'Modificato', ran: 'Eseguito', failed: 'Errore non risolto', resolved: 'Corretto', decided: 'Decisione', todo: 'Attività aperta', result: 'Risultato', continueWith: 'Continuare con', nothing: 'niente registrato' },
  ru: { name: 'Russian', headings: ['Цель', 'Сделано', 'Открытые вопросы и риски', 'Следующие шаги'], changed: 'Изменено', ran: 'Выполнено', failed: 'Нерешённая ошибка', resolved: 'Исправлено', decided: 'Решение', todo: 'Открытая задача', result: 'Итог', continueWith: 'Продолжить', nothing: 'нет записей' },
  ar: { name: 'Arabic', headings: ['الهدف', 'ما تم إنجازه', 'مشكلات مفتوحة ومخاطر', 'الخطوات التالية'], changed: 'تم التعديل', ran: 'تم التنفيذ', failed: 'فشل غير محلول', resolved: 'تم الإصلاح', decided: 'قرار', todo: 'مهمة مفتوحة', result: 'النتيجة', continueWith: 'المتابعة بـ', nothing: 'لا شيء مسجل' },
  hi: { name: 'Hindi', headings: ['लक्ष्य', 'पूरा हुआ', 'खुले मुद्दे और जोखिम', 'अगले कदम'], changed: 'बदला गया', ran: 'चलाया गया', failed: 'अनसुलझी विफलता', resolved: 'ठीक किया गया', decided: 'निर्णय', todo: 'खुला कार्य', result: 'परिणाम', continueWith: 'आगे', nothing: 'कुछ दर्ज नहीं' },
  tr: { name: 'Turkish', headings: ['Hedef', 'Yapılanlar', 'Açık sorunlar ve riskler', 'Sonraki adımlar'], changed: 'Değiştirildi', ran: 'Çalıştırıldı', failed: 'Çözülmemiş hata', resolved: 'Düzeltildi', decided: 'Karar', todo: 'Açık görev', result: 'Sonuç', continueWith: 'Devam', nothing: 'kayıt yok' },
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
