/** Moved to reading/; this path stays until the constraint rules import from there. */
export * from './reading/phrases';
