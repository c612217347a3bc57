/** Which of the button's edges a drop-down menu lines up with. */
export type MenuAlignment = 'end' | 'start';

/** The space kept between a menu and the edge of the viewport, in CSS pixels. */
const VIEWPORT_MARGIN = 8;

/**
 * A menu lines up with its button's right edge and grows leftwards, unless that would push it past
 * the viewport's left edge and growing rightwards from the button's left edge fits.
 */
export function menuAlignment(
  button: { left: number; right: number },
  menuWidth: number,
  viewportWidth: number,
): MenuAlignment {
  if (button.right - menuWidth >= VIEWPORT_MARGIN) return 'end';
  return button.left + menuWidth <= viewportWidth - VIEWPORT_MARGIN ? 'start' : 'end';
}
