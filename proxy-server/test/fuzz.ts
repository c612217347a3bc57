/** A small seeded fuzzer of hostile requests (mulberry32, so a failure can be replayed by seed). */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
  return { next, int, pick };
}
export type Rng = ReturnType<typeof rng>;

const WEIRD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\t\n\r',
  '<script>alert(1)</script>',
  "'; DROP TABLE sessions; --",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal template-looking string is the point of this input.
  '${process.env.OPENAI_API_KEY}',
  '../../etc/passwd',
  '\uD800',
  '😀'.repeat(50),
  'constructor',
  '__proto__',
  'a'.repeat(5000),
];

function randomValue(r: Rng, depth = 0): unknown {
  switch (r.int(depth > 3 ? 6 : 9)) {
    case 0:
      return null;
    case 1:
      return r.next() < 0.5;
    case 2:
      return r.pick([0, -1, 1e308, -0, 3.14, Number.MAX_SAFE_INTEGER]);
    case 3:
      return r.pick(WEIRD_STRINGS);
    case 4:
      return 'x'.repeat(r.int(100));
    case 5:
      return r.pick(['openai', 'anthropic', 'local', 'OPENAI', 'gemini']);
    case 6:
      return Array.from({ length: r.int(5) }, () => randomValue(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(5); i > 0; i--)
        o[r.pick(['provider', 'model', 'prompt', 'name', 'email', '__proto__', 'constructor', 'x'])] = randomValue(
          r,
          depth + 1,
        );
      return o;
    }
  }
}

/** Each body is built to be invalid for its endpoint (a valid one would legitimately succeed). */
export function invalidBodyFor(path: string, r: Rng): unknown {
  const v = () => randomValue(r);
  const notText = () => r.pick<unknown>([undefined, null, 42, true, [], {}, '', '   ', ['a']]);
  switch (path) {
    case '/api/generate': {
      const body: Record<string, unknown> = {
        provider: r.pick(['openai', 'anthropic', 'x']),
        model: r.pick(['gpt-4o', 'claude-3-opus-20240229', 'nope']),
        systemPrompt: 'sys',
        userPrompt: 'user',
      };
      const broken = r.pick(['provider', 'model', 'systemPrompt', 'userPrompt']);
      body[broken] =
        broken === 'provider'
          ? r.pick<unknown>(['gemini', 42, null, '', undefined])
          : broken === 'systemPrompt'
            ? r.pick<unknown>([42, null, [], undefined])
            : notText();
      return r.next() < 0.2 ? v() : body;
    }
    case '/api/claude': {
      const body: Record<string, unknown> = { model: 'claude-3-opus-20240229', systemPrompt: 's', userPrompt: 'u' };
      const field = r.pick(['model', 'userPrompt']);
      body[field] = field === 'model' ? r.pick<unknown>([undefined, null, 1, '', 'gpt-4o', ['x']]) : notText();
      return r.next() < 0.2 ? v() : body;
    }
    case '/api/trial/optimize':
      return r.pick<unknown>([{ prompt: notText() }, {}, [], v() && { prompt: { nested: v() } }, { prompt: 12 }, null]);
    case '/api/auth/local/sign-in':
      return r.pick<unknown>([
        { name: '', email: 'a@b.co' },
        { name: 'x'.repeat(81 + r.int(100)), email: 'a@b.co' },
        { name: 'Ada', email: r.pick(['', 'nope', '@x', 'a@', 42, null]) },
        { name: notText(), email: 'a@b.co' },
        v(),
      ]);
    default:
      return v();
  }
}
