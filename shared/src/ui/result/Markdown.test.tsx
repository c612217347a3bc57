import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { Markdown } from './Markdown';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it('keeps the safe link schemes and renders blanked links (default urlTransform) as plain text', () => {
  const { container } = render(
    <Markdown
      text={
        '[x](javascript:alert(1)) [d](data:text/html,hi) [ok](https://example.com) [m](mailto:a@b.c) [rel](/docs) [ch](xmpp:a@b.c)'
      }
    />,
  );
  const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
  expect(hrefs).toEqual(['https://example.com', 'mailto:a@b.c', '/docs', 'xmpp:a@b.c']);
  // The neutralised links keep their text but are not links (an empty href would reload the page).
  expect(container).toHaveTextContent('x d ok');
  expect(container.querySelector('a[href=""]')).not.toBeInTheDocument();
  expect(container.innerHTML).not.toContain('javascript');
  expect(container.innerHTML).not.toContain('data:');
});

it('renders a blanked image as its alt text (or nothing), never <img src="">, without React warnings', () => {
  const warn = vi.spyOn(console, 'error').mockImplementation(() => {});
  const { container } = render(
    <Markdown
      text={
        '![evil](javascript:alert(2)) ![](javascript:alert(3)) ![data](data:image/png;base64,AAAA) ![ok](https://example.com/a.png)'
      }
    />,
  );
  const imgs = [...container.querySelectorAll('img')];
  expect(imgs.map((i) => [i.getAttribute('src'), i.getAttribute('alt')])).toEqual([
    ['https://example.com/a.png', 'ok'],
  ]);
  expect(container).toHaveTextContent('evil');
  expect(container).toHaveTextContent('data');
  expect(container.innerHTML).not.toContain('javascript');
  expect(warn).not.toHaveBeenCalled();
});

it('does not render raw HTML', () => {
  const { container } = render(<Markdown text={'<img src=x onerror="alert(1)"> **bold**'} />);
  expect(container.querySelector('img')).not.toBeInTheDocument();
  expect(container.querySelector('strong')?.textContent).toBe('bold');
});
