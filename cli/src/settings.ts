/**
 * Where the CLI finds the server and the token: PROMPT_PERFECT_URL and PROMPT_PERFECT_TOKEN, else what
 * `prompt-perfect login` stored in the user's config directory (a file only the user can read).
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const DEFAULT_URL = 'http://localhost:3002';

export interface Connection {
  url: string;
  token: string;
}

interface Stored {
  url?: string;
  token?: string;
}

function configDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PROMPT_PERFECT_CONFIG_DIR) return env.PROMPT_PERFECT_CONFIG_DIR;
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'prompt-perfect');
  return path.join(env.XDG_CONFIG_HOME || path.join(os.homedir(), '.config'), 'prompt-perfect');
}

const configFile = (env: NodeJS.ProcessEnv) => path.join(configDir(env), 'config.json');

async function readStored(env: NodeJS.ProcessEnv): Promise<Stored> {
  try {
    return JSON.parse(await readFile(configFile(env), 'utf8')) as Stored;
  } catch {
    return {};
  }
}

/** Writes the login with mode 0600 (and the directory 0700): the token acts as the user. */
export async function storeLogin(login: Connection, env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const file = configFile(env);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(login, null, 2)}\n`, { mode: 0o600 });
  await chmod(file, 0o600);
  return file;
}

/** The server to talk to, or undefined for the offline tools (no URL and no token anywhere). */
export async function connection(env: NodeJS.ProcessEnv = process.env): Promise<Connection | undefined> {
  const stored = await readStored(env);
  const token = env.PROMPT_PERFECT_TOKEN || stored.token;
  const url = env.PROMPT_PERFECT_URL || stored.url;
  if (!token && !url) return undefined;
  if (!token)
    throw new Error('PROMPT_PERFECT_URL is set but no token: set PROMPT_PERFECT_TOKEN or run `prompt-perfect login`.');
  return { url: (url || DEFAULT_URL).replace(/\/+$/, ''), token };
}
