/** compile(): every {{variable}} filled in, or an error naming each one without a value. */
import { describe, expect, it } from 'vitest';
import { compile, MissingVariableError } from '../src/index';

describe('compile', () => {
  it('fills every variable, spaces inside braces allowed, values as text', () => {
    expect(compile('Hi {{name}}, you have {{ count }} new {{name}}-mails.', { name: 'Ada', count: 3 })).toBe(
      'Hi Ada, you have 3 new Ada-mails.',
    );
  });

  it('refuses a missing variable, naming all of them, and leaves nothing half-filled', () => {
    let error: unknown;
    try {
      compile('{{greeting}} {{name}} from {{team}}', { name: 'Ada' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(MissingVariableError);
    expect((error as MissingVariableError).missing).toEqual(['greeting', 'team']);
    expect((error as Error).message).toBe('No value for {{greeting}}, {{team}}: pass them to compile().');
  });

  it('an empty string is a value; a text without variables compiles as is', () => {
    expect(compile('[{{x}}]', { x: '' })).toBe('[]');
    expect(compile('plain', {})).toBe('plain');
  });
});
