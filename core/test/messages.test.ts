import { describe, expect, it } from 'vitest';
import {
  aiServiceErrorText,
  claudeServiceErrorText,
  errorText,
  MSG,
  openAIApiErrorText,
  openAIResponseErrorText,
  providerNotConfigured,
  proxyConnectionMessage,
  proxyErrorText,
  refinementErrorText,
} from '../src/messages';

describe('messages, word for word (spec sections 5 and 8)', () => {
  it('validation', () => {
    expect(MSG.enterPrompt).toBe('Please enter a prompt to optimize.');
    expect(MSG.visitorEnterPrompt).toBe('Please enter a prompt to optimize');
    expect(MSG.selectTechnique).toBe('Please select an optimization technique.');
    expect(MSG.optimizeFirst).toBe('Please optimize a prompt first.');
    expect(MSG.enterTestInput).toBe('Please enter a test input.');
    expect(MSG.unsupportedProvider).toBe('Unsupported AI provider');
    expect(providerNotConfigured('OpenAI')).toBe('OpenAI API is not configured. Please contact the administrator.');
    expect(providerNotConfigured('Anthropic/Claude')).toBe(
      'Anthropic/Claude API is not configured. Please contact the administrator.',
    );
  });
  it('outputs and wrappers', () => {
    expect(errorText('boom')).toBe('Error: boom');
    expect(refinementErrorText('boom')).toBe('Error during refinement: boom');
    expect(proxyErrorText(502)).toBe('Proxy Error: 502');
    expect(proxyConnectionMessage(true)).toBe(
      'Claude proxy server is not running. Please start it with: npm start (its settings are in the README, under Configuration)',
    );
    expect(proxyConnectionMessage(false)).toBe('Claude service is temporarily unavailable. Please try again later.');
    expect(claudeServiceErrorText('x')).toBe('Claude Service Error: x');
    expect(aiServiceErrorText('x')).toBe('AI Service Error: x');
    expect(openAIApiErrorText('x')).toBe('OpenAI API Error: x');
    expect(openAIResponseErrorText('bad key')).toBe('OpenAI API error: bad key');
    expect(openAIResponseErrorText(undefined)).toBe('OpenAI API error: Unknown error');
    expect(openAIResponseErrorText('')).toBe('OpenAI API error: Unknown error');
    expect(MSG.invalidOpenAIResponse).toBe('Invalid response from OpenAI API');
    expect(MSG.openAIKeyNotConfigured).toBe('OpenAI API key not configured');
  });
  it('busy labels', () => {
    expect(MSG.perfecting).toBe('Perfecting...');
    expect(MSG.enhancing).toBe('Enhancing...');
    expect(MSG.loadingAuthentication).toBe('Loading authentication...');
  });
});
