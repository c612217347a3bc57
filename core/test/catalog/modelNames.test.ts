import { expect, it } from 'vitest';
import { modelDisplayName } from '../../src/catalog/modelNames';

it('names a catalogue model by its catalogue name and any other model by its id', () => {
  expect(modelDisplayName('gpt-4o')).toBe('GPT-4o');
  expect(modelDisplayName('claude-3-5-haiku-20241022')).toBe('Claude 3.5 Haiku');
  expect(modelDisplayName('llama3.2:3b')).toBe('llama3.2:3b');
});
