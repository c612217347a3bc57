import { describe, expect, it } from 'vitest';
import { validateContinueBuilding, validateOptimizeInput, validateTestInput } from '../../src/prompt/validation';

describe('validation (spec section 5)', () => {
  it('Perfect: input first, then technique', () => {
    expect(validateOptimizeInput({ input: '   ', technique: 'zero-shot' })).toBe('Please enter a prompt to optimize.');
    expect(validateOptimizeInput({ input: '', technique: '' })).toBe('Please enter a prompt to optimize.');
    expect(validateOptimizeInput({ input: 'a task', technique: '' })).toBe('Please select an optimization technique.');
    expect(validateOptimizeInput({ input: 'a task', technique: null })).toBe(
      'Please select an optimization technique.',
    );
    expect(validateOptimizeInput({ input: 'a task', technique: 'few-shot' })).toBeNull();
  });
  it('Test: optimized prompt first, then test input', () => {
    expect(validateTestInput({ optimizedPrompt: '', testInput: 'x' })).toBe('Please optimize a prompt first.');
    expect(validateTestInput({ optimizedPrompt: 'p', testInput: ' ' })).toBe('Please enter a test input.');
    expect(validateTestInput({ optimizedPrompt: 'p', testInput: 'x' })).toBeNull();
  });
  it('Continue Building needs non-empty text', () => {
    expect(validateContinueBuilding('  ')).not.toBeNull();
    expect(validateContinueBuilding('add a word limit')).toBeNull();
  });
});
