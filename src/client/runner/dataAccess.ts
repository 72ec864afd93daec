/**
 * The page's half of an example's file read (`readCsv('orders.csv')` in the worker): a
 * relative path is read from the site's published example data (config `examples.cwd` under
 * `static/`, e.g. `/data/`), as `--check-examples` reads it from that folder; the page fetches
 * only URLs of this site inside that folder, without credentials, and hands back the bytes.
 */

export type FileAnswer =
  | { body: ArrayBuffer; status: number; statusText: string; contentType: string }
  | { error: string };

/** Where `url` (as the example wrote it) points, if the example may read it; else why not. */
export function exampleFileUrl(url: string, data: string | undefined): URL | { error: string } {
  if (!data)
    return {
      error: `this site does not publish the examples' data files, so "${url}" cannot be read here (in the browser)`,
    };
  const folder = new URL(data, location.href);
  let target: URL;
  try {
    target = new URL(url, folder);
  } catch {
    return { error: `"${url}" is not a path or URL` };
  }
  if (target.origin !== folder.origin || !target.pathname.startsWith(folder.pathname))
    return {
      error: `examples running in the browser read only this site's example data (${folder.pathname}…); "${url}" was not fetched`,
    };
  return target;
}

export async function readExampleFile(url: string, data: string | undefined): Promise<FileAnswer> {
  const target = exampleFileUrl(url, data);
  if (!(target instanceof URL)) return target;
  try {
    const res = await fetch(target, { credentials: 'omit', redirect: 'error' });
    return {
      body: await res.arrayBuffer(),
      status: res.status,
      statusText: res.statusText,
      contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    };
  } catch (e) {
    return { error: `could not fetch ${url} (${(e as Error).message})` };
  }
}
