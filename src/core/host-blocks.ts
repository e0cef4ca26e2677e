/**
 * @module core/host-blocks
 * Blocks a host writes into the user's turn that are not the user's words: Claude Code's own
 * messages (`<system-reminder>`, slash-command echoes, local-command output) and the IDE extensions'
 * context (`<ide_opened_file>`, `<ide_selection>`, `<ide_diagnostics>`: which file was open, what was
 * selected). A prompt is titled and searched by what the person typed, not by the file their editor
 * happened to show.
 */
const CLAUDE_CODE_TAGS = ['system-reminder', 'local-command-stdout', 'local-command-stderr', 'local-command-caveat', 'bash-input', 'bash-stdout', 'bash-stderr', 'user-prompt-submit-hook', 'command-message', 'command-name', 'command-args', 'command-contents'];
const IDE_TAGS = ['ide_opened_file', 'ide_selection', 'ide_diagnostics'];
/** A whole `<tag …>…</tag>` block of any of `tags`. */
const blocksOf = (tags: readonly string[]) => new RegExp(`<(${tags.join('|')})\\b[^>]*>[\\s\\S]*?<\\/\\1>`, 'gi');
const HOST_BLOCK_RE = blocksOf([...CLAUDE_CODE_TAGS, ...IDE_TAGS]);
/** The IDE's context alone (what capture removes from a prompt the hook received). */
const IDE_BLOCK_RE = blocksOf(IDE_TAGS);

/** Text without any host block, trimmed. */
export function withoutHostBlocks(text: string): string {
  return text.includes('<') ? text.replace(HOST_BLOCK_RE, '').trim() : text.trim();
}

/** A prompt without the IDE's context blocks, trimmed. */
export function withoutIdeContext(text: string): string {
  return text.includes('<ide_') ? text.replace(IDE_BLOCK_RE, '').trim() : text;
}

/**
 * Claude Code's message when the user rejects a tool call: the same two sentences every time ("the
 * new_string was NOT written to the file … STOP what you are doing"), which made every rejected call a
 * match for `written`, `file`, `stop` or `tell`. What the user said with the rejection is kept.
 */
const REJECTION_RE =
  /The user doesn't want to proceed with this tool use\. The tool use was rejected \(eg\. if it was a file edit, the new_string was NOT written to the file\)\.\s*(?:STOP what you are doing and wait for the user to tell you how to proceed\.|To tell you how to proceed, the user said:\s*)?/;

/** A failed call's error text with the host's rejection notice said in three words. */
export function withoutRejectionNotice(error: string): string {
  const m = REJECTION_RE.exec(error);
  if (!m) return error;
  const said = error.slice(m.index + m[0].length).trim();
  return `${error.slice(0, m.index)}Rejected by the user.${said ? ` The user said: ${said}` : ''}`.trim();
}
