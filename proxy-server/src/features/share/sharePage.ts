/** Where the shell shows a share link (its page renders GET /api/shared/:token), and how it hides from crawlers. */
export const SHARE_PAGE_PATH = '/s';
export const NOINDEX = 'noindex, nofollow';
