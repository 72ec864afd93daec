import { readFileSync } from 'node:fs';
import { errorDiagnostic, positionAt } from '../diagnostics';

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads a text file that must be UTF-8; otherwise reports where the first bad byte is. */
export function readUtf8(absPath: string, relPath: string): string {
  const bytes = readFileSync(absPath);
  try {
    return decoder.decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    const lossy = bytes.toString('utf8');
    const at = lossy.indexOf('\uFFFD');
    const pos = positionAt(lossy, Math.max(at, 0));
    throw errorDiagnostic({
      code: 'NotUtf8',
      message: 'the file is not valid UTF-8 text',
      hint: 'save the file with UTF-8 encoding',
      file: relPath,
      ...pos,
    });
  }
}
