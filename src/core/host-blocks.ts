/**
 * @module core/host-blocks
 * Blocks a host writes into the user's turn that are not the user's words: Claude Code's own
 * messages (`<system-reminder>`, slash-command echoes, local-command output) and the IDE extensions'
 * context (`<ide_opened_file>`, `<ide_selection>`, `<ide_diagnostics>`: which file was open, what was
 * selected). A prompt is titled and searched by what the person typed, not by the file their editor
 * happened to show.
 */
const HOST_BLOCK_RE =
  /<(system-reminder|local-command-stdout|local-command-stderr|local-command-caveat|bash-input|bash-stdout|bash-stderr|user-prompt-submit-hook|command-message|command-name|command-args|command-contents|ide_opened_file|ide_selection|ide_diagnostics)\b[^>]*>[\s\S]*?<\/\1>/gi;
/** The IDE's context alone (what capture removes from a prompt the hook received). */
const IDE_BLOCK_RE = /<(ide_opened_file|ide_selection|ide_diagnostics)\b[^>]*>[\s\S]*?<\/\1>/gi;

/** Text without any host block, trimmed. */
export function withoutHostBlocks(text: string): string {
  return text.includes('<') ? text.replace(HOST_BLOCK_RE, '').trim() : text.trim();
}

/** A prompt without the IDE's context blocks, trimmed. */
export function withoutIdeContext(text: string): string {
  return text.includes('<ide_') ? text.replace(IDE_BLOCK_RE, '').trim() : text;
}
