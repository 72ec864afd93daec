export function firstLoadFiles(html: string): string[];
export function firstLoadJs(
  outDir: string,
  htmlFile: string,
): { files: string[]; raw: number; gzip: number };
