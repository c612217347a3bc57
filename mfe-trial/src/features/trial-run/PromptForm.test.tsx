import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@prompt-perfect/core/messages';
import { PromptForm } from './PromptForm';

const box = () => screen.getByRole('textbox', { name: 'Your prompt' });

describe('PromptForm', () => {
  afterEach(cleanup);

  it('is disabled with an empty box, while busy (Perfecting...) and with no trials left', () => {
    const { rerender } = render(<PromptForm busy={false} exhausted={false} onRun={() => {}} />);
    expect(screen.getByRole('button', { name: 'Perfect' })).toBeDisabled();
    fireEvent.change(box(), { target: { value: 'x' } });
    expect(screen.getByRole('button', { name: 'Perfect' })).toBeEnabled();
    rerender(<PromptForm busy exhausted={false} onRun={() => {}} />);
    expect(screen.getByRole('button', { name: MSG.perfecting })).toBeDisabled();
    rerender(<PromptForm busy={false} exhausted onRun={() => {}} />);
    expect(screen.getByRole('button', { name: 'Perfect' })).toBeDisabled();
  });

  it('whitespace-only input gives the visitor message and does not run', () => {
    const onRun = vi.fn();
    render(<PromptForm busy={false} exhausted={false} onRun={onRun} />);
    fireEvent.change(box(), { target: { value: '  \n\t ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Perfect' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a prompt to optimize');
    expect(box()).toHaveAttribute('aria-invalid', 'true');
    expect(onRun).not.toHaveBeenCalled();
    fireEvent.change(box(), { target: { value: 'now a task' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Ctrl+Enter and Cmd+Enter run Perfect; plain Enter types a new line', () => {
    const onRun = vi.fn();
    render(<PromptForm busy={false} exhausted={false} onRun={onRun} />);
    fireEvent.change(box(), { target: { value: 'a task' } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(onRun).not.toHaveBeenCalled();
    fireEvent.keyDown(box(), { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(box(), { key: 'Enter', metaKey: true });
    expect(onRun).toHaveBeenCalledTimes(2);
    expect(onRun).toHaveBeenCalledWith('a task');
  });
});

describe('PromptForm prompt check', () => {
  afterEach(cleanup);

  it('lists findings under the box once typing pauses, and Fix edits the prompt in the box', async () => {
    render(<PromptForm busy={false} exhausted={false} onRun={() => {}} />);
    fireEvent.change(box(), { target: { value: 'Give me some ideas for a party, as a list.' } });
    const strip = await screen.findByRole('region', { name: 'Prompt check of your prompt' });
    await waitFor(() => expect(within(strip).getByText('1 finding')).toBeVisible());
    expect(within(strip).getByText('"some ideas" does not say how many.')).toBeVisible();
    expect(within(strip).getByText('Why?').closest('details')).toBeInTheDocument();
    fireEvent.click(within(strip).getByRole('button', { name: 'Fix: Ask for 5' }));
    expect((box() as HTMLTextAreaElement).value).toBe('Give me some ideas for a party, as a list.');
    fireEvent.click(within(strip).getByRole('button', { name: 'Apply fix' }));
    expect((box() as HTMLTextAreaElement).value).toBe('Give me 5 ideas for a party, as a list.');
    await waitFor(() => expect(within(strip).getByText('No issues found')).toBeVisible());
  });
});
