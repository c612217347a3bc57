import { useRef, useState } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PromptCheck } from '@prompt-perfect/shared/ui/promptCheck/PromptCheck';
import { PromptUnderlines, segments } from '@prompt-perfect/shared/ui/promptCheck/PromptUnderlines';
import { usePromptCheck } from '@prompt-perfect/shared/ui/promptCheck/usePromptCheck';
import { lintPrompt } from '@prompt-perfect/core/lint/index';

function Box({ initial = '' }: { initial?: string }) {
  const [text, setText] = useState(initial);
  const area = useRef<HTMLTextAreaElement>(null);
  const check = usePromptCheck(text);
  return (
    <div style={{ position: 'relative' }}>
      <textarea ref={area} aria-label="Prompt" value={text} onChange={(e) => setText(e.target.value)} />
      <PromptUnderlines check={check} current={text} target={area} />
      <PromptCheck check={check} current={text} onFix={setText} />
    </div>
  );
}

const box = () => screen.getByRole('textbox', { name: 'Prompt' }) as HTMLTextAreaElement;

describe('Prompt check strip', () => {
  afterEach(cleanup);

  it('shows nothing for an empty box; a polite live count once typing pauses; each finding with Why? and its guidance', async () => {
    render(<Box />);
    expect(screen.queryByRole('region', { name: 'Prompt check of your prompt' })).not.toBeInTheDocument();
    fireEvent.change(box(), { target: { value: 'Use a friendly tone. Write 3 bullet points. Use a friendly tone.' } });
    const strip = await screen.findByRole('region', { name: 'Prompt check of your prompt' });
    // Until the first check has run, the strip does not claim there is nothing to report.
    expect(within(strip).getByText('Checking…')).toBeVisible();
    const count = await within(strip).findByText('1 finding');
    expect(count.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    const item = within(strip).getByRole('listitem');
    expect(item).toHaveAttribute('data-rule', 'duplicate-instruction');
    expect(within(item).getByText('Warning')).toBeVisible();
    const link = within(item).getByRole('link', { name: 'The guidance this follows' });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/docs\.anthropic\.com\//);
  });

  it('Fix is disabled while the check lags behind the typing, then previews its edit, and Apply makes it', async () => {
    render(<Box initial="Use a friendly tone. Write 3 bullet points. Use a friendly tone." />);
    const fix = await screen.findByRole('button', { name: 'Fix: Remove the repeat' });
    fireEvent.change(box(), { target: { value: `${box().value} ` } });
    expect(screen.getByRole('button', { name: 'Fix: Remove the repeat' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Fix: Remove the repeat' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Fix: Remove the repeat' }));
    // The preview first: the box is unchanged, the words to go are shown struck out, Apply has focus.
    const preview = screen.getByRole('group', { name: 'Preview: Remove the repeat' });
    expect(box().value).toBe('Use a friendly tone. Write 3 bullet points. Use a friendly tone. ');
    expect(preview.querySelector('del')?.textContent).toBe(' Use a friendly tone.');
    expect(preview).toHaveTextContent('After… a friendly tone. Write 3 bullet points. Apply fix');
    expect(document.activeElement).toBe(within(preview).getByRole('button', { name: 'Apply fix' }));
    fireEvent.click(within(preview).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Preview: Remove the repeat' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Fix: Remove the repeat' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply fix' }));
    expect(box().value).toBe('Use a friendly tone. Write 3 bullet points. ');
    await screen.findByText('No issues found');
    expect(fix.isConnected).toBe(false);
  });

  it('underlines the finding in place, hidden from assistive technology, and not while the check lags', async () => {
    render(<Box initial="Give me some ideas for a party, as a list." />);
    const layer = await screen.findByTestId('prompt-underlines');
    expect(layer).toHaveAttribute('aria-hidden', 'true');
    expect(layer.textContent).toBe('Give me some ideas for a party, as a list.\u200b');
    const marked = layer.querySelector('[data-severity]')!;
    expect([marked.textContent, marked.getAttribute('data-severity')]).toEqual(['some', 'info']);
    fireEvent.change(box(), { target: { value: 'Give me some ideas for a party, as a list!' } });
    expect(screen.getByTestId('prompt-underlines').style.visibility).toBe('hidden');
  });
});

describe('segments', () => {
  it('cuts the text at finding edges and marks each piece with the strongest finding over it', () => {
    const text = 'Be concise. Explain every step in great detail. Give me some ideas.';
    const s = segments(text, lintPrompt(text));
    expect(s.map((x) => x.text).join('')).toBe(text);
    expect(s.filter((x) => x.severity).map((x) => [x.text, x.severity])).toEqual([
      ['Be concise', 'info'],
      ['in great detail', 'warning'],
      ['some', 'info'],
    ]);
  });
});
