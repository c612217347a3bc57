export { OutputPane } from './OutputPane';
