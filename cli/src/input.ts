/** Reading the prompt or test set a command was given: a file, or `-` for standard input. */
import { readFile } from 'node:fs/promises';

export class UsageError extends Error {}

export async function readText(file: string | undefined, what: string): Promise<string> {
  if (!file) throw new UsageError(`Give the ${what} as a file, or - to read standard input.`);
  if (file === '-') {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    throw new UsageError(
      `Cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}.`,
    );
  }
}
