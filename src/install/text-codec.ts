/**
 * @module install/text-codec
 * Bytes in, text out and back, losing nothing: a UTF-8 byte-order mark is set aside and put back, and
 * bytes that are not UTF-8 are refused rather than replaced (a replacement character written back
 * would silently corrupt the user's file).
 */
import { InstallError } from './errors.ts';

/** A file's text without its byte-order mark, and whether it had one. */
export interface DecodedText {
  readonly text: string;
  readonly bom: boolean;
}

const BOM = '\uFEFF';

/** Decodes UTF-8 strictly; `file` names the file in the error. */
export function decodeText(bytes: Uint8Array, file: string): DecodedText {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw new InstallError('INVALID_CONFIG', `${file} is not UTF-8 text; nothing was changed.`, file);
  }
  return text.startsWith(BOM) ? { text: text.slice(1), bom: true } : { text, bom: false };
}

/** Encodes text back to bytes, restoring the byte-order mark if the file had one. */
export function encodeText(text: string, bom: boolean): Uint8Array {
  return new TextEncoder().encode(bom ? BOM + text : text);
}
