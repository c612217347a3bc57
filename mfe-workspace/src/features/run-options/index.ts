export { RunOptions } from './RunOptions';
