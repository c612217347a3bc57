import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { ResultView } from './ResultView';

afterEach(cleanup);

const TEXT = '# Title\n\nUse **bold** words.';

it('shows Preview first, and Raw shows the exact text (what Copy copies)', async () => {
  render(<ResultView text={TEXT} model="claude-3-5-haiku-20241022" label="Output" />);
  const preview = screen.getByRole('button', { name: 'Preview' });
  const raw = screen.getByRole('button', { name: 'Raw' });
  expect(preview).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByRole('group', { name: 'Output view' })).toBeVisible();
  fireEvent.click(raw);
  expect(raw).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByTestId('result-text').querySelector('pre')?.textContent).toBe(TEXT);
});

it('names the model from the catalogue and labels the token count as an estimate', () => {
  render(<ResultView text={'x'.repeat(40)} model="claude-3-5-haiku-20241022" />);
  expect(screen.getByTestId('result-meta').textContent).toBe('Claude 3.5 Haiku · ≈ 10 tokens');
});

it('while streaming: no toggle and no count yet, the model still named', () => {
  render(<ResultView text="Partial" model="gpt-4o" streaming />);
  expect(screen.queryByRole('button', { name: 'Raw' })).not.toBeInTheDocument();
  expect(screen.getByTestId('result-meta').textContent).toBe('GPT-4o');
});

it('a preview counts the tokens of the whole text it stands for', () => {
  render(<ResultView text={'x'.repeat(40)} fullText={'x'.repeat(400)} />);
  expect(screen.getByTestId('result-meta').textContent).toBe('≈ 100 tokens');
});
