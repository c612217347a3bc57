import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Markdown } from './Markdown';

afterEach(cleanup);

it('blanks unsafe link and image URLs and keeps the safe schemes (default urlTransform)', () => {
  const { container } = render(
    <Markdown text={'[x](javascript:alert(1)) [d](data:text/html,hi) [ok](https://example.com) [m](mailto:a@b.c) [rel](/docs) ![i](javascript:alert(2))'} />,
  );
  const hrefs = [...container.querySelectorAll('a')].map((a) => a.getAttribute('href'));
  expect(hrefs).toEqual(['', '', 'https://example.com', 'mailto:a@b.c', '/docs']);
  // React drops an empty src altogether.
  expect(['', null]).toContain(container.querySelector('img')?.getAttribute('src'));
  expect(container.innerHTML).not.toContain('javascript');
});

it('does not render raw HTML', () => {
  const { container } = render(<Markdown text={'<img src=x onerror="alert(1)"> **bold**'} />);
  expect(container.querySelector('img')).toBeNull();
  expect(container.querySelector('strong')?.textContent).toBe('bold');
});
