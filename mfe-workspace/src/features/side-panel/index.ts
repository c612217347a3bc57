export { SidePanel } from './SidePanel';
