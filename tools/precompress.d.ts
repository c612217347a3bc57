/** Writes .br and .gz copies of the text assets under `dir`; returns the byte totals. */
export function precompress(dir: string): { files: number; raw: number; gzip: number; brotli: number };
